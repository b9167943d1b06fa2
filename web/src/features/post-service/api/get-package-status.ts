// GET /api/me: where the seller's package stands, so /post-service can say before the form that a
// package not yet paid or expired cannot post (the server refuses such a post anyway).
import { api } from '@/lib/api-client';
import { useRequest } from '@/lib/use-request';
import type { AccountUser, Subscription, SubscriptionStatus } from '@/types/api';

export async function getPackageStatus(signal: AbortSignal): Promise<SubscriptionStatus | null> {
  const { data } = await api.get<{ user: AccountUser; subscription?: Subscription | null }>('/api/me', { signal });
  return data.subscription?.status ?? null;
}

export function usePackageStatus() {
  return useRequest(getPackageStatus, 'Failed to load the seller package');
}
