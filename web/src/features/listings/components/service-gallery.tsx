// The photos of a listing on its page: the chosen one large, and thumbnails to switch when there are
// several. With the data saver on (lib/data-saver.ts), only the chosen photo is fetched, at 320 px: the
// others' thumbnails are their colours until chosen.
import { useState } from 'react';
import { useDataSaver } from '@/lib/data-saver';
import { t } from '@/lib/i18n';
import { PLACEHOLDER_IMAGE } from '@/lib/listing';
import type { ListingPhoto } from '@/types/api';
import './service-gallery.css';

// The placeholder's own size (public/images/service-placeholder.svg).
const PLACEHOLDER = { width: 480, height: 360 };
const THUMB = { width: 96, height: 72 };
// The sizes the catalog stores (catalog-svc/src/images.rs): the phone copy's and the gallery's long edge.
const MEDIUM_EDGE = 720;
// The stage's width (service-detail.css): from 900 px the layout's left column, 3/5 of the container
// (at most 1240 px less padding and gap); below, the container less its 16 px sides.
const STAGE_SIZES = '(min-width: 1240px) 692px, (min-width: 900px) 55vw, calc(100vw - 32px)';

/** srcset for a photo with a phone copy: the copy's and the gallery's widths, as stored. */
function photoSrcSet(photo: ListingPhoto): string | undefined {
  if (!photo.medium) return undefined;
  const long = Math.max(photo.width, photo.height);
  const mediumWidth = Math.round((photo.width * MEDIUM_EDGE) / long);
  return `${photo.medium} ${mediumWidth}w, ${photo.src} ${photo.width}w`;
}

export function ServiceGallery({ name, photos }: { name: string; photos: readonly ListingPhoto[] }) {
  const [index, setIndex] = useState(0);
  const [failed, setFailed] = useState<ReadonlySet<string>>(() => new Set());
  const saver = useDataSaver();
  const photo = photos[index];
  const usable = photo && !failed.has(photo.src) ? photo : null;
  const count = photos.length;

  return (
    <div className="gallery">
      <div className="gallery__stage">
        {/* The large photo is the page's LCP: fetched at once and first. */}
        <img
          src={usable ? (saver && (usable.small || usable.thumbnail)) || usable.src : PLACEHOLDER_IMAGE}
          srcSet={usable && !saver ? photoSrcSet(usable) : undefined}
          sizes={usable?.medium && !saver ? STAGE_SIZES : undefined}
          alt={
            count > 1
              ? t('{name}, photo {number} of {count}', { name, number: index + 1, count })
              : usable
                ? name
                : t('{name}: no photo yet', { name })
          }
          width={usable ? usable.width : PLACEHOLDER.width}
          height={usable ? usable.height : PLACEHOLDER.height}
          fetchPriority="high"
          onError={() => photo && setFailed((current) => new Set(current).add(photo.src))}
        />
      </div>
      {count > 1 && (
        <ul className="gallery__thumbs" role="list" aria-label={t('Photos')}>
          {photos.map((item, i) => (
            <li key={item.src}>
              <button
                type="button"
                className="gallery__thumb"
                aria-label={t('Show photo {number} of {count}', { number: i + 1, count })}
                aria-pressed={i === index}
                onClick={() => setIndex(i)}
              >
                {saver ? (
                  <svg viewBox="0 0 4 3" aria-hidden="true">
                    <rect width="4" height="3" fill={item.color || undefined} />
                  </svg>
                ) : (
                  <img src={item.thumbnail} alt="" width={THUMB.width} height={THUMB.height} loading="lazy" decoding="async" />
                )}
              </button>
            </li>
          ))}
        </ul>
      )}
    </div>
  );
}
