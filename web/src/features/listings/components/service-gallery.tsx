// The photos of a listing on its page: the chosen one large, and thumbnails to switch when there are
// several.
import { useState } from 'react';
import { PLACEHOLDER_IMAGE } from '@/lib/listing';
import type { ListingPhoto } from '@/types/api';
import './service-gallery.css';

// The placeholder's own size (public/images/service-placeholder.svg).
const PLACEHOLDER = { width: 480, height: 360 };
const THUMB = { width: 96, height: 72 };

export function ServiceGallery({ name, photos }: { name: string; photos: readonly ListingPhoto[] }) {
  const [index, setIndex] = useState(0);
  const [failed, setFailed] = useState<ReadonlySet<string>>(() => new Set());
  const photo = photos[index];
  const usable = photo && !failed.has(photo.src) ? photo : null;
  const count = photos.length;

  return (
    <div className="gallery">
      <div className="gallery__stage">
        {/* The large photo is the page's LCP: fetched at once and first. */}
        <img
          src={usable ? usable.src : PLACEHOLDER_IMAGE}
          alt={count > 1 ? `${name}, photo ${index + 1} of ${count}` : usable ? name : `${name}: no photo yet`}
          width={usable ? usable.width : PLACEHOLDER.width}
          height={usable ? usable.height : PLACEHOLDER.height}
          fetchPriority="high"
          onError={() => photo && setFailed((current) => new Set(current).add(photo.src))}
        />
      </div>
      {count > 1 && (
        <ul className="gallery__thumbs" role="list" aria-label="Photos">
          {photos.map((item, i) => (
            <li key={item.src}>
              <button
                type="button"
                className="gallery__thumb"
                aria-label={`Show photo ${i + 1} of ${count}`}
                aria-pressed={i === index}
                onClick={() => setIndex(i)}
              >
                <img src={item.thumbnail} alt="" width={THUMB.width} height={THUMB.height} loading="lazy" decoding="async" />
              </button>
            </li>
          ))}
        </ul>
      )}
    </div>
  );
}
