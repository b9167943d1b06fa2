// Verified reviews (the gateway's /api/reviews…): what an e-mailed link is for and the review it
// allows, and the seller's reviews with their one reply (a listing's own: listings/api/get-reviews.ts).
import { api } from '@/lib/api-client';
import type { Review, ReviewInvite, Reviews } from '@/types/api';

export async function getReviewInvite(token: string, signal?: AbortSignal): Promise<ReviewInvite> {
  return (await api.get<ReviewInvite>('/api/reviews/invite', { params: { token }, signal })).data;
}

export async function createReview(token: string, rating: number, text: string): Promise<Review> {
  return (await api.post<Review>('/api/reviews', { token, rating, text })).data;
}

export async function getMyReviews(signal?: AbortSignal): Promise<Reviews> {
  return (await api.get<Reviews>('/api/account/reviews', { params: { limit: 100 }, signal })).data;
}

export async function replyToReview(id: string, text: string): Promise<Review> {
  return (await api.post<Review>(`/api/account/reviews/${encodeURIComponent(id)}/reply`, { text })).data;
}
