// GET /api/providers/{id}: a provider's public page (name, towns, rating, working week, listings);
// null when there is no such provider to show.
import { api, apiErrorStatus } from '@/lib/api-client';
import { toListings } from '@/lib/listing';
import type { Listing, ProviderDto } from '@/types/api';

export interface Provider extends Omit<ProviderDto, 'listings'> {
  listings: Listing[];
}

export async function getProvider(id: string, signal?: AbortSignal): Promise<Provider | null> {
  try {
    const { data } = await api.get<ProviderDto>(`/api/providers/${encodeURIComponent(id)}`, { signal });
    return { ...data, listings: toListings(data.listings) };
  } catch (error) {
    if (apiErrorStatus(error) === 404) return null;
    throw error;
  }
}
