// /search?q= (SPEC §2 Listing pages, §4 Search): the services matching the visitor's words, in the
// order picked (the best match by default). One origin per page: the place the words name, else the
// visitor's area; the line under the heading says which, and the order.
import { useSearchParams } from 'react-router-dom';
import { useArea } from '@/lib/area';
import { t } from '@/lib/i18n';
import type { SearchScope } from '@/types/api';
import { useSearchListings, useSearchScope } from '../api/search-listings';
import { orderIn, ordersOf, readSort, type Sort } from '../api/sort';
import { ListingsFeedView } from '../components/listings-feed-view';
import { ListingsPage } from '../components/listings-page';
import { MissingQuery } from '../components/missing-query';
import { SortSelect } from '../components/sort-select';
import { searchTitle } from '../page-titles';

const LOAD_FAILED = t('Failed to load search results. Please try again.');

export default function SearchRoute() {
  const [searchParams] = useSearchParams();
  const query = (searchParams.get('q') ?? '').trim();
  const sort = readSort(searchParams);
  if (!query) {
    return (
      <ListingsPage title={t('Search')}>
        <MissingQuery
          message={t('No search query provided.')}
          description={t('Type what you are looking for, such as braids or nails, in the search box.')}
        />
      </ListingsPage>
    );
  }
  // A new query or order is a new list: the feed starts again from its first page.
  return <SearchResults key={`${query}\u0000${sort}`} query={query} sort={sort} />;
}

/**
 * What the page says when the words name a kind of service none of which is listed ("kinyozi": no
 * barber), so that what is nearest in meaning is answered.
 */
function noneOfItLead({ wanted, total }: SearchScope): string | undefined {
  if (!wanted?.noneOfIt || total === 0) return undefined;
  return t('No {words} listed yet. Close to it:', { words: wanted.words });
}

/** What the page says of a place the words named when nothing there matched. */
function nearbyLead({ place, words, nearby }: SearchScope): string | undefined {
  if (!place || !nearby) return undefined;
  return words
    ? t('No {words} in {place} yet. The nearest:', { words, place: place.name })
    : t('Nothing in {place} yet. The nearest:', { place: place.name });
}

function SearchResults({ query, sort }: { query: string; sort: Sort | '' }) {
  const feed = useSearchListings(query, sort);
  const scope = useSearchScope(query);
  const area = useArea();
  const read = scope.status === 'success' ? scope.data : undefined;
  // The words' place is the origin when they name one; the nearest are what is answered when nothing
  // there matched, or for a place alone.
  const named = read?.place?.name;
  const orders = ordersOf(named !== undefined || area !== null, {
    nearest: named !== undefined && (read?.nearby === true || read?.words === ''),
  });
  const order = orderIn(sort, orders);
  return (
    <ListingsPage
      title={searchTitle(query)}
      lead={read ? (noneOfItLead(read) ?? nearbyLead(read)) : undefined}
      order={order === 'recommended' ? 'best' : order}
      origin={named}
    >
      <SortSelect orders={orders} search />
      <ListingsFeedView
        feed={feed}
        errorMessage={() => LOAD_FAILED}
        emptyDescription={t('Try a different or shorter word, such as braids, nails or makeup.')}
      />
    </ListingsPage>
  );
}
