// GET /api/payments/{id} (public: the id is the capability): one package payment, its phone number masked.
import { api } from '@/lib/api-client';
import type { Payment } from '@/types/api';

export async function getPayment(id: string, signal?: AbortSignal): Promise<Payment> {
  const response = await api.get<Payment>(`/api/payments/${encodeURIComponent(id)}`, { signal });
  return response.data;
}
