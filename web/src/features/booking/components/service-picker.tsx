// The booking dialog's first step when it was opened without a service (home banner, header 'Book'):
// a search over the services, showing the first few before anything is typed.
import { useCallback, useEffect, useId, useState, type RefObject, type SyntheticEvent } from 'react';
import { Button } from '@/components/ui/button';
import { MapPinIcon, SearchIcon } from '@/components/ui/icons';
import { formatPriceRange } from '@/lib/format';
import { t } from '@/lib/i18n';
import { PLACEHOLDER_IMAGE } from '@/lib/listing';
import { useRequest } from '@/lib/use-request';
import type { Listing } from '@/types/api';
import { findServices } from '../api/find-services';

const SEARCH_DELAY_MS = 250;
export const SERVICES_FAILED = t('Failed to load services. Please try again.');

interface ServicePickerProps {
  onPick: (listing: Listing) => void;
  /** The search box, which gets the focus when the dialog opens on this step. */
  searchRef: RefObject<HTMLInputElement | null>;
}

export function ServicePicker({ onPick, searchRef }: ServicePickerProps) {
  const searchId = useId();
  const headingId = useId();
  const [text, setText] = useState('');
  const [query, setQuery] = useState('');

  useEffect(() => {
    // One call when the visitor pauses, not one per letter.
    const timer = window.setTimeout(() => setQuery(text.trim()), SEARCH_DELAY_MS);
    return () => window.clearTimeout(timer);
  }, [text]);

  const load = useCallback(
    async (signal: AbortSignal) => ({ query, listings: await findServices(query, signal) }),
    [query],
  );
  const results = useRequest(load, 'Failed to load the services to book');
  const current = results.status === 'success' && results.data.query === text.trim() ? results.data : null;
  const listings = results.status === 'success' ? results.data.listings : [];
  const searching = results.status === 'loading' || (results.status === 'success' && !current);

  let status = '';
  if (searching) status = t('Searching…');
  else if (current) {
    if (current.listings.length === 0) status = t('No services found');
    else status = current.query ? t('{count} matching services', { count: current.listings.length }) : t('Popular services');
  }

  return (
    <div className="service-picker">
      <h3 id={headingId} className="booking-dialog__step-title">
        {t('Which service would you like to book?')}
      </h3>
      <div className="service-picker__search">
        <label htmlFor={searchId} className="visually-hidden">
          {t('Search services')}
        </label>
        <SearchIcon size={20} className="service-picker__search-icon" />
        <input
          ref={searchRef}
          id={searchId}
          type="search"
          className="field__input service-picker__input"
          placeholder={t('Search services, e.g. braids')}
          autoComplete="off"
          enterKeyHint="search"
          value={text}
          onChange={(event) => setText(event.target.value)}
        />
      </div>
      <p className="service-picker__status" role="status">
        {status}
      </p>
      {results.status === 'error' ? (
        <div className="service-picker__error" role="alert">
          <p>{SERVICES_FAILED}</p>
          <Button variant="secondary" onClick={results.retry}>
            {t('Try Again')}
          </Button>
        </div>
      ) : (
        <ul className="plain-list service-picker__list" aria-labelledby={headingId} aria-busy={searching}>
          {listings.map((listing) => (
            <li key={listing.id}>
              <button type="button" className="service-picker__option" onClick={() => onPick(listing)}>
                {/* 56 px: the 320 px copy is enough on any screen (and the data saver's size). */}
                <img
                  className="service-picker__image"
                  src={listing.small || listing.image}
                  alt=""
                  width={56}
                  height={56}
                  loading="lazy"
                  onError={showPlaceholder}
                />
                <span className="service-picker__text">
                  <span className="service-picker__name">{listing.name}</span>
                  <span className="service-picker__meta">
                    <MapPinIcon size={14} />
                    {listing.location}
                  </span>
                  <span className="service-picker__price">{formatPriceRange(listing.minPrice, listing.maxPrice)}</span>
                </span>
              </button>
            </li>
          ))}
        </ul>
      )}
    </div>
  );
}

function showPlaceholder(event: SyntheticEvent<HTMLImageElement>) {
  const image = event.currentTarget;
  if (!image.src.endsWith(PLACEHOLDER_IMAGE)) image.src = PLACEHOLDER_IMAGE;
}
