// The one HTTP client of the app: same-origin calls to the gateway with JSON bodies.
import axios from 'axios';

// No time-out, as SPEC §7 says; callers pass an AbortSignal when they may give up.
export const api = axios.create({
  baseURL: '',
  headers: { 'Content-Type': 'application/json' },
});

/** The gateway's `{"message": …}` from a failed call, if it sent one. */
export function apiErrorMessage(error: unknown): string | undefined {
  if (!axios.isAxiosError<{ message?: unknown }>(error)) return undefined;
  const message = error.response?.data?.message;
  return typeof message === 'string' && message.trim() ? message : undefined;
}
