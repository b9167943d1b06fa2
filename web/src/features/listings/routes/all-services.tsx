// /all-services (SPEC §2 Listing pages): every service in a grid, with loading, error and empty states.
import { ListingGrid, ListingGridSkeleton } from '@/components/listings/listing-grid';
import { Button } from '@/components/ui/button';
import { SearchIcon } from '@/components/ui/icons';
import { StatusMessage } from '@/components/ui/status-message';
import { reloadPage } from '@/lib/browser';
import { useDocumentTitle } from '@/lib/document-title';
import { useListingsFeed } from '../api/get-listings';
import './all-services.css';

const LOAD_FAILED = 'Failed to load services. Please try again later.';

export default function AllServicesRoute() {
  useDocumentTitle('All Services');
  const feed = useListingsFeed();

  return (
    <div className="container page">
      <header className="page-header">
        <h1>All Services</h1>
        <p>Browse trusted beauty, wellness and lifestyle providers near you.</p>
      </header>

      {feed.status === 'loading' && <ListingGridSkeleton count={8} />}

      {feed.status === 'error' && (
        <StatusMessage role="alert" title={LOAD_FAILED}>
          <Button onClick={reloadPage}>Try Again</Button>
        </StatusMessage>
      )}

      {feed.status === 'success' && feed.listings.length === 0 && (
        <StatusMessage
          title="No services found"
          description="New providers join Mtaani every week. Please check back soon."
          icon={<SearchIcon size={26} />}
        />
      )}

      {feed.status === 'success' && feed.listings.length > 0 && (
        <>
          <p className="visually-hidden" role="status">
            {feed.listings.length} services shown
          </p>
          <ListingGrid listings={feed.listings} />
          {feed.loadMoreFailed && (
            <p className="all-services__more-error" role="alert">
              {LOAD_FAILED}
            </p>
          )}
          {feed.hasMore && (
            <div className="all-services__more">
              <Button
                variant="secondary"
                size="lg"
                onClick={feed.loadMore}
                disabled={feed.loadingMore}
                aria-busy={feed.loadingMore}
              >
                {feed.loadingMore ? 'Loading…' : 'Load more'}
              </Button>
            </div>
          )}
        </>
      )}
    </div>
  );
}
