// POST /api/password-reset/request: e-mails a reset link; the answer is the same whether or not the
// account exists, so it cannot be used to find out who has one.
import { api } from '@/lib/api-client';

export async function requestPasswordReset(email: string): Promise<{ message: string }> {
  const response = await api.post<{ message: string }>('/api/password-reset/request', { email });
  return response.data;
}
