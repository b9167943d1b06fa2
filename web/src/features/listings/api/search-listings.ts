// GET /api/services/search?query={q}: the services whose words contain the query, in the order asked.
import { useCallback } from 'react';
import { useArea, type Area } from '@/lib/area';
import { useRequest } from '@/lib/use-request';
import type { Listing } from '@/types/api';
import { firstPageOf, searchList } from './first-pages';
import { getListingsPage, type ListingsPageRequest } from './listings-page';
import { getSearchScope, searchScopeKey } from './search-scope';
import { useListingsFeed } from './use-listings-feed';

export function searchListings(
  query: string,
  page: ListingsPageRequest,
  sort = '',
  area?: Area | null,
): Promise<Listing[]> {
  const { url, filter } = searchList(query, sort, area);
  return getListingsPage(url, filter, page);
}

export function useSearchListings(query: string, sort = '') {
  const area = useArea();
  const fetchPage = useCallback(
    (page: ListingsPageRequest) => searchListings(query, page, sort, area),
    [query, sort, area],
  );
  return useListingsFeed(fetchPage, { prefetched: firstPageOf(searchList(query, sort, area)) });
}

/** How the search reads `query`'s words: the place they name, and whether the nearest are answered. */
export function useSearchScope(query: string) {
  const load = useCallback((signal: AbortSignal) => getSearchScope(query, signal), [query]);
  return useRequest(load, 'Failed to read the search', searchScopeKey(query));
}
