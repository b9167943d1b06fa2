// DELETE /api/service/{id} (bearer token): removes one of the seller's listings and its photos (204).
import { api } from '@/lib/api-client';

export async function deleteService(id: string): Promise<void> {
  await api.delete(`/api/service/${encodeURIComponent(id)}`);
}
