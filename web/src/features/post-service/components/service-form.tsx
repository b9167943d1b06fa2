// The listing form (SPEC §4, §5, §8): posts a new service, or saves changes to one of the seller's.
import { useState } from 'react';
import { Link, useNavigate } from 'react-router-dom';
import { Button, buttonClass } from '@/components/ui/button';
import { FormAlert, TextField } from '@/components/ui/form-field';
import { TextareaField } from '@/components/ui/textarea-field';
import { useToast } from '@/components/ui/toast';
import { categories, findCategory } from '@/config/categories';
import { listingRules } from '@/config/listing-rules';
import { paths } from '@/config/paths';
import { apiFieldErrors } from '@/lib/api-client';
import { formatPriceRange } from '@/lib/format';
import { t } from '@/lib/i18n';
import { useIdempotentSubmissions } from '@/lib/idempotency';
import { lengthLabel } from '@/lib/lengths';
import { useOffline } from '@/lib/online';
import { cleanPhoneNumber } from '@/lib/phone';
import { photoDataUrl } from '@/lib/photos';
import { readSession } from '@/lib/session';
import { useForm } from '@/lib/use-form';
import { failedOffline, useSubmission } from '@/lib/use-submission';
import type { ServiceDto } from '@/types/api';
import { createService, updateService, type ServicePayload } from '../api/save-service';
import type { ListingPhotoItem } from '../photos';
import {
  checkMenu,
  firstMenuMessage,
  MAX_DIRECTIONS,
  menuPriceRange,
  parsePrice,
  SERVICE_LENGTHS,
  SERVICE_RADII,
  serviceSchema,
  splitServerErrors,
  type MenuRow,
  type ServiceValues,
} from '../validation';
import {
  keepUneditedMessages,
  MenuEditor,
  NO_SERVER_MENU_MESSAGES,
  serverMenuMessages,
  type ServerMenuMessages,
} from './menu-editor';
import { PhotoPicker } from './photo-picker';
import { PlaceField } from './place-field';
import { SelectField } from './select-field';
import './post-service.css';

export const formMessages = {
  posted: t('Service posted successfully!'),
  postFailed: t('Failed to post service'),
  updated: t('Service updated successfully!'),
  updateFailed: t('Failed to update service'),
  noToken: t('No authentication token found'),
  // Without a connection (issue 21: offline use): the form keeps everything entered.
  offline: t('You are offline. You can keep filling in the form and send it once you are back online.'),
  postOffline: t(
    'You are offline. Your service was not posted: what you entered is still here, so post it again once you are back online.',
  ),
  updateOffline: t(
    'You are offline. Your changes were not saved: they are still here, so save them again once you are back online.',
  ),
} as const;

interface ServiceFormProps {
  /** The listing being edited; none when posting a new one. */
  editing?: { id: string };
  initialValues: ServiceValues;
  photoLimit: number;
  packageName: string;
}

