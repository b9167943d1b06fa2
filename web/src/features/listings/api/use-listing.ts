// The listing of a service page (GET /api/service/{id}, get-listing.ts), loaded when the page mounts.
import { useCallback } from 'react';
import { useRequest } from '@/lib/use-request';
import { getListing, listingKey } from './get-listing';

export function useListing(id: string) {
  const load = useCallback((signal: AbortSignal) => getListing(id, signal), [id]);
  return useRequest(load, 'Failed to load service details', listingKey(id));
}
