// POST /api/payments (bearer token, sellers): pays the next month of the package, or a higher package.
import { api } from '@/lib/api-client';
import type { Payment } from '@/types/api';

export interface NewPayment {
  /** Already cleaned; without it the request goes to the account's phone number. */
  phoneNumber?: string;
  /** A higher package (an upgrade, in force once paid); without it, the next month of the current one. */
  packageId?: string;
}

/**
 * The idempotency key makes a repeated tap, or a retry after a lost answer, send one M-Pesa request
 * rather than two. Answers the pending payment; 409 when one is already waiting for the PIN.
 */
export async function createPayment(payment: NewPayment, idempotencyKey: string): Promise<Payment> {
  const response = await api.post<Payment>('/api/payments', payment, {
    headers: { 'Idempotency-Key': idempotencyKey },
  });
  return response.data;
}
