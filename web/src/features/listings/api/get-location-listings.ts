// GET /api/services?location={name}: the services in a town.
import { useCallback } from 'react';
import type { Listing } from '@/types/api';
import { getListingsPage, type ListingsPageRequest } from './listings-page';
import { useListingsFeed } from './use-listings-feed';

export function getLocationListings(location: string, page: ListingsPageRequest): Promise<Listing[]> {
  return getListingsPage('/api/services', { location }, page);
}

export function useLocationListings(location: string) {
  const fetchPage = useCallback((page: ListingsPageRequest) => getLocationListings(location, page), [location]);
  return useListingsFeed(fetchPage);
}
