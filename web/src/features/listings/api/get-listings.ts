// GET /api/services, one page at a time: every service, featured first.
import { firstScreenApi } from '@/lib/api-client';
import { prefetch } from '@/lib/prefetch';
import type { Listing } from '@/types/api';
import { getListingsPage, LISTINGS_PAGE_SIZE, type ListingsPageRequest } from './listings-page';

/** The key of /all-services' first page in lib/prefetch.ts, for useListingsFeed. */
export const ALL_LISTINGS_FIRST_PAGE = 'all-services';

export function getListings(page: ListingsPageRequest): Promise<Listing[]> {
  return getListingsPage('/api/services', {}, page);
}

/** Starts /all-services' first page before its screen has loaded (app/first-screen.ts), without axios. */
export function prefetchAllListings(): void {
  prefetch(ALL_LISTINGS_FIRST_PAGE, () =>
    getListingsPage('/api/services', {}, { limit: LISTINGS_PAGE_SIZE, offset: 0 }, firstScreenApi),
  );
}
