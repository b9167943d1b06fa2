// Idempotency keys for form submissions the gateway may receive twice (a double tap, or a retry after
// an answer that never arrived), so the same content sent again is stored once.
import { useRef } from 'react';
import { isRetryable } from './api-client';

export function newIdempotencyKey(): string {
  // randomUUID exists only in secure contexts (https, localhost); a plain-http LAN address has none.
  return typeof crypto.randomUUID === 'function'
    ? crypto.randomUUID()
    : `${Date.now().toString(36)}-${Math.random().toString(36).slice(2)}`;
}

export interface IdempotentSubmissions {
  /**
   * The key to send `payload` with: the previous attempt's key when the same content is sent again
   * after an unclear failure, a new key otherwise.
   */
  keyFor: (payload: unknown) => string;
  /**
   * Ends the current attempt: after a success or a clear refusal the next submission gets a new key;
   * after no answer or a server failure (which may have stored it) the same content keeps its key.
   */
  settle: (error?: unknown) => void;
}

/** One key per submission attempt of a form (see IdempotentSubmissions). */
export function useIdempotentSubmissions(): IdempotentSubmissions {
  const attempt = useRef<{ payload: string; key: string } | null>(null);
  return {
    keyFor(payload) {
      const serialized = JSON.stringify(payload);
      if (attempt.current?.payload !== serialized) {
        attempt.current = { payload: serialized, key: newIdempotencyKey() };
      }
      return attempt.current.key;
    },
    settle(error) {
      if (error === undefined || !isRetryable(error)) attempt.current = null;
    },
  };
}
