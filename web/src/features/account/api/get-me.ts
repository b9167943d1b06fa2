// GET /api/me (bearer token): the signed-in user's profile and, for sellers, the package subscription.
import { api } from '@/lib/api-client';
import { useRequest } from '@/lib/use-request';
import type { AccountUser, Subscription } from '@/types/api';

export interface Me {
  user: AccountUser;
  subscription?: Subscription | null;
}

export async function getMe(signal?: AbortSignal): Promise<Me> {
  const response = await api.get<Me>('/api/me', { signal });
  return response.data;
}

/** A refused token (401) has already ended the session; the app then shows /signin. */
export function useMe() {
  return useRequest(getMe, 'Failed to load the account');
}
