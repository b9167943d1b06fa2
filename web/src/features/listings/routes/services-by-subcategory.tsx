// /services/:category/:subcategory (SPEC §2 Listing pages): the services of one subcategory.
import { useParams, useSearchParams } from 'react-router-dom';
import { findCategory } from '@/config/categories';
import { apiErrorMessage } from '@/lib/api-client';
import { useSubcategoryListings } from '../api/get-subcategory-listings';
import { ListingsFeedView } from '../components/listings-feed-view';
import { ListingsPage } from '../components/listings-page';
import { MissingQuery } from '../components/missing-query';
import { SortSelect } from '../components/sort-select';
import { readSort } from '../api/sort';
import { subcategoryTitle } from '../page-titles';

const LOAD_FAILED = 'Failed to load services. Please try again.';

export default function ServicesBySubcategoryRoute() {
  const { category = '', subcategory = '' } = useParams();
  const sort = readSort(useSearchParams()[0]);
  if (!category.trim() || !subcategory.trim()) {
    return (
      <ListingsPage title="Services">
        <MissingQuery message="No subcategory provided." />
      </ListingsPage>
    );
  }
  return <SubcategoryListings key={sort} category={category} subcategory={subcategory} sort={sort} />;
}

function SubcategoryListings({ category, subcategory, sort }: { category: string; subcategory: string; sort: string }) {
  const feed = useSubcategoryListings(category, subcategory, sort);
  const categoryTitle = findCategory(category)?.title;

  return (
    <ListingsPage
      title={subcategoryTitle(subcategory)}
      lead={categoryTitle ? `${categoryTitle} providers near you, ready to chat on WhatsApp.` : undefined}
    >
      <SortSelect />
      <ListingsFeedView
        feed={feed}
        errorMessage={(error) => apiErrorMessage(error) ?? LOAD_FAILED}
        emptyDescription="No provider offers this yet. Please check back soon, or browse all services."
      />
    </ListingsPage>
  );
}
