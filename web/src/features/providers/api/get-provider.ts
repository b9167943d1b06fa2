// GET /api/providers/{id}: a provider's public page (name, towns, rating, working week, listings);
// null when there is no such provider to show.
import { api, apiErrorCode, firstScreenApi, type ApiReader } from '@/lib/api-client';
import { toListings } from '@/lib/listing';
import { prefetch } from '@/lib/prefetch';
import type { Listing, ProviderDto } from '@/types/api';

export interface Provider extends Omit<ProviderDto, 'listings'> {
  listings: Listing[];
}

/** `client`: `firstScreenApi` for the call started before the app has loaded (or by the server). */
export async function getProvider(id: string, signal?: AbortSignal, client: ApiReader = api): Promise<Provider | null> {
  try {
    const { data } = await client.get<ProviderDto>(`/api/providers/${encodeURIComponent(id)}`, { signal });
    return { ...data, listings: toListings(data.listings) };
  } catch (error) {
    if (apiErrorCode(error) === 'not_found') return null;
    throw error;
  }
}

/** The key of a provider's answer in lib/prefetch.ts, for useRequest. */
export const providerKey = (id: string) => `provider:${id}`;

/** Starts the provider's call before its page has loaded (app/first-screen.ts), without axios. */
export function prefetchProvider(id: string): void {
  prefetch(providerKey(id), () => getProvider(id, undefined, firstScreenApi));
}
