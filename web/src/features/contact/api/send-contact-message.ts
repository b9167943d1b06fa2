// POST /api/contact: a message to the Mtaani team (SPEC §3 Contact payload, §7).
import { api } from '@/lib/api-client';

export interface ContactPayload {
  name: string;
  email: string;
  phone: string;
  subject: string;
  message: string;
}

export interface ContactAnswer {
  id: string;
  message: string;
}

/** The idempotency key makes a message sent twice (a double tap, a retry after a lost answer) arrive once. */
export async function sendContactMessage(payload: ContactPayload, idempotencyKey: string): Promise<ContactAnswer> {
  const response = await api.post<ContactAnswer>('/api/contact', payload, {
    headers: { 'Idempotency-Key': idempotencyKey },
  });
  return response.data;
}
