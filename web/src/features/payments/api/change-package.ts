// POST /api/account/package (bearer token, sellers): schedules a lower package for the next renewal,
// or with the current package cancels such a switch. Upgrades are paid instead (create-payment.ts).
import { api } from '@/lib/api-client';
import type { Subscription } from '@/types/api';

export async function changePackage(packageId: string): Promise<Subscription> {
  const response = await api.post<Subscription>('/api/account/package', { packageId });
  return response.data;
}
