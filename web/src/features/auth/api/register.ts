// POST /api/register: a new buyer or seller account (SPEC §3 Register payload).
import { api } from '@/lib/api-client';
import type { AccountType, AccountUser, Payment, Subscription } from '@/types/api';

export interface RegisterPayload {
  /** First and last name joined by a space. */
  userName: string;
  email: string;
  /** Already cleaned: '+' and 10 to 15 digits. */
  phoneNumber: string;
  password: string;
  accountType: AccountType;
  /** Sellers only. */
  packageId?: string;
}

export interface RegisterAnswer {
  message: string;
  user: AccountUser;
  /** Sellers: the package, awaiting its first payment. */
  subscription?: Subscription;
  /**
   * Sellers: the M-Pesa request the server has already sent to the registration number for the
   * package price; pending, or failed with a message when it could not be sent.
   */
  payment?: Payment;
}

/**
 * The idempotency key makes a repeated submit of the same details (a double tap, or a retry after a
 * lost answer) create one account, not fail with "already exists".
 */
export async function register(payload: RegisterPayload, idempotencyKey: string): Promise<RegisterAnswer> {
  const response = await api.post<RegisterAnswer>('/api/register', payload, {
    headers: { 'Idempotency-Key': idempotencyKey },
  });
  return response.data;
}
