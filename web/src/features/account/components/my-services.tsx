// My Account's "My services" section for sellers: their listings, each with Edit and a Delete that
// asks first.
import { useEffect, useId, useRef, useState } from 'react';
import { Link } from 'react-router-dom';
import { Button, buttonClass } from '@/components/ui/button';
import { MapPinIcon, PlusIcon, StarIcon } from '@/components/ui/icons';
import { StatusMessage } from '@/components/ui/status-message';
import { useToast } from '@/components/ui/toast';
import { paths } from '@/config/paths';
import { apiErrorMessage, apiErrorCode } from '@/lib/api-client';
import { formatPriceRange } from '@/lib/format';
import { t } from '@/lib/i18n';
import { PLACEHOLDER_IMAGE } from '@/lib/listing';
import { deleteService } from '../api/delete-service';
import { useMyServices, type MyListing } from '../api/get-my-services';
import '@/components/ui/badge.css';
import '@/components/ui/skeleton.css';
import './my-services.css';

export const myServicesMessages = {
  loadFailed: t('Failed to load your services. Please try again.'),
  empty: t('You have not posted any services yet.'),
  deleted: t('Service deleted.'),
  deleteFailed: t('Failed to delete service. Please try again.'),
} as const;

// The photo box is 4:3 like every listing photo; these reserve its space before the photo arrives.
const PHOTO_WIDTH = 120;
const PHOTO_HEIGHT = 90;

export function MyServices() {
  const query = useMyServices();
  // Deleted here since the list loaded; the list itself is the server's answer.
  const [deleted, setDeleted] = useState<ReadonlySet<string>>(() => new Set());
  const headingRef = useRef<HTMLHeadingElement>(null);
  const headingId = useId();

  function onDeleted(id: string) {
    setDeleted((current) => new Set(current).add(id));
    // The deleted row held the focus: it goes to the section rather than to the top of the page.
    headingRef.current?.focus();
  }

  const listings = query.status === 'success' ? query.data.filter((listing) => !deleted.has(listing.id)) : [];

  return (
    <section className="card account-section my-services" aria-labelledby={headingId}>
      <h2 id={headingId} ref={headingRef} tabIndex={-1} className="account-section__title">
        {t('My services')}
      </h2>

      {query.status === 'loading' && (
        <div role="status">
          <span className="visually-hidden">{t('Loading your services…')}</span>
          <ul className="my-services__list" role="list" aria-hidden="true">
            {[0, 1].map((row) => (
              <li key={row} className="my-service my-service--skeleton">
                <span className="skeleton my-service__photo" />
                <span className="my-service__body">
                  <span className="skeleton skeleton--title" style={{ width: '70%' }} />
                  <span className="skeleton skeleton--line" style={{ width: '45%' }} />
                </span>
              </li>
            ))}
          </ul>
        </div>
      )}

      {query.status === 'error' && (
        <StatusMessage role="alert" title={myServicesMessages.loadFailed}>
          <Button onClick={query.retry}>{t('Try Again')}</Button>
        </StatusMessage>
      )}

      {query.status === 'success' &&
        (listings.length > 0 ? (
          <ul className="my-services__list" role="list">
            {listings.map((listing) => (
              <MyService key={listing.id} listing={listing} onDeleted={onDeleted} />
            ))}
          </ul>
        ) : (
          <div className="my-services__empty">
            <p>{myServicesMessages.empty}</p>
            <Link to={paths.postService.getHref()} className={buttonClass({ variant: 'secondary' })}>
              <PlusIcon size={18} />
              {t('Post a Service')}
            </Link>
          </div>
        ))}
    </section>
  );
}

function MyService({ listing, onDeleted }: { listing: MyListing; onDeleted: (id: string) => void }) {
  const toast = useToast();
  const [confirming, setConfirming] = useState(false);
  const [deleting, setDeleting] = useState(false);
  const [photoFailed, setPhotoFailed] = useState(false);
  const nameId = useId();
  const questionId = useId();
  const rowRef = useRef<HTMLLIElement>(null);
  // The row's button to focus after the next render, so a keyboard user stays on this row as the
  // question opens, closes or fails.
  const focusNext = useRef<'confirm' | 'cancel' | 'delete' | null>(null);

  useEffect(() => {
    if (!focusNext.current) return;
    rowRef.current?.querySelector<HTMLButtonElement>(`[data-action="${focusNext.current}"]`)?.focus();
    focusNext.current = null;
  });

  function ask() {
    focusNext.current = 'cancel';
    setConfirming(true);
  }

  function cancel() {
    focusNext.current = 'delete';
    setConfirming(false);
  }

  function confirmDelete() {
    if (deleting) return;
    setDeleting(true);
    deleteService(listing.id).then(
      () => {
        toast.success(myServicesMessages.deleted);
        onDeleted(listing.id);
      },
      (error: unknown) => {
        // Already gone (deleted from another device): what the seller asked for is done.
        if (apiErrorCode(error) === 'not_found') {
          toast.success(myServicesMessages.deleted);
          onDeleted(listing.id);
          return;
        }
        setDeleting(false);
        focusNext.current = 'confirm';
        toast.error(apiErrorMessage(error) ?? myServicesMessages.deleteFailed);
      },
    );
  }

  return (
    <li ref={rowRef} className="my-service">
      {/* 120 px: the 320 px copy is enough on any screen (and the data saver's size). */}
      <img
        className="my-service__photo"
        src={photoFailed ? PLACEHOLDER_IMAGE : listing.small || listing.image}
        alt=""
        width={PHOTO_WIDTH}
        height={PHOTO_HEIGHT}
        loading="lazy"
        decoding="async"
        onError={() => setPhotoFailed(true)}
      />
      <div className="my-service__body">
        <h3 id={nameId} className="my-service__name">
          <Link to={paths.service.getHref(listing.id)}>{listing.name}</Link>
        </h3>
        <p className="my-service__price">{formatPriceRange(listing.minPrice, listing.maxPrice)}</p>
        <p className="my-service__location">
          <MapPinIcon size={16} />
          <span>{listing.location}</span>
        </p>
        {listing.hiddenReason && (
          <p className="my-service__hidden" role="note">
            {t(
              'Taken down by Mtaani: {reason}. Visitors no longer see it; contact us if you think this is a mistake.',
              { reason: listing.hiddenReason },
            )}
          </p>
        )}
        {listing.featured && (
          <span className="gold-badge my-service__badge">
            <StarIcon size={14} />
            {t('Featured')}
          </span>
        )}
      </div>
      {confirming ? (
        <div className="my-service__actions my-service__confirm" role="group" aria-labelledby={questionId}>
          <p id={questionId} className="my-service__question">
            {t('Delete this service?')}
          </p>
          <Button data-action="confirm" onClick={confirmDelete} disabled={deleting} aria-describedby={nameId}>
            {deleting ? t('Deleting...') : t('Yes, delete')}
          </Button>
          <Button data-action="cancel" variant="secondary" onClick={cancel} disabled={deleting}>
            {t('Cancel')}
          </Button>
        </div>
      ) : (
        <div className="my-service__actions">
          <Link
            to={paths.postService.getHref(listing.id)}
            className={buttonClass({ variant: 'secondary' })}
            aria-describedby={nameId}
          >
            {t('Edit')}
          </Link>
          <Button data-action="delete" variant="ghost" onClick={ask} aria-describedby={nameId}>
            {t('Delete')}
          </Button>
        </div>
      )}
    </li>
  );
}
