// GET /api/service/{id}: one listing for its own page; null when there is no such listing.
import axios from 'axios';
import { useCallback } from 'react';
import { api } from '@/lib/api-client';
import { toListingDetail } from '@/lib/listing';
import { useRequest } from '@/lib/use-request';
import type { ListingDetail, ServiceDto } from '@/types/api';

export async function getListing(id: string, signal?: AbortSignal): Promise<ListingDetail | null> {
  try {
    const response = await api.get<ServiceDto>(`/api/service/${encodeURIComponent(id)}`, { signal });
    return toListingDetail(response.data);
  } catch (error) {
    // A 404 is an answer (a removed listing, a mistyped link), not a failure to retry.
    if (axios.isAxiosError(error) && error.response?.status === 404) return null;
    throw error;
  }
}

export function useListing(id: string) {
  const load = useCallback((signal: AbortSignal) => getListing(id, signal), [id]);
  return useRequest(load, 'Failed to load service details');
}
