// The body of a listing page: skeleton cards while loading, the error or empty state, else the grid
// with its 'Load more' button.
import { ListingGrid, ListingGridSkeleton } from '@/components/listings/listing-grid';
import { Button } from '@/components/ui/button';
import { SearchIcon } from '@/components/ui/icons';
import { StatusMessage } from '@/components/ui/status-message';
import { apiErrorMessage } from '@/lib/api-client';
import { reloadPage } from '@/lib/browser';
import { t } from '@/lib/i18n';
import type { ListingsFeed } from '../api/use-listings-feed';
import './listings-feed-view.css';

/** The server's message, else the spec's text: the listings of a category, a subcategory or a location. */
const serverOrLoadFailed = (error: unknown) => apiErrorMessage(error) ?? t('Failed to load services. Please try again.');

interface ListingsFeedViewProps {
  feed: ListingsFeed & { loadMore: () => void };
  /** The message for a failed page: the spec's text, or the server's where the spec says so. */
  errorMessage?: (error: unknown) => string;
  /** Under 'No services found': where else to look. */
  emptyDescription?: string;
}

export function ListingsFeedView({
  feed,
  errorMessage = serverOrLoadFailed,
  emptyDescription = t('New providers join Mtaani every week. Please check back soon.'),
}: ListingsFeedViewProps) {
  if (feed.status === 'loading') return <ListingGridSkeleton count={8} />;

  if (feed.status === 'error') {
    return (
      <StatusMessage role="alert" title={errorMessage(feed.error)}>
        <Button onClick={reloadPage}>{t('Try Again')}</Button>
      </StatusMessage>
    );
  }

  if (feed.listings.length === 0) {
    return <StatusMessage title={t('No services found')} description={emptyDescription} icon={<SearchIcon size={26} />} />;
  }

  return (
    <>
      <p className="visually-hidden" role="status">
        {feed.listings.length === 1 ? t('1 service shown') : t('{count} services shown', { count: feed.listings.length })}
      </p>
      <ListingGrid listings={feed.listings} priorityCount={2} />
      {feed.loadMoreError !== undefined && (
        <p className="listings-feed__more-error" role="alert">
          {errorMessage(feed.loadMoreError)}
        </p>
      )}
      {feed.hasMore && (
        <div className="listings-feed__more">
          <Button
            variant="secondary"
            size="lg"
            onClick={feed.loadMore}
            disabled={feed.loadingMore}
            aria-busy={feed.loadingMore}
          >
            {feed.loadingMore ? t('Loading…') : t('Load more')}
          </Button>
        </div>
      )}
    </>
  );
}
