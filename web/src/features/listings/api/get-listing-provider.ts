// GET /api/service/{id}/provider: who offers a listing and their working plan, for the name and the
// opening line under the listing's title; null when there is no such listing. Asked for beside the
// listing itself (app/first-screen.ts), not after it.
import { api, apiErrorCode, firstScreenApi, type ApiReader } from '@/lib/api-client';
import { prefetch } from '@/lib/prefetch';
import type { ListingProvider } from '@/types/api';

/** `client`: `firstScreenApi` for the call started before the app has loaded (or by the server). */
export async function getListingProvider(
  id: string,
  signal?: AbortSignal,
  client: ApiReader = api,
): Promise<ListingProvider | null> {
  try {
    return (await client.get<ListingProvider>(`/api/service/${encodeURIComponent(id)}/provider`, { signal })).data;
  } catch (error) {
    if (apiErrorCode(error) === 'not_found') return null;
    throw error;
  }
}

/** The key of a listing's provider in lib/prefetch.ts, for useRequest. */
export const listingProviderKey = (id: string) => `listing-provider:${id}`;

export function prefetchListingProvider(id: string): void {
  prefetch(listingProviderKey(id), () => getListingProvider(id, undefined, firstScreenApi));
}
