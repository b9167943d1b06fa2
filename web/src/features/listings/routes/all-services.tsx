// /all-services (SPEC §2 Listing pages): every service in a grid, with loading, error and empty states.
import { ALL_LISTINGS_FIRST_PAGE, getListings } from '../api/get-listings';
import { useListingsFeed } from '../api/use-listings-feed';
import { ListingsFeedView } from '../components/listings-feed-view';
import { ListingsPage } from '../components/listings-page';

const LOAD_FAILED = 'Failed to load services. Please try again later.';

export default function AllServicesRoute() {
  const feed = useListingsFeed(getListings, { prefetched: ALL_LISTINGS_FIRST_PAGE });
  return (
    <ListingsPage title="All Services" lead="Browse trusted beauty, wellness and lifestyle providers near you.">
      <ListingsFeedView feed={feed} errorMessage={() => LOAD_FAILED} />
    </ListingsPage>
  );
}
