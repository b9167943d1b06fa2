// A listing's verified reviews, newest first, a page at a time, with the average and how many gave each
// number of stars (GET /api/service/{id}/reviews).
import { api, firstScreenApi, type ApiReader } from '@/lib/api-client';
import { prefetch } from '@/lib/prefetch';
import type { Reviews } from '@/types/api';

/** How many reviews the listing's page shows at a time. */
export const REVIEWS_PAGE = 5;

/** `client`: `firstScreenApi` for the call started before the app has loaded. */
export async function getServiceReviews(
  serviceId: string,
  offset: number,
  signal?: AbortSignal,
  client: ApiReader = api,
): Promise<Reviews> {
  const url = `/api/service/${encodeURIComponent(serviceId)}/reviews`;
  return (await client.get<Reviews>(url, { params: { limit: REVIEWS_PAGE, offset }, signal })).data;
}

/** The key of a listing's first page of reviews in lib/prefetch.ts, for useRequest. */
export const reviewsKey = (serviceId: string) => `reviews:${serviceId}`;

/**
 * Starts the first page of reviews with the listing's own call (app/first-screen.ts): the server
 * renderer carries its answer in the document, so the reviews below the page cost no request.
 */
export function prefetchServiceReviews(serviceId: string): void {
  prefetch(reviewsKey(serviceId), () => getServiceReviews(serviceId, 0, undefined, firstScreenApi));
}