export function ServiceForm({ editing, initialValues, photoLimit, packageName }: ServiceFormProps) {
  const navigate = useNavigate();
  const toast = useToast();
  const form = useForm<ServiceValues>(serviceSchema, initialValues);
  const submissions = useIdempotentSubmissions();
  const offlineMessage = editing ? formMessages.updateOffline : formMessages.postOffline;
  const { busy, submit } = useSubmission<ServiceDto>(
    editing ? formMessages.updateFailed : formMessages.postFailed,
    offlineMessage,
  );
  const offline = useOffline();
  // Server answers about something that is not a field of this form.
  const [formErrors, setFormErrors] = useState<string[]>([]);
  // The server's answers about the menu's rows, shown at each row until its field is edited.
  const [serverMenu, setServerMenu] = useState<ServerMenuMessages>(NO_SERVER_MENU_MESSAGES);
  const { values, errors, field, setValue } = form;
  const subcategories = findCategory(values.category)?.links ?? [];
  // The rules' messages at each row, once the form has been sent (the form's "options" message says
  // that one is wrong), over the server's.
  const checkedMenu = errors.options ? checkMenu(values.options) : undefined;
  const menuRowMessages = values.options.map((row, index) => ({
    ...serverMenu.rows[row.key],
    ...checkedMenu?.rows[index],
  }));
  const menuRange = menuPriceRange(values.options);
  // An edit that empties the listing's menu says so ([]); one that never had a menu, or a new listing, sends none.
  const hadMenu = initialValues.options.length > 0;
  const submitLabel = editing
    ? busy
      ? t('Saving...')
      : t('Save changes')
    : busy
      ? t('Posting...')
      : t('Post Service');

  const onSubmit = form.handleSubmit((input) => {
    if (busy) return;
    // The api client sends the stored token; without one the server could only refuse.
    if (!readSession()?.token) {
      toast.error(formMessages.noToken);
      return;
    }
    setFormErrors([]);
    submit(
      async () => {
        const fields = payloadFields(input, hadMenu);
        const images = await Promise.all(
          input.photos.flatMap((photo) =>
            photo.kind === 'new' ? [photoDataUrl(photo.file).then((data) => ({ data, name: photo.file.name }))] : [],
          ),
        );
        if (editing) {
          const keepMedia = input.photos.flatMap((photo) => (photo.kind === 'stored' ? [photo.key] : []));
          return updateService(editing.id, { ...fields, images, keepMedia });
        }
        const payload: ServicePayload = { ...fields, images };
        return createService(payload, submissions.keyFor(payload));
      },
      {
        onDone: (saved) => {
          submissions.settle();
          toast.success(editing ? formMessages.updated : formMessages.posted);
          // A new listing is shown where buyers will see it, not lost in All Services.
          void navigate(editing ? paths.account.getHref() : paths.service.getHref(saved._id));
        },
        onFailed: (message, error) => {
          submissions.settle(error);
          const { fields, menu, others } = splitServerErrors(apiFieldErrors(error));
          setServerMenu(serverMenuMessages(menu, input.options));
          const menuMessage = firstMenuMessage(menu);
          // The menu's "field" carries one of them, so that the form focuses the first row marked.
          form.setFieldErrors(menuMessage ? { ...fields, options: menuMessage } : fields);
          // Offline, the message stays above the form too: a notice goes, the form may be long.
          setFormErrors(failedOffline(error) ? [message] : others);
          toast.error(message);
        },
      },
    );
  });

  function changeMenu(rows: MenuRow[]) {
    setServerMenu((current) => keepUneditedMessages(current, values.options, rows));
    setValue('options', rows);
  }

  return (
    <form className="service-form card" noValidate aria-busy={busy} onSubmit={onSubmit}>
      {offline && (
        <p className="post-service__notice" role="status">
          {formMessages.offline}
        </p>
      )}
      {formErrors.length > 0 && (
        <FormAlert>
          {formErrors.map((message, index) => (
            <span key={index} className="form-alert__line">
              {message}
            </span>
          ))}
        </FormAlert>
      )}

      <TextField
        label={t('Service name')}
        placeholder={t('e.g. Knotless braids at your home')}
        autoComplete="off"
        maxLength={listingRules.name.max}
        {...field('serviceName')}
      />

      {values.options.length > 0 ? (
        // The menu prices the listing: its range, as buyers' cards show it, instead of two prices to type.
        <div className="service-form__menu-range">
          <p>
            <span className="field__label">{t('Price range:')}</span>{' '}
            {menuRange && <strong>{formatPriceRange(menuRange.min, menuRange.max)}</strong>}
          </p>
          <p className="field__hint">{t('Set by your service menu: from its cheapest to its dearest service.')}</p>
        </div>
      ) : (
        <fieldset className="service-form__group">
          <legend className="field__label">{t('Price range (Ksh)')}</legend>
          <div className="service-form__pair service-form__pair--always">
            <TextField
              label={t('Minimum price')}
              inputMode="numeric"
              autoComplete="off"
              placeholder={t('e.g. 1500')}
              {...field('minPrice')}
            />
            <TextField
              label={t('Maximum price')}
              inputMode="numeric"
              autoComplete="off"
              placeholder={t('e.g. 4500')}
              {...field('maxPrice')}
            />
          </div>
        </fieldset>
      )}

      <MenuEditor
        rows={values.options}
        onChange={changeMenu}
        messages={menuRowMessages}
        error={checkedMenu?.menu ?? serverMenu.menu}
      />

      <div className="service-form__pair">
        <PlaceField
          location={values.location}
          place={values.place}
          error={errors.location}
          onType={(location) => {
            setValue('location', location);
            setValue('place', null);
          }}
          onPlace={(place, location) => {
            setValue('location', location);
            setValue('place', place);
          }}
        />
        <TextField
          label={t('Phone number')}
          type="tel"
          inputMode="tel"
          autoComplete="tel"
          placeholder="0712 345 678"
          hint={t('Buyers reach you on WhatsApp and by phone at this number.')}
          {...field('phoneNumber')}
        />
      </div>
      <TextareaField
        label={t('Directions (optional)')}
        rows={2}
        maxLength={MAX_DIRECTIONS}
        placeholder={t('e.g. Upstairs above Naivas, 2nd floor, blue door')}
        hint={t('How to find you once there: the floor, the door, a landmark.')}
        name="directions"
        value={values.directions}
        error={errors.directions}
        onChange={(event) => setValue('directions', event.target.value)}
      />

      <div className="service-form__pair">
        <SelectField
          label={t('Category')}
          name="category"
          placeholder={t('Choose a category')}
          value={values.category}
          error={errors.category}
          onChange={(event) => {
            setValue('category', event.target.value);
            // A subcategory belongs to one category: a new category starts without one (SPEC §5).
            setValue('subcategory', '');
          }}
        >
          {categories.map((category) => (
            <option key={category.id} value={category.id}>
              {category.label}
            </option>
          ))}
        </SelectField>
        <SelectField
          label={t('Subcategory')}
          name="subcategory"
          placeholder={values.category ? t('Choose a subcategory') : t('Choose a category first')}
          value={values.subcategory}
          error={errors.subcategory}
          disabled={!values.category}
          onChange={(event) => setValue('subcategory', event.target.value)}
        >
          {subcategories.map((subcategory) => (
            <option key={subcategory.slug} value={subcategory.slug}>
              {subcategory.label}
            </option>
          ))}
        </SelectField>
      </div>

      <SelectField
        label={t('Service length')}
        name="durationMinutes"
        placeholder={t('Choose how long it takes')}
        hint={t('How long one booking takes: customers can only book times this long inside your working hours.')}
        value={values.durationMinutes}
        error={errors.durationMinutes}
        onChange={(event) => setValue('durationMinutes', event.target.value)}
      >
        {SERVICE_LENGTHS.map((minutes) => (
          <option key={minutes} value={String(minutes)}>
            {lengthLabel(minutes)}
          </option>
        ))}
      </SelectField>

      <SelectField
        label={t('Do you travel to customers?')}
        name="servesRadiusKm"
        hint={t('Customers within this distance of your location see that you come to them.')}
        value={values.servesRadiusKm}
        error={errors.servesRadiusKm}
        onChange={(event) => setValue('servesRadiusKm', event.target.value)}
      >
        {SERVICE_RADII.map((km) => (
          <option key={km} value={String(km)}>
            {km === 0 ? t('No, customers come to me') : t('Yes, up to {km} km', { km })}
          </option>
        ))}
      </SelectField>

      <TextareaField
        label={t('Description')}
        rows={6}
        maxLength={listingRules.description.max}
        placeholder={t('What you offer, how long it takes, what is included and where you work.')}
        hint={t('At least 30 characters.')}
        name="description"
        value={values.description}
        error={errors.description}
        onChange={(event) => setValue('description', event.target.value)}
      />

      <PhotoPicker
        photos={values.photos}
        onChange={(photos: ListingPhotoItem[]) => setValue('photos', photos)}
        limit={photoLimit}
        packageName={packageName}
        error={errors.photos}
      />

      <div className="service-form__actions">
        <Button type="submit" size="lg" disabled={busy} className="service-form__submit">
          {submitLabel}
        </Button>
        {editing && (
          <Link to={paths.account.getHref()} className={buttonClass({ variant: 'ghost', size: 'lg' })}>
            {t('Cancel')}
          </Link>
        )}
      </div>
    </form>
  );
}

