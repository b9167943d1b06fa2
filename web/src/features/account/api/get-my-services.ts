// GET /api/account/services (bearer token): the signed-in seller's own listings, hidden ones included.
import { api } from '@/lib/api-client';
import { toListings } from '@/lib/listing';
import { useRequest } from '@/lib/use-request';
import type { Listing, ServiceDto } from '@/types/api';

// The most one page may hold: a seller's listings fit in it.
const MY_SERVICES_LIMIT = 100;

/** One of the seller's listings, with why Mtaani's team took it down when it did. */
export type MyListing = Listing & { hiddenReason?: string };

export async function getMyServices(signal?: AbortSignal): Promise<MyListing[]> {
  const response = await api.get<ServiceDto[]>('/api/account/services', {
    params: { limit: MY_SERVICES_LIMIT },
    signal,
  });
  return toListings(response.data).map((listing, i) => ({ ...listing, hiddenReason: response.data[i]?.hiddenReason ?? undefined }));
}

export function useMyServices() {
  return useRequest(getMyServices, 'Failed to load your services');
}
