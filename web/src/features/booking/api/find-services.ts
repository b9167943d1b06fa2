// The services the booking dialog offers when it was opened without one: the first few of
// GET /api/services before the visitor types, then GET /api/services/search?query= for what they type.
import { api } from '@/lib/api-client';
import { toListings } from '@/lib/listing';
import type { Listing, ServiceDto } from '@/types/api';

export const SERVICE_CHOICES = 8;

export async function findServices(query: string, signal?: AbortSignal): Promise<Listing[]> {
  const q = query.trim();
  const response = q
    ? await api.get<ServiceDto[] | ServiceDto>('/api/services/search', { params: { query: q, limit: SERVICE_CHOICES }, signal })
    : await api.get<ServiceDto[] | ServiceDto>('/api/services', { params: { limit: SERVICE_CHOICES }, signal });
  return toListings(response.data).slice(0, SERVICE_CHOICES);
}
