// /services/:category/:subcategory (SPEC §2 Listing pages): the services of one subcategory.
import { useParams, useSearchParams } from 'react-router-dom';
import { findCategory } from '@/config/categories';
import { t } from '@/lib/i18n';
import { useSubcategoryListings } from '../api/get-subcategory-listings';
import { ListingsFeedView } from '../components/listings-feed-view';
import { ListingsPage } from '../components/listings-page';
import { MissingQuery } from '../components/missing-query';
import { SortSelect } from '../components/sort-select';
import { readSort } from '../api/sort';
import { subcategoryTitle } from '../page-titles';

export default function ServicesBySubcategoryRoute() {
  const { category = '', subcategory = '' } = useParams();
  const sort = readSort(useSearchParams()[0]);
  if (!category.trim() || !subcategory.trim()) {
    return (
      <ListingsPage title={t('Services')}>
        <MissingQuery message={t('No subcategory provided.')} />
      </ListingsPage>
    );
  }
  return <SubcategoryListings key={sort} category={category} subcategory={subcategory} sort={sort} />;
}

function SubcategoryListings({ category, subcategory, sort }: { category: string; subcategory: string; sort: string }) {
  const feed = useSubcategoryListings(category, subcategory, sort);
  const categoryTitle = findCategory(category)?.label;

  return (
    <ListingsPage
      title={subcategoryTitle(subcategory)}
      lead={
        categoryTitle
          ? t('{category} providers near you, ready to chat on WhatsApp.', { category: categoryTitle })
          : undefined
      }
    >
      <SortSelect />
      <ListingsFeedView
        feed={feed}
        emptyDescription={t('No provider offers this yet. Please check back soon, or browse all services.')}
      />
    </ListingsPage>
  );
}
