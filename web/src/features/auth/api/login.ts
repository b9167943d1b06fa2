// POST /api/login: a token and the user for the session (SPEC §7).
import { api } from '@/lib/api-client';
import type { AccountUser } from '@/types/api';

export interface LoginInput {
  email: string;
  password: string;
  rememberMe: boolean;
  /** An admin's authenticator code, when the server asked for it. */
  totp?: string;
}

export interface LoginAnswer {
  token: string;
  user: AccountUser;
}

export async function login(input: LoginInput): Promise<LoginAnswer> {
  const response = await api.post<LoginAnswer>('/api/login', input);
  return response.data;
}
