// The payment step of a seller's sign-up: the M-Pesa request the server sent on registration, its
// progress, then its outcome on the page: once paid, the way on; after a failure, the number to try
// again with.
import { useState } from 'react';
import { Button } from '@/components/ui/button';
import { FormAlert, TextField } from '@/components/ui/form-field';
import { apiFieldErrors } from '@/lib/api-client';
import { t } from '@/lib/i18n';
import { cleanPhoneNumber } from '@/lib/phone';
import { useForm } from '@/lib/use-form';
import { useSubmission } from '@/lib/use-submission';
import { phoneMessages } from '@/lib/validation';
import type { Payment } from '@/types/api';
import { retryPayment } from '../api/retry-payment';
import { mpesaNumberSchema, type MpesaNumberValues } from '../validation';
import { PaymentProgress } from './payment-progress';
import './sign-up-payment.css';

export const RETRY_FAILED = t('Failed to send the payment request. Please try again.');

interface SignUpPaymentProps {
  /** The registration payment from POST /api/register: pending, or failed. */
  payment: Payment;
  /** The phone number as the seller typed it on the form. */
  phoneNumber: string;
  /** Called once the payment has succeeded (the outcome stays on the page). */
  onPaid?: (payment: Payment) => void;
  /** The seller goes on from a paid package: to sign in. */
  onContinue: () => void;
}

export function SignUpPayment({ payment: registered, phoneNumber: typed, onPaid, onContinue }: SignUpPaymentProps) {
  // The payment followed now (a retry replaces it) and the number it went to, as typed.
  const [current, setCurrent] = useState({ payment: registered, phoneNumber: typed });
  const { payment, phoneNumber } = current;

  function onSettled(settled: Payment) {
    setCurrent((value) => ({ ...value, payment: settled }));
    if (settled.status === 'succeeded') onPaid?.(settled);
  }

  return (
    <div className="sign-up-payment">
      <PaymentProgress
        key={payment.id}
        payment={payment}
        phoneNumber={cleanPhoneNumber(phoneNumber) ?? undefined}
        titleLevel={2}
        takeFocus
        onSettled={onSettled}
      />
      {payment.status === 'succeeded' && (
        <Button size="lg" block onClick={onContinue}>
          {t('Sign in to post your first service')}
        </Button>
      )}
      {payment.status === 'failed' && (
        <RetryForm
          key={`retry-${payment.id}`}
          failed={payment}
          phoneNumber={phoneNumber}
          onRetried={(next, number) => setCurrent({ payment: next, phoneNumber: number })}
        />
      )}
    </div>
  );
}

interface RetryFormProps {
  failed: Payment;
  phoneNumber: string;
  onRetried: (payment: Payment, phoneNumber: string) => void;
}

function RetryForm({ failed, phoneNumber, onRetried }: RetryFormProps) {
  const form = useForm<MpesaNumberValues>(mpesaNumberSchema, { phoneNumber });
  const { busy, submit } = useSubmission<Payment>(RETRY_FAILED);
  const [formError, setFormError] = useState('');

  const onSubmit = form.handleSubmit((input) => {
    if (busy) return;
    const cleaned = cleanPhoneNumber(input.phoneNumber);
    if (!cleaned) {
      form.setFieldErrors({ phoneNumber: phoneMessages.phoneAfterCleaning });
      return;
    }
    setFormError('');
    submit(() => retryPayment(failed.id, cleaned), {
      onDone: (next) => onRetried(next, input.phoneNumber),
      onFailed: (message, error) => {
        const { phoneNumber: aboutNumber } = apiFieldErrors(error);
        if (aboutNumber) form.setFieldErrors({ phoneNumber: aboutNumber });
        else setFormError(message);
      },
    });
  });

  return (
    <form className="sign-up-payment__retry" noValidate onSubmit={onSubmit}>
      {formError && <FormAlert>{formError}</FormAlert>}
      <TextField
        label={t('M-Pesa phone number')}
        type="tel"
        autoComplete="tel"
        inputMode="tel"
        hint={t('The phone that gets the payment request. Change it to pay from another M-Pesa number.')}
        {...form.field('phoneNumber')}
      />
      <Button type="submit" size="lg" block disabled={busy}>
        {busy ? t('Sending...') : t('Try again')}
      </Button>
    </form>
  );
}
