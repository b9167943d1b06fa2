// A team member's form: their name, phone and photo, the seller's services they do, the
// provider's working hours or a week of their own (the working hours' week editor), their days off, and
// whether they take bookings. The server checks every rule and answers per field, shown in place; a change that
// leaves upcoming bookings without them is asked about first (upcoming-bookings.tsx).
import { useEffect, useId, useRef, useState } from 'react';
import { Button } from '@/components/ui/button';
import { Checkbox, FormAlert, TextField } from '@/components/ui/form-field';
import { apiErrorMessage, apiFieldErrors } from '@/lib/api-client';
import { t } from '@/lib/i18n';
import type { RequestState } from '@/lib/use-request';
import type { TeamMember, TeamMemberInput, Week } from '@/types/api';
import { addTeamMember, saveTeamMember, type UpcomingBookings } from '../api/team';
import { MemberPhotoField } from './member-photo-field';
import type { MemberChange } from './upcoming-bookings';
import { useFocusFirstInvalid } from './use-focus-invalid';
import { DaysOffEditor, WeekEditor } from './week-editor';

export const MEMBER_SAVE_FAILED = t('Failed to save the team member. Please try again.');

/** One of the seller's listings, as the form offers it. */
export interface TeamListing {
  id: string;
  name: string;
}

const day: [string, string][] = [['08:00', '18:00']];
/** A week of their own starts as the days a new day opens with (the week editor's 08:00–18:00), Sunday off. */
const FIRST_OWN_WEEK: Week = { mon: day, tue: day, wed: day, thu: day, fri: day, sat: day, sun: [] };

interface Draft {
  name: string;
  phone: string;
  /** Their stored photo's URL, a picked photo's data URL, or null for none. */
  photo: string | null;
  listingIds: string[];
  ownHours: boolean;
  /** Kept while they work the provider's hours, so switching back finds it. */
  week: Week;
  daysOff: string[];
  active: boolean;
}

function draftOf(member: TeamMember | null): Draft {
  return {
    name: member?.name ?? '',
    phone: member?.phone ?? '',
    photo: member?.photo ?? null,
    listingIds: member?.listingIds ?? [],
    ownHours: Boolean(member?.weekly),
    week: member?.weekly ?? FIRST_OWN_WEEK,
    daysOff: member?.daysOff ?? [],
    active: member?.active ?? true,
  };
}

interface TeamMemberFormProps {
  /** null: a new member. */
  member: TeamMember | null;
  listings: RequestState<readonly TeamListing[]> & { retry: () => void };
  /** Sends the change, asking about upcoming bookings when the server says so. */
  sendChange: (change: MemberChange<TeamMember>) => void;
  onSaved: (member: TeamMember, upcoming?: UpcomingBookings) => void;
  onCancel: () => void;
}

