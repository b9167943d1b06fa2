// GET /api/account/services?limit=1 (bearer token, sellers): whether the signed-in seller has posted a
// listing yet. Sign-in sends a seller with none to the post form, which is then headed for a first one.
import type { ServiceDto } from '@/types/api';
import { api } from './api-client';

export async function hasListings(signal?: AbortSignal): Promise<boolean> {
  const response = await api.get<ServiceDto[]>('/api/account/services', { params: { limit: 1 }, signal });
  return response.data.length > 0;
}

/** What sign-in passes to /post-service in the router state: the seller has no listing yet. */
export interface FirstServiceState {
  firstService?: boolean;
}
