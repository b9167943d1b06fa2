// /all-services (SPEC §2 Listing pages): every service in a grid, with loading, error and empty states.
import { useAllListings } from '../api/get-listings';
import { ListingsFeedView } from '../components/listings-feed-view';
import { ListingsPage } from '../components/listings-page';

const LOAD_FAILED = 'Failed to load services. Please try again later.';

export default function AllServicesRoute() {
  const feed = useAllListings();
  return (
    <ListingsPage title="All Services" lead="Browse trusted beauty, wellness and lifestyle providers near you.">
      <ListingsFeedView feed={feed} errorMessage={() => LOAD_FAILED} />
    </ListingsPage>
  );
}
