// GET /api/services?location={name}: the services in a town or any place (a county,
// sub-county, ward or estate), and the place that name is (GET /api/places?name=).
import { useCallback } from 'react';
import { useArea, type Area } from '@/lib/area';
import { placeNamed, placeNamedKey } from '@/lib/places';
import { useRequest } from '@/lib/use-request';
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

/** The place a location page's name is (null for a name that is none's), started by app/page-table.ts. */
export function useLocationPlace(location: string) {
  const load = useCallback((signal: AbortSignal) => placeNamed(location, signal), [location]);
  return useRequest(load, 'Failed to read the place', placeNamedKey(location));
}
