// POST /api/password-reset/confirm: sets a new password with the token from the reset link.
import { api } from '@/lib/api-client';

export async function confirmPasswordReset(token: string, password: string): Promise<{ message: string }> {
  const response = await api.post<{ message: string }>('/api/password-reset/confirm', { token, password });
  return response.data;
}
