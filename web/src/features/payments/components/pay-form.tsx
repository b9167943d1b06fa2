// My Account: pays the next month of the package by M-Pesa, to the account's number or another one.
import { useState } from 'react';
import { Button } from '@/components/ui/button';
import { TextField } from '@/components/ui/form-field';
import { apiFieldErrors } from '@/lib/api-client';
import { formatKsh } from '@/lib/format';
import { t } from '@/lib/i18n';
import { tx } from '@/lib/i18n-elements';
import { useIdempotentSubmissions } from '@/lib/idempotency';
import { cleanPhoneNumber } from '@/lib/phone';
import { useForm } from '@/lib/use-form';
import { useSubmission } from '@/lib/use-submission';
import { phoneMessages } from '@/lib/validation';
import type { Payment } from '@/types/api';
import { createPayment, type NewPayment } from '../api/create-payment';
import { mpesaNumberSchema, type MpesaNumberValues } from '../validation';

export const PAY_FAILED = t('Failed to send the payment request. Please try again.');

interface PayFormProps {
  /** The button's words: 'Pay with M-Pesa' or 'Renew for Ksh 1,500'. */
  label: string;
  amount: number;
  /** Where the request goes unless the seller gives another number; '' when the account has none. */
  accountPhone: string;
  /** The main action of the section (a payment is due), else a secondary one. */
  urgent: boolean;
  onStarted: (payment: Payment) => void;
  /** A failure that is not about the number, e.g. 409 when a payment already waits for the PIN. */
  onFailed: (message: string, error: unknown) => void;
}

export function PayForm({ label, amount, accountPhone, urgent, onStarted, onFailed }: PayFormProps) {
  const form = useForm<MpesaNumberValues>(mpesaNumberSchema, { phoneNumber: accountPhone });
  const [otherNumber, setOtherNumber] = useState(!accountPhone);
  const keys = useIdempotentSubmissions();
  const { busy, submit } = useSubmission<Payment>(PAY_FAILED);

  const onSubmit = form.handleSubmit((input) => {
    if (busy) return;
    const request: NewPayment = {};
    if (otherNumber) {
      const cleaned = cleanPhoneNumber(input.phoneNumber);
      if (!cleaned) {
        form.setFieldErrors({ phoneNumber: phoneMessages.phoneAfterCleaning });
        return;
      }
      if (cleaned !== accountPhone) request.phoneNumber = cleaned;
    }
    submit(() => createPayment(request, keys.keyFor(request)), {
      onDone: (payment) => {
        keys.settle();
        onStarted(payment);
      },
      onFailed: (message, error) => {
        keys.settle(error);
        const { phoneNumber: aboutNumber } = apiFieldErrors(error);
        if (aboutNumber) {
          setOtherNumber(true);
          form.setFieldErrors({ phoneNumber: aboutNumber });
        } else {
          onFailed(message, error);
        }
      },
    });
  });

  return (
    <form className="pay-form" noValidate onSubmit={onSubmit}>
      {otherNumber ? (
        <TextField
          label={t('M-Pesa phone number')}
          type="tel"
          autoComplete="tel"
          inputMode="tel"
          // Shown after a press on 'Use another number', which is gone: the typing goes on here.
          autoFocus={Boolean(accountPhone)}
          hint={t('The phone that gets the request for {amount}.', { amount: formatKsh(amount) })}
          {...form.field('phoneNumber')}
        />
      ) : (
        <p className="pay-form__to">
          {tx('The M-Pesa request for {amount} goes to {phone}.', {
            amount: <strong className="nowrap">{formatKsh(amount)}</strong>,
            phone: <strong className="nowrap">{accountPhone}</strong>,
          })}{' '}
          <button type="button" className="pay-form__other" onClick={() => setOtherNumber(true)}>
            {t('Use another number')}
          </button>
        </p>
      )}
      <Button type="submit" variant={urgent ? 'primary' : 'secondary'} size="lg" disabled={busy}>
        {busy ? t('Sending...') : label}
      </Button>
    </form>
  );
}
