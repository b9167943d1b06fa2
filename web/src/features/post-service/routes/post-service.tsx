// /post-service (SPEC §2, §4, §6, §8): a seller posts a listing; /post-service?edit={id} edits one of
// theirs. Anyone else is sent to /signin with the spec's message. A seller with no listing yet is
// welcomed to their first.
import { useCallback } from 'react';
import { Link, useLocation, useSearchParams } from 'react-router-dom';
import { Button, buttonClass } from '@/components/ui/button';
import { StatusMessage } from '@/components/ui/status-message';
import { paths } from '@/config/paths';
import { useDocumentTitle } from '@/lib/document-title';
import { t } from '@/lib/i18n';
import { localPhoneNumber } from '@/lib/phone';
import { placeLabel } from '@/lib/places';
import { hasListings, type FirstServiceState } from '@/lib/seller-listings';
import { useRequest } from '@/lib/use-request';
import type { ServiceDto } from '@/types/api';
import { usePackageStatus } from '../api/get-package-status';
import { useEditedService } from '../api/get-service';
import { SendToSignIn, useSellerGate } from '../components/sellers-only';
import { ServiceForm } from '../components/service-form';
import type { ListingPhotoItem } from '../photos';
import type { SellerAccess } from '../seller-access';
import { DEFAULT_SERVICE_LENGTH, radiusChoice, type ServiceValues } from '../validation';
import '../components/post-service.css';

const POST_TITLE = t('Post a Service');
const FIRST_TITLE = t('Post your first service');
const EDIT_TITLE = t('Edit service');
const LOAD_FAILED = t('Failed to load service details. Please try again.');
const NOT_FOUND = t('Service not found');
const NOT_YOURS = t('You can only edit your own services.');

type Seller = Extract<SellerAccess, { status: 'seller' }>;

export default function PostServiceRoute() {
  const [params] = useSearchParams();
  const editId = params.get('edit')?.trim() || null;
  // The router's SellersOnly turns visitors away before this chunk loads; this check covers a session
  // that changes while the page is open.
  const { access, message } = useSellerGate();
  const first = useFirstService(Boolean(editId) || access.status !== 'seller');
  const title = editId ? EDIT_TITLE : first ? FIRST_TITLE : POST_TITLE;
  useDocumentTitle(title);

  if (access.status !== 'seller') return <SendToSignIn message={message} />;

  return (
    <div className="container page post-service">
      <header className="page-header post-service__header">
        <h1>{title}</h1>
        <p>
          {editId
            ? t('Update your listing. Buyers see the changes as soon as you save.')
            : t('Tell buyers what you offer. Clear photos and honest prices bring more bookings.')}
        </p>
      </header>
      <PackageNotice />
      {editId ? (
        <EditService key={editId} id={editId} seller={access} />
      ) : (
        <ServiceForm
          initialValues={{ ...emptyValues, phoneNumber: localPhoneNumber(access.phoneNumber) }}
          photoLimit={access.photoLimit}
          packageName={access.packageName}
        />
      )}
    </div>
  );
}

/**
 * Whether the seller has no listing yet: what sign-in found (its router state) until the page has asked
 * itself; a failed question leaves the usual title. Not asked when editing (a listing the seller has)
 * or for someone who is no seller.
 */
function useFirstService(skip: boolean): boolean {
  const state = useLocation().state as FirstServiceState | null;
  const load = useCallback((signal: AbortSignal) => (skip ? Promise.resolve(true) : hasListings(signal)), [skip]);
  const listings = useRequest(load, 'Failed to check for listings');
  if (listings.status === 'success') return !listings.data;
  return listings.status === 'loading' && state?.firstService === true;
}

export const NOT_ACTIVE_TITLE = t('Your seller package is not active');
const NOT_ACTIVE_TEXT: Partial<Record<string, string>> = {
  pending_payment: t(
    "Its first payment has not gone through yet, so you cannot post services. Pay for it by M-Pesa in My Account's package section, then come back to post.",
  ),
  expired: t(
    "It has expired, so you cannot post services and your listings are hidden. Pay for it by M-Pesa in My Account's package section, then come back to post.",
  ),
};

/** Before the form: a package not paid yet or expired cannot post, and the way to pay. */
function PackageNotice() {
  const status = usePackageStatus();
  const text = status.status === 'success' && status.data ? NOT_ACTIVE_TEXT[status.data] : undefined;
  if (!text) return null;
  return (
    <div className="post-service__notice" role="status">
      <p className="post-service__notice-title">{NOT_ACTIVE_TITLE}</p>
      <p>{text}</p>
      <Link to={`${paths.account.getHref()}#package`} className={buttonClass()}>
        {t('Pay in My Account')}
      </Link>
    </div>
  );
}

const emptyValues: ServiceValues = {
  serviceName: '',
  minPrice: '',
  maxPrice: '',
  options: [],
  location: '',
  place: null,
  phoneNumber: '',
  category: '',
  subcategory: '',
  description: '',
  directions: '',
  durationMinutes: String(DEFAULT_SERVICE_LENGTH),
  servesRadiusKm: '0',
  photos: [],
};

function EditService({ id, seller }: { id: string; seller: Seller }) {
  const query = useEditedService(id);

  if (query.status === 'loading') {
    return (
      <div role="status" className="service-form card service-form--loading">
        <span className="visually-hidden">{t('Loading your service…')}</span>
      </div>
    );
  }

  if (query.status === 'error') {
    return (
      <StatusMessage role="alert" title={LOAD_FAILED}>
        <Button onClick={query.retry}>{t('Try Again')}</Button>
      </StatusMessage>
    );
  }

  const service = query.data;
  const notYours = service && service.sellerId && seller.userId && service.sellerId !== seller.userId;
  if (!service || notYours) {
    return (
      <StatusMessage role="alert" title={service ? NOT_YOURS : NOT_FOUND}>
        <Link to={paths.account.getHref()} className={buttonClass()}>
          {t('Back to My Account')}
        </Link>
      </StatusMessage>
    );
  }

  return (
    <ServiceForm
      editing={{ id: service._id }}
      initialValues={valuesOf(service)}
      photoLimit={seller.photoLimit}
      packageName={seller.packageName}
    />
  );
}

/** A stored listing as the form's values; its photos stay stored unless the seller removes them. */
function valuesOf(service: ServiceDto): ServiceValues {
  const photos = (service.media ?? [])
    .filter((item) => item.type === 'image' && item.data)
    .map((item): ListingPhotoItem => ({ kind: 'stored', key: item.data, src: item.thumbnail || item.data }));
  return {
    serviceName: service.name,
    // With a menu, the range it gives: the prices asked for again only if the seller empties it.
    minPrice: String(service.minPrice),
    maxPrice: String(service.maxPrice),
    // Each stored service with its id, which the edit sends back so that it keeps it.
    options: (service.options ?? []).map((option) => ({
      key: option.id,
      id: option.id,
      name: option.name,
      priceKsh: String(option.priceKsh),
      durationMinutes: String(option.durationMinutes),
    })),
    location: service.location,
    place: service.place ? { id: service.place.id, label: placeLabel(service.place) } : null,
    phoneNumber: service.phoneNumber ?? '',
    category: service.category,
    subcategory: service.subcategory,
    description: service.description ?? '',
    directions: service.directions ?? '',
    durationMinutes: String(service.durationMinutes ?? DEFAULT_SERVICE_LENGTH),
    // An answer from before distances: customers come to the provider.
    servesRadiusKm: String(radiusChoice(service.servesRadiusKm ?? 0)),
    photos,
  };
}
