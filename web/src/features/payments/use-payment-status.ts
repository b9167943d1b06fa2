// Follows a pending M-Pesa payment until the seller's PIN (or M-Pesa) settles it: asks the server every
// 2 s, every 5 s after half a minute, and stops after 3 minutes until the seller asks again.
import { useEffect, useEffectEvent, useState } from 'react';
import { isRetryable } from '@/lib/api-client';
import type { Payment } from '@/types/api';
import { getPayment } from './api/get-payment';

export const POLL_EVERY_MS = 2_000;
export const SLOWER_AFTER_MS = 30_000;
export const POLL_SLOWER_EVERY_MS = 5_000;
export const GIVE_UP_AFTER_MS = 180_000;

/** 'waiting' at first, 'slow' after half a minute, 'stopped' after 3 minutes (or an answer that will not change). */
export type Watch = 'waiting' | 'slow' | 'stopped';

export interface PaymentStatus {
  /** The latest known state of the payment. */
  payment: Payment;
  /** How the wait for a pending payment is going; meaningless once it is settled. */
  watch: Watch;
  /** After 'stopped': asks at once and follows the payment for another 3 minutes. */
  checkAgain: () => void;
}

/**
 * `onSettled` is called once when a payment seen pending here succeeds or fails. The caller shows a
 * new payment (a retry) with a new `key`, so each payment starts its own wait.
 */
export function usePaymentStatus(initial: Payment, onSettled?: (payment: Payment) => void): PaymentStatus {
  const [payment, setPayment] = useState(initial);
  const [watch, setWatch] = useState<Watch>('waiting');
  // Each 'Check again' starts a new round of polling.
  const [round, setRound] = useState(0);
  const settled = useEffectEvent((next: Payment) => onSettled?.(next));

  const { id } = payment;
  const polling = payment.status === 'pending' && watch !== 'stopped';

  useEffect(() => {
    if (!polling) return;
    const controller = new AbortController();
    const startedAt = Date.now();
    let timer: number | undefined;

    function next(delay: number) {
      timer = window.setTimeout(check, delay);
    }

    function check() {
      getPayment(id, controller.signal).then(
        (answer) => {
          if (answer.status !== 'pending') {
            setPayment(answer);
            settled(answer);
            return;
          }
          waitMore();
        },
        (error: unknown) => {
          if (controller.signal.aborted) return;
          // A lost answer or a server hiccup is worth another try; a refusal (e.g. 404) will not change.
          if (isRetryable(error)) {
            waitMore();
          } else {
            console.error('Failed to check the payment', error);
            setWatch('stopped');
          }
        },
      );
    }

    function waitMore() {
      const elapsed = Date.now() - startedAt;
      if (elapsed >= GIVE_UP_AFTER_MS) {
        setWatch('stopped');
      } else if (elapsed >= SLOWER_AFTER_MS) {
        setWatch('slow');
        next(POLL_SLOWER_EVERY_MS);
      } else {
        next(POLL_EVERY_MS);
      }
    }

    // 'Check again' asks at once; a new payment was only just sent to the phone.
    next(round === 0 ? POLL_EVERY_MS : 0);
    return () => {
      controller.abort();
      window.clearTimeout(timer);
    };
  }, [id, polling, round]);

  function checkAgain() {
    setWatch('waiting');
    setRound((value) => value + 1);
  }

  return { payment, watch, checkAgain };
}
