// A listing's card: photo, name, category, location, price range, stars, the heart and a WhatsApp
// contact action.
import { useId, useState } from 'react';
import { Link } from 'react-router-dom';
import { buttonClass } from '@/components/ui/button';
import { FavouriteButton } from '@/components/ui/favourite-button';
import { MapPinIcon, StarIcon, WhatsAppIcon } from '@/components/ui/icons';
import { RatingLine } from '@/components/ui/rating';
import { paths } from '@/config/paths';
import { useDataSaver } from '@/lib/data-saver';
import { formatDistance, formatPriceRange } from '@/lib/format';
import { t } from '@/lib/i18n';
import { PLACEHOLDER_IMAGE, subcategoryLabel } from '@/lib/listing';
import { whatsappLink } from '@/lib/whatsapp';
import type { Listing } from '@/types/api';
import '@/components/ui/badge.css';
import '@/components/ui/skeleton.css';
import './service-card.css';

// The card image box is 4:3; these attributes reserve its space before the photo arrives.
export const CARD_IMAGE_WIDTH = 480;
export const CARD_IMAGE_HEIGHT = 360;

interface ServiceCardProps {
  listing: Listing;
  /** The name's heading level, one below the section that lists the cards. */
  headingLevel?: 2 | 3;
  /** The card is in the first screenful: fetch its photo at once and first (it is the page's LCP). */
  priority?: boolean;
  /** 'View provider' under the name; false on the provider's own page, where it would lead to itself. */
  providerLink?: boolean;
}

export function ServiceCard({ listing, headingLevel = 2, priority = false, providerLink = true }: ServiceCardProps) {
  const [imageFailed, setImageFailed] = useState(false);
  // With the data saver on (lib/data-saver.ts), the photo is fetched once asked for, at 320 px.
  const saver = useDataSaver();
  const [asked, setAsked] = useState(false);
  const titleId = useId();
  const href = paths.service.getHref(listing.id);
  const price = formatPriceRange(listing.minPrice, listing.maxPrice);
  const chatLink = whatsappLink(listing);
  const subcategory = subcategoryLabel(listing);
  const Heading = headingLevel === 3 ? 'h3' : 'h2';

  return (
    <article className="service-card" aria-labelledby={titleId}>
      {saver && listing.small && !asked ? (
        // The photo's colour in its box (an SVG fill: the CSP allows no style attribute), until tapped.
        <button
          type="button"
          className="service-card__media service-card__saver"
          aria-label={t('Show photo: {name}', { name: listing.name })}
          onClick={() => setAsked(true)}
        >
          {listing.color && (
            <svg viewBox="0 0 4 3">
              <rect width="4" height="3" fill={listing.color} />
            </svg>
          )}
          <span>{t('Show photo')}</span>
        </button>
      ) : (
        /* The name link below is the one screen readers and keyboards use; the photo is a mouse/touch shortcut. */
        <Link to={href} className="service-card__media" tabIndex={-1} aria-hidden="true">
          <img
            src={imageFailed ? PLACEHOLDER_IMAGE : (saver && listing.small) || listing.image}
            alt=""
            width={CARD_IMAGE_WIDTH}
            height={CARD_IMAGE_HEIGHT}
            loading={priority ? 'eager' : 'lazy'}
            fetchPriority={priority ? 'high' : undefined}
            decoding="async"
            onError={() => setImageFailed(true)}
          />
        </Link>
      )}
      <FavouriteButton listing={listing} className="service-card__favourite" />
      {listing.featured && (
        <span className="gold-badge service-card__badge">
          <StarIcon size={14} />
          {t('Featured')}
        </span>
      )}
      <div className="service-card__body">
        {subcategory && <p className="service-card__category">{subcategory}</p>}
        <Heading id={titleId} className="service-card__name">
          <Link to={href}>{listing.name}</Link>
        </Heading>
        <p className="service-card__location">
          <MapPinIcon size={16} />
          <span>
            {whereShown(listing)}
          </span>
        </p>
        {providerLink && listing.sellerId && (
          <Link className="service-card__provider" to={paths.provider.getHref(listing.sellerId)}>
            {t('View provider')}
            <span className="visually-hidden"> {t('of {name}', { name: listing.name })}</span>
          </Link>
        )}
        {/* Price and stars share a line: a listing without reviews is no shorter than one with. */}
        <div className="service-card__meta">
          <p className="service-card__price">{price}</p>
          <RatingLine rating={listing.rating} />
        </div>
      </div>
      <div className="service-card__actions">
        {chatLink ? (
          <a
            className={buttonClass({ variant: 'whatsapp', block: true })}
            href={chatLink}
            target="_blank"
            rel="noopener noreferrer"
          >
            <WhatsAppIcon size={20} />
            {t('Contact via WhatsApp')}
            <span className="visually-hidden"> {t('about {name} (opens in a new tab)', { name: listing.name })}</span>
          </a>
        ) : (
          <button type="button" className={buttonClass({ variant: 'secondary', block: true })} disabled>
            {t('Contact Unavailable')}
          </button>
        )}
      </div>
    </article>
  );
}

/** Where the provider is: from the visitor's area, the real distance to their place, and whether they come
 * to the visitor. */
function whereShown({ distanceKm, comesToYou, place, location }: Listing): string {
  if (distanceKm === undefined) return location;
  const values = { km: formatDistance(distanceKm), place: place?.name ?? location };
  return comesToYou ? t('Comes to you · {km} km ({place})', values) : t('{km} km · {place}', values);
}

export function ServiceCardSkeleton() {
  return (
    <div className="service-card service-card--skeleton" aria-hidden="true">
      <div className="service-card__media skeleton" />
      <div className="service-card__body">
        <span className="skeleton skeleton--line" style={{ width: '35%' }} />
        <span className="skeleton skeleton--title" style={{ width: '80%' }} />
        <span className="skeleton skeleton--line" style={{ width: '55%' }} />
        <span className="skeleton skeleton--line" style={{ width: '65%' }} />
      </div>
      <div className="service-card__actions">
        <span className="skeleton skeleton--button" />
      </div>
    </div>
  );
}
