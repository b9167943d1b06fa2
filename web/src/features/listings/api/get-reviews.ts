// A listing's verified reviews, newest first, a page at a time, with the average and how many gave each
// number of stars (GET /api/service/{id}/reviews).
import { api } from '@/lib/api-client';
import type { Reviews } from '@/types/api';

/** How many reviews the listing's page shows at a time. */
export const REVIEWS_PAGE = 5;

export async function getServiceReviews(serviceId: string, offset: number, signal?: AbortSignal): Promise<Reviews> {
  const url = `/api/service/${encodeURIComponent(serviceId)}/reviews`;
  return (await api.get<Reviews>(url, { params: { limit: REVIEWS_PAGE, offset }, signal })).data;
}
