// /category/:categoryName (SPEC §2 defines no screen for it): a category's page, where the service
// page's breadcrumb and category link lead: its title, its subcategories, and its services with the
// usual states, paging and sorting.
import { Link, useParams, useSearchParams } from 'react-router-dom';
import { buttonClass } from '@/components/ui/button';
import { StatusMessage } from '@/components/ui/status-message';
import { findCategoryByName, type Category } from '@/config/categories';
import { paths } from '@/config/paths';
import { describePage, useDocumentTitle } from '@/lib/document-title';
import { t } from '@/lib/i18n';
import { useCategoryListings } from '../api/get-category-listings';
import { readSort } from '../api/sort';
import { ListingsFeedView } from '../components/listings-feed-view';
import { ListingsPage } from '../components/listings-page';
import { SortSelect } from '../components/sort-select';
import './category.css';

export const CATEGORY_NOT_FOUND = t('Category Not Found');

export default function CategoryRoute() {
  const category = findCategoryByName(useParams().categoryName ?? '');
  const sort = readSort(useSearchParams()[0]);
  if (!category) return <CategoryNotFound />;
  return <CategoryListings key={`${category.id}:${sort}`} category={category} sort={sort} />;
}

function CategoryNotFound() {
  useDocumentTitle(CATEGORY_NOT_FOUND);
  if (import.meta.env.SSR) describePage({ description: '', notFound: true });
  return (
    <div className="container page">
      <StatusMessage title={CATEGORY_NOT_FOUND} description={t('There is no such category on Mtaani.')}>
        <Link to={paths.allServices.getHref()} className={buttonClass()}>
          {t('Browse All Services')}
        </Link>
      </StatusMessage>
    </div>
  );
}

function CategoryListings({ category, sort }: { category: Category; sort: string }) {
  const feed = useCategoryListings(category.id, sort);
  return (
    <ListingsPage
      title={category.label}
      lead={t('{category} providers near you, ready to chat on WhatsApp.', { category: category.label })}
    >
      <nav className="category-links" aria-label={t('{category} subcategories', { category: category.label })}>
        <ul role="list">
          {category.links.map((link) => (
            <li key={link.slug}>
              <Link to={link.path}>{link.label}</Link>
            </li>
          ))}
        </ul>
      </nav>
      <SortSelect />
      <ListingsFeedView
        feed={feed}
        emptyDescription={t('No provider offers this yet. Please check back soon, or browse all services.')}
      />
    </ListingsPage>
  );
}
