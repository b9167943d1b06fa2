// One category on the home page (SPEC §2 Home page): its title, its first 4 services and 'View All'.
import { Link } from 'react-router-dom';
import { ListingGrid } from '@/components/listings/listing-grid';
import { buttonClass } from '@/components/ui/button';
import { ArrowRightIcon, PlusIcon } from '@/components/ui/icons';
import { paths } from '@/config/paths';
import { t } from '@/lib/i18n';
import type { Listing } from '@/types/api';
import { HOME_SECTION_SIZE } from '../api/get-home-sections';
import './category-section.css';

interface CategorySectionProps {
  title: string;
  categoryId: string;
  listings: readonly Listing[];
  /** How many of the first cards load their photos at once (the first section's, above the fold). */
  priorityCount?: number;
}

export function CategorySection({ title, categoryId, listings, priorityCount = 0 }: CategorySectionProps) {
  const headingId = `category-${categoryId}-heading`;
  return (
    <section className="category-section" aria-labelledby={headingId}>
      <div className="category-section__header">
        <h2 id={headingId} className="category-section__title">
          {title}
        </h2>
        {/* Described by the heading, so each 'View All' says whose services it leads to. */}
        <Link to={paths.allServices.getHref()} className="category-section__view-all" aria-describedby={headingId}>
          {t('View All')}
          <ArrowRightIcon size={18} />
        </Link>
      </div>
      {listings.length > 0 ? (
        <ListingGrid listings={listings.slice(0, HOME_SECTION_SIZE)} headingLevel={3} priorityCount={priorityCount} />
      ) : (
        <CategorySectionEmpty />
      )}
    </section>
  );
}

/** SPEC §2: the state of a section shown without services, inviting sellers to be the first. */
export function CategorySectionEmpty() {
  return (
    <div className="category-section__empty">
      <p>{t('No services available in this category yet.')}</p>
      <Link to={paths.postService.getHref()} className={buttonClass({ variant: 'secondary' })}>
        <PlusIcon size={18} />
        {t('Add a Service')}
      </Link>
    </div>
  );
}
