// /services/:category/:subcategory (SPEC §2 Listing pages): the services of one subcategory.
import { useParams } from 'react-router-dom';
import { findCategory } from '@/config/categories';
import { apiErrorMessage } from '@/lib/api-client';
import { useSubcategoryListings } from '../api/get-subcategory-listings';
import { ListingsFeedView } from '../components/listings-feed-view';
import { ListingsPage } from '../components/listings-page';
import { MissingQuery } from '../components/missing-query';
import { subcategoryTitle } from '../page-titles';

const LOAD_FAILED = 'Failed to load services. Please try again.';

export default function ServicesBySubcategoryRoute() {
  const { category = '', subcategory = '' } = useParams();
  if (!category.trim() || !subcategory.trim()) {
    return (
      <ListingsPage title="Services">
        <MissingQuery message="No subcategory provided." />
      </ListingsPage>
    );
  }
  return <SubcategoryListings category={category} subcategory={subcategory} />;
}

function SubcategoryListings({ category, subcategory }: { category: string; subcategory: string }) {
  const feed = useSubcategoryListings(category, subcategory);
  const categoryTitle = findCategory(category)?.title;

  return (
    <ListingsPage
      title={subcategoryTitle(subcategory)}
      lead={categoryTitle ? `${categoryTitle} providers near you, ready to chat on WhatsApp.` : undefined}
    >
      <ListingsFeedView
        feed={feed}
        errorMessage={(error) => apiErrorMessage(error) ?? LOAD_FAILED}
        emptyDescription="No provider offers this yet. Please check back soon, or browse all services."
      />
    </ListingsPage>
  );
}
