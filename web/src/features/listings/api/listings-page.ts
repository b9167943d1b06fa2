// One page of a list of services (all services, a subcategory, a location, a search): the request
// behind useListingsFeed. Free of React, so the first screen can ask for a page before React loads.
import { api, firstScreenApi, type ApiReader } from '@/lib/api-client';
import { toListings } from '@/lib/listing';
import { prefetch } from '@/lib/prefetch';
import type { Listing, ServiceDto } from '@/types/api';

export const LISTINGS_PAGE_SIZE = 48;

export interface ListingsPageRequest {
  limit: number;
  offset: number;
  signal?: AbortSignal;
}

/** One page of a list; a page shorter than `limit` is the last. */
export type FetchListingsPage = (page: ListingsPageRequest) => Promise<Listing[]>;

/**
 * GET `url` with what the list is filtered by and the page's limit and offset. `client`:
 * `firstScreenApi` for the page started before the app has loaded.
 */
export async function getListingsPage(
  url: string,
  filter: Record<string, string>,
  { limit, offset, signal }: ListingsPageRequest,
  client: ApiReader = api,
): Promise<Listing[]> {
  // Some calls answer a single object instead of a list of one (SPEC §7).
  const response = await client.get<ServiceDto[] | ServiceDto>(url, { params: { ...filter, limit, offset }, signal });
  return toListings(response.data);
}

/** The key in lib/prefetch.ts of a list's first page: the list's URL and filter. */
export function firstPageKey(url: string, filter: Record<string, string>): string {
  return `${url}?${new URLSearchParams(filter).toString()}`;
}

/** Starts a list's first page before its screen has rendered (app/first-screen.ts), without axios. */
export function prefetchFirstPage(url: string, filter: Record<string, string>): void {
  prefetch(firstPageKey(url, filter), () =>
    getListingsPage(url, filter, { limit: LISTINGS_PAGE_SIZE, offset: 0 }, firstScreenApi),
  );
}