export function TeamMemberForm({ member, listings, sendChange, onSaved, onCancel }: TeamMemberFormProps) {
  const [draft, setDraft] = useState(() => draftOf(member));
  const [errors, setErrors] = useState<Record<string, string>>({});
  const [failure, setFailure] = useState<string | null>(null);
  const [saving, setSaving] = useState(false);
  const [readingPhoto, setReadingPhoto] = useState(false);
  const [formId, focusFirstInvalid] = useFocusFirstInvalid();
  const titleId = useId();
  const hoursName = useId();
  const activeHintId = useId();
  const listingsErrorId = useId();
  const nameRef = useRef<HTMLDivElement>(null);

  // Opened: the keyboard goes on in the form, at its first field.
  useEffect(() => {
    nameRef.current?.querySelector('input')?.focus();
  }, []);

  const set = <Field extends keyof Draft>(field: Field, value: Draft[Field]) => setDraft((d) => ({ ...d, [field]: value }));

  function save() {
    if (saving || readingPhoto) return;
    // A service deleted since they were given it is dropped with it.
    const known = listings.status === 'success' ? new Set(listings.data.map((listing) => listing.id)) : null;
    const body: TeamMemberInput = {
      name: draft.name.trim(),
      phone: draft.phone.trim(),
      listingIds: known ? draft.listingIds.filter((id) => known.has(id)) : draft.listingIds,
      weekly: draft.ownHours ? draft.week : null,
      daysOff: draft.daysOff,
      active: draft.active,
    };
    // Sent only when changed: a picked photo's data URL, or "" for none; left out, the server keeps theirs.
    const photo = draft.photo ?? '';
    if (photo !== (member?.photo ?? '')) body.photo = photo;
    setSaving(true);
    setFailure(null);
    sendChange({
      memberId: member?.id ?? '',
      send: (upcoming) => (member ? saveTeamMember(member.id, body, upcoming) : addTeamMember(body)),
      onDone: (saved, upcoming) => onSaved(saved, upcoming),
      onFailed: (error) => {
        setSaving(false);
        const fields = apiFieldErrors(error);
        setErrors(fields);
        setFailure(apiErrorMessage(error) ?? MEMBER_SAVE_FAILED);
        if (Object.keys(fields).length > 0) focusFirstInvalid();
      },
      onAsked: () => setSaving(false),
      // The Save button, or the field Enter was pressed in.
      returnFocus: document.activeElement instanceof HTMLElement ? document.activeElement : null,
    });
  }

  return (
    <form
      id={formId}
      className="team-form"
      aria-labelledby={titleId}
      noValidate
      onSubmit={(event) => {
        event.preventDefault();
        save();
      }}
    >
      <h3 id={titleId} className="team-form__title">
        {member ? t('Edit {name}', { name: member.name }) : t('Add a team member')}
      </h3>

      <div ref={nameRef}>
        <TextField
          label={t('Name')}
          name="name"
          autoComplete="off"
          value={draft.name}
          error={errors.name}
          onChange={(event) => set('name', event.target.value)}
        />
      </div>
      <TextField
        label={t('Phone number (optional)')}
        name="phone"
        type="tel"
        inputMode="tel"
        autoComplete="off"
        hint={t('Their own number, for the SMS of their bookings.')}
        value={draft.phone}
        error={errors.phone}
        onChange={(event) => set('phone', event.target.value)}
      />
      <MemberPhotoField
        name={draft.name}
        photo={draft.photo}
        error={errors.photo}
        onBusy={setReadingPhoto}
        onChange={(photo) => {
          set('photo', photo);
          // The server's message was about the photo that is gone now.
          setErrors((current) => Object.fromEntries(Object.entries(current).filter(([field]) => field !== 'photo')));
        }}
      />

      <fieldset className="team-form__group" aria-describedby={errors.listingIds ? listingsErrorId : undefined}>
        <legend className="team-form__legend">{t('Services they do')}</legend>
        {listings.status === 'loading' && (
          <p role="status" className="team-form__note">
            {t('Loading your services…')}
          </p>
        )}
        {listings.status === 'error' && (
          <div role="alert" className="team-form__note">
            <p>{t('Failed to load your services. Please try again.')}</p>
            <Button variant="secondary" onClick={listings.retry}>
              {t('Try Again')}
            </Button>
          </div>
        )}
        {listings.status === 'success' && listings.data.length === 0 && (
          <p className="team-form__note">{t('Post a service first: a member does at least one of your services.')}</p>
        )}
        {listings.status === 'success' &&
          listings.data.map((listing) => (
            <Checkbox
              key={listing.id}
              name="listingIds"
              label={listing.name}
              checked={draft.listingIds.includes(listing.id)}
              aria-invalid={errors.listingIds ? true : undefined}
              onChange={(event) =>
                set(
                  'listingIds',
                  event.target.checked ? [...draft.listingIds, listing.id] : draft.listingIds.filter((id) => id !== listing.id),
                )
              }
            />
          ))}
        {errors.listingIds && (
          <p id={listingsErrorId} className="field__error">
            {errors.listingIds}
          </p>
        )}
      </fieldset>

      <fieldset className="team-form__group">
        <legend className="team-form__legend">{t('Their hours')}</legend>
        <label className="checkbox">
          <input type="radio" className="checkbox__input" name={hoursName} checked={!draft.ownHours} onChange={() => set('ownHours', false)} />
          <span>{t('Works your hours')}</span>
        </label>
        <label className="checkbox">
          <input type="radio" className="checkbox__input" name={hoursName} checked={draft.ownHours} onChange={() => set('ownHours', true)} />
          <span>{t('Their own week')}</span>
        </label>
        <p className="field__hint">{t('They take bookings only when both your working hours and theirs say so.')}</p>
      </fieldset>
      {draft.ownHours && (
        <WeekEditor legend={t('Their week')} week={draft.week} errors={errors} onChange={(week) => set('week', week)} />
      )}

      <DaysOffEditor daysOff={draft.daysOff} error={errors.daysOff} onChange={(daysOff) => set('daysOff', daysOff)} />

      <div className="team-form__active">
        <Checkbox
          name="active"
          role="switch"
          label={t('Takes bookings')}
          checked={draft.active}
          aria-describedby={activeHintId}
          onChange={(event) => set('active', event.target.checked)}
        />
        <p id={activeHintId} className="field__hint">
          {t('Paused, they take no new bookings; their upcoming ones are moved or cancelled only as you choose.')}
        </p>
      </div>

      {failure && <FormAlert>{failure}</FormAlert>}
      <div className="team-form__actions">
        <Button type="submit" disabled={saving || readingPhoto}>
          {saving ? t('Saving...') : member ? t('Save changes') : t('Add member')}
        </Button>
        <Button variant="secondary" disabled={saving} onClick={onCancel}>
          {t('Cancel')}
        </Button>
      </div>
    </form>
  );
}
