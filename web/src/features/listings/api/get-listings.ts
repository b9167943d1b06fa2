// GET /api/services, one page at a time: every service, featured first (or in the order asked). Free
// of React (the hook is in routes/all-services.tsx), so the first screen can ask before React loads.
import type { Area } from '@/lib/area';
import type { Listing } from '@/types/api';
import { allList, prefetchList } from './first-pages';
import { getListingsPage, type ListingsPageRequest } from './listings-page';

export function getListings(page: ListingsPageRequest, sort = '', area?: Area | null): Promise<Listing[]> {
  const { url, filter } = allList(sort, area);
  return getListingsPage(url, filter, page);
}

/** Starts /all-services' first page before its screen has loaded (app/first-screen.ts), without axios. */
export function prefetchAllListings(sort = ''): void {
  prefetchList(allList(sort));
}
