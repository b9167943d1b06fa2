// GET /api/service/{id}: one listing for its own page; null when there is no such listing. Free of
// React (its hook is use-listing.ts), so the first screen can ask for it before React loads.
import { api, apiErrorCode, firstScreenApi, type ApiReader } from '@/lib/api-client';
import { toListingDetail } from '@/lib/listing';
import { prefetch } from '@/lib/prefetch';
import type { ListingDetail, ServiceDto } from '@/types/api';

/** `client`: `firstScreenApi` for the call started before the app has loaded. */
export async function getListing(id: string, signal?: AbortSignal, client: ApiReader = api): Promise<ListingDetail | null> {
  try {
    const response = await client.get<ServiceDto>(`/api/service/${encodeURIComponent(id)}`, { signal });
    return toListingDetail(response.data);
  } catch (error) {
    // A 404 is an answer (a removed listing, a mistyped link), not a failure to retry.
    if (apiErrorCode(error) === 'not_found') return null;
    throw error;
  }
}

/** The key of a listing's answer in lib/prefetch.ts, for useRequest. */
export const listingKey = (id: string) => `listing:${id}`;

/** Starts the listing's call before its page has loaded (app/first-screen.ts), without axios. */
export function prefetchListing(id: string): void {
  prefetch(listingKey(id), () => getListing(id, undefined, firstScreenApi));
}
