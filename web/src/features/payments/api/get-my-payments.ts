// GET /api/account/payments (bearer token, sellers): the seller's package payments, newest first.
import { useCallback } from 'react';
import { api } from '@/lib/api-client';
import { useRequest } from '@/lib/use-request';
import type { Payment } from '@/types/api';

export async function getMyPayments(signal?: AbortSignal): Promise<Payment[]> {
  const response = await api.get<Payment[]>('/api/account/payments', { signal });
  return response.data;
}

/** Loads the list, and again whenever `refreshKey` changes; the rows shown stay until the new ones arrive. */
export function useMyPayments(refreshKey: number) {
  // A new function tells useRequest to load again (without going back to its loading state).
  // eslint-disable-next-line react-hooks/exhaustive-deps -- the key is what makes it new
  const load = useCallback((signal: AbortSignal) => getMyPayments(signal), [refreshKey]);
  return useRequest(load, 'Failed to load the payments');
}
