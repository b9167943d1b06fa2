// The one HTTP client of the app: same-origin calls to the gateway with JSON bodies, carrying the
// session's token (SPEC §4, §6).
import axios, { AxiosHeaders, type InternalAxiosRequestConfig } from 'axios';
import type { ApiErrorBody } from '@/types/api';
import { expireSession, readSession } from './session';

// No time-out, as SPEC §7 says; callers pass an AbortSignal when they may give up.
export const api = axios.create({
  baseURL: '',
  headers: { 'Content-Type': 'application/json' },
});

/** The sign-in call answers 401 for a wrong password; that says nothing about a stored session. */
const LOGIN_URL = '/api/login';

api.interceptors.request.use((config) => {
  const token = readSession()?.token;
  if (token && !config.headers.has('Authorization')) config.headers.set('Authorization', `Bearer ${token}`);
  return config;
});

api.interceptors.response.use(undefined, (error: unknown) => {
  if (axios.isAxiosError(error) && error.response?.status === 401 && error.config) {
    const token = sentToken(error.config);
    // A refused token ends the session (and the app sends the visitor to /signin).
    if (token && error.config.url !== LOGIN_URL) expireSession(token);
  }
  throw error;
});

function sentToken(config: InternalAxiosRequestConfig): string | null {
  const header = AxiosHeaders.from(config.headers).get('Authorization');
  return typeof header === 'string' && header.startsWith('Bearer ') ? header.slice('Bearer '.length) : null;
}

/** The call got no answer, or a server failure (5xx): the same request may be sent again. */
export function isRetryable(error: unknown): boolean {
  if (!axios.isAxiosError(error)) return false;
  const status = error.response?.status;
  return status === undefined || status >= 500;
}

/** The gateway's `{"message": …}` from a failed call, if it sent one. */
export function apiErrorMessage(error: unknown): string | undefined {
  if (!axios.isAxiosError<Partial<ApiErrorBody>>(error)) return undefined;
  const message = error.response?.data?.message;
  return typeof message === 'string' && message.trim() ? message : undefined;
}

/** The gateway's `{"errors": {field: message}}` from a rejected form; empty when it sent none. */
export function apiFieldErrors(error: unknown): Record<string, string> {
  if (!axios.isAxiosError<Partial<ApiErrorBody>>(error)) return {};
  // Checked, not trusted: a proxy in between may answer with a body of its own.
  const errors: unknown = error.response?.data?.errors;
  if (typeof errors !== 'object' || errors === null) return {};
  return Object.fromEntries(
    Object.entries(errors).filter((entry): entry is [string, string] => typeof entry[1] === 'string' && entry[1] !== ''),
  );
}
