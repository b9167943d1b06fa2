// GET /api/services, one page at a time: every service, featured first.
import type { Listing } from '@/types/api';
import { getListingsPage, useListingsFeed, type ListingsPageRequest } from './use-listings-feed';

export function getListings(page: ListingsPageRequest): Promise<Listing[]> {
  return getListingsPage('/api/services', {}, page);
}

export function useAllListings() {
  return useListingsFeed(getListings);
}
