// GET /api/services/search?query={q}: the services whose words contain the query.
import { useCallback } from 'react';
import { useArea, type Area } from '@/lib/area';
import type { Listing } from '@/types/api';
import { firstPageOf, searchList } from './first-pages';
import { getListingsPage, type ListingsPageRequest } from './listings-page';
import { useListingsFeed } from './use-listings-feed';

export function searchListings(query: string, page: ListingsPageRequest, area?: Area | null): Promise<Listing[]> {
  const { url, filter } = searchList(query, area);
  return getListingsPage(url, filter, page);
}

export function useSearchListings(query: string) {
  const area = useArea();
  const fetchPage = useCallback((page: ListingsPageRequest) => searchListings(query, page, area), [query, area]);
  return useListingsFeed(fetchPage, { prefetched: firstPageOf(searchList(query, area)) });
}
