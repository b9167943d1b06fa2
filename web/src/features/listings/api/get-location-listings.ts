// GET /api/services?location={name}: the services in a town.
import { useCallback } from 'react';
import { useArea, type Area } from '@/lib/area';
import type { Listing } from '@/types/api';
import { firstPageOf, locationList } from './first-pages';
import { getListingsPage, type ListingsPageRequest } from './listings-page';
import { useListingsFeed } from './use-listings-feed';

export function getLocationListings(
  location: string,
  page: ListingsPageRequest,
  sort = '',
  area?: Area | null,
): Promise<Listing[]> {
  const { url, filter } = locationList(location, sort, area);
  return getListingsPage(url, filter, page);
}

export function useLocationListings(location: string, sort = '') {
  const area = useArea();
  const fetchPage = useCallback(
    (page: ListingsPageRequest) => getLocationListings(location, page, sort, area),
    [location, sort, area],
  );
  return useListingsFeed(fetchPage, { prefetched: firstPageOf(locationList(location, sort, area)) });
}
