// The heart: saves a listing to the favourites or removes it, at once on screen (and in
// the account when signed in: a refusal undoes it and says so).
import { toggleFavourite, useIsFavourite } from '@/lib/favourites';
import type { SavedFavourite } from '@/lib/favourites-store';
import { t } from '@/lib/i18n';
import { HeartIcon } from './icons';
import { useToast } from './toast';
import './favourite-button.css';

export const FAVOURITE_FAILED = t('Could not update your favourites. Please try again.');

export function FavouriteButton({
  listing,
  className = '',
  withText = false,
}: {
  listing: SavedFavourite;
  className?: string;
  /** 'Save' / 'Saved' beside the heart (the detail page); the card shows the heart alone. */
  withText?: boolean;
}) {
  const saved = useIsFavourite(listing.id);
  const toast = useToast();
  // The detail page's label starts with its visible word ('Save' or 'Saved').
  const label =
    withText && saved
      ? t('Saved {name} to favourites', { name: listing.name })
      : t('Save {name} to favourites', { name: listing.name });
  return (
    <button
      type="button"
      className={`favourite ${className}`}
      aria-pressed={saved}
      aria-label={label}
      title={saved ? t('Saved to favourites') : t('Save to favourites')}
      onClick={() => {
        toggleFavourite({ id: listing.id, name: listing.name }).catch(() => toast.error(FAVOURITE_FAILED));
      }}
    >
      <HeartIcon size={withText ? 20 : 22} />
      {withText && (saved ? t('Saved') : t('Save'))}
    </button>
  );
}
