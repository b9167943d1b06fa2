// The responsive grid of service cards used by every listing page (1 column on phones, up to 4).
import { t } from '@/lib/i18n';
import type { Listing } from '@/types/api';
import { ServiceCard, ServiceCardSkeleton } from './service-card';
import './listing-grid.css';

interface ListingGridProps {
  listings: readonly Listing[];
  headingLevel?: 2 | 3;
  /** How many of the first cards are above the fold and load their photos eagerly (see ServiceCard). */
  priorityCount?: number;
  /** Each card's 'View provider' (ServiceCard's providerLink). */
  providerLinks?: boolean;
}

export function ListingGrid({ listings, headingLevel, priorityCount = 0, providerLinks = true }: ListingGridProps) {
  return (
    <ul className="listing-grid" role="list">
      {listings.map((listing, index) => (
        <li key={listing.id}>
          <ServiceCard
            listing={listing}
            headingLevel={headingLevel}
            priority={index < priorityCount}
            providerLink={providerLinks}
          />
        </li>
      ))}
    </ul>
  );
}

export function ListingGridSkeleton({ count = 8, label = t('Loading services…') }: { count?: number; label?: string }) {
  return (
    <div role="status" aria-live="polite">
      <span className="visually-hidden">{label}</span>
      <div className="listing-grid">
        {Array.from({ length: count }, (_, index) => (
          <ServiceCardSkeleton key={index} />
        ))}
      </div>
    </div>
  );
}
