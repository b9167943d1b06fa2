// POST /api/payments/{id}/retry (public): a new M-Pesa request for a registration payment that failed,
// to the same or another number.
import { api } from '@/lib/api-client';
import type { Payment } from '@/types/api';

/** `phoneNumber` is already cleaned ('+' and 10 to 15 digits). Answers the new, pending payment. */
export async function retryPayment(id: string, phoneNumber: string): Promise<Payment> {
  const response = await api.post<Payment>(`/api/payments/${encodeURIComponent(id)}/retry`, { phoneNumber });
  return response.data;
}