/**
 * The form's text fields as the server reads them (SPEC §3): trimmed, prices in whole shillings. With a
 * menu, its services (those stored with their ids, which they keep) and no prices: the menu prices the
 * listing. Without one, the prices, and `[]` when the edited listing had a menu (it goes).
 */
function payloadFields(input: ServiceValues, hadMenu: boolean): Omit<ServicePayload, 'images'> {
  // The rules passed, so every price is a number.
  const options = input.options.map((row) => ({
    ...(row.id ? { id: row.id } : {}),
    name: row.name.trim(),
    priceKsh: parsePrice(row.priceKsh) ?? 0,
    durationMinutes: Number(row.durationMinutes),
  }));
  const pricing =
    options.length > 0
      ? { options }
      : {
          minPrice: parsePrice(input.minPrice) ?? 0,
          maxPrice: parsePrice(input.maxPrice) ?? 0,
          ...(hadMenu ? { options: [] } : {}),
        };
  return {
    name: input.serviceName.trim(),
    ...pricing,
    location: input.location.trim(),
    // '': the server places the listing by its location text.
    placeId: input.place?.id ?? '',
    servesRadiusKm: Number(input.servesRadiusKm),
    phoneNumber: cleanPhoneNumber(input.phoneNumber) ?? input.phoneNumber.trim(),
    category: input.category,
    subcategory: input.subcategory,
    description: input.description.trim(),
    directions: input.directions.trim(),
    durationMinutes: Number(input.durationMinutes),
  };
}
