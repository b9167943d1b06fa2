// The saved listings: cards (the /favourites page) or a short list (My Account), each listing gone
// since named as no longer available with a way to remove it. Removing a heart takes it off at once.
import { Link } from 'react-router-dom';
import { ListingGrid, ListingGridSkeleton } from '@/components/listings/listing-grid';
import { Button, buttonClass } from '@/components/ui/button';
import { FAVOURITE_FAILED } from '@/components/ui/favourite-button';
import { HeartIcon } from '@/components/ui/icons';
import { StatusMessage } from '@/components/ui/status-message';
import { useToast } from '@/components/ui/toast';
import { paths } from '@/config/paths';
import { toggleFavourite, useFavourites } from '@/lib/favourites';
import { formatPriceRange } from '@/lib/format';
import { t } from '@/lib/i18n';
import { useRequest } from '@/lib/use-request';
import { getFavourites, type FavouriteEntry } from '../api/favourites';
import './favourites-view.css';

export const LOAD_FAILED = t('Failed to load your favourites. Please try again.');
export const EMPTY = t('No favourites yet');
export const GONE = t('No longer available');

export function FavouritesView({ layout }: { layout: 'cards' | 'list' }) {
  const request = useRequest(getFavourites, 'Failed to load the favourites');
  const saved = useFavourites();
  if (request.status === 'loading') {
    return layout === 'cards' ? (
      <ListingGridSkeleton count={4} label={t('Loading your favourites…')} />
    ) : (
      <p role="status">{t('Loading your favourites…')}</p>
    );
  }
  if (request.status === 'error') {
    return (
      <StatusMessage role="alert" title={LOAD_FAILED}>
        <Button onClick={request.retry}>{t('Try Again')}</Button>
      </StatusMessage>
    );
  }
  // Only those still saved: a heart removed here (or in another tab) takes its listing off.
  const ids = new Set(saved.items.map((item) => item.id));
  const entries = request.data.filter((entry) => ids.has(entry.id));
  if (entries.length === 0) {
    return (
      <StatusMessage
        icon={<HeartIcon size={28} />}
        title={EMPTY}
        description={t('Tap the heart on a service to save it here.')}
      >
        <Link to={paths.allServices.getHref()} className={buttonClass()}>
          {t('Browse All Services')}
        </Link>
      </StatusMessage>
    );
  }
  const shown = entries.filter((entry) => entry.listing);
  const gone = entries.filter((entry) => !entry.listing);
  return (
    <>
      {layout === 'cards' ? (
        shown.length > 0 && <ListingGrid listings={shown.map((entry) => entry.listing!)} />
      ) : (
        <ul className="favourites-list" role="list">
          {shown.map((entry) => (
            <li key={entry.id}>
              <Link to={paths.service.getHref(entry.id)}>{entry.name}</Link>
              <span>
                {entry.listing!.location} · {formatPriceRange(entry.listing!.minPrice, entry.listing!.maxPrice)}
              </span>
            </li>
          ))}
        </ul>
      )}
      {gone.length > 0 && <GoneList entries={gone} />}
    </>
  );
}

function GoneList({ entries }: { entries: FavouriteEntry[] }) {
  const toast = useToast();
  return (
    <ul className="favourites-gone" role="list" aria-label={GONE}>
      {entries.map((entry) => (
        <li key={entry.id} className="favourites-gone__item">
          <span>
            <b>{entry.name || t('A saved service')}</b>
            <span className="favourites-gone__note">{GONE}</span>
          </span>
          <Button
            variant="secondary"
            aria-label={entry.name ? t('Remove {name}', { name: entry.name }) : t('Remove this saved service')}
            onClick={() => {
              toggleFavourite({ id: entry.id, name: entry.name }).catch(() => toast.error(FAVOURITE_FAILED));
            }}
          >
            {t('Remove')}
          </Button>
        </li>
      ))}
    </ul>
  );
}
