// The progress of one M-Pesa package payment, on the sign-up page and in My Account: what is being
// paid, "Check your phone", then the receipt or what went wrong, announced as it changes.
import { useEffect, useRef } from 'react';
import { Button } from '@/components/ui/button';
import { CloseIcon, InfoIcon } from '@/components/ui/icons';
import { CheckIcon, SmartphoneIcon } from '@/components/ui/page-icons';
import { formatKsh } from '@/lib/format';
import { t } from '@/lib/i18n';
import { tx } from '@/lib/i18n-elements';
import type { Payment } from '@/types/api';
import { usePaymentStatus } from '../use-payment-status';
import './payment-progress.css';

export const DEMO_NOTICE = t(
  'Demo payment — no money moves. It is approved after about 2 seconds; numbers ending in 0000 are declined.',
);
export const PAYMENT_FAILED = t('The payment did not go through. Please try again.');

interface PaymentProgressProps {
  /** The payment as last known; follow another payment with another `key`. */
  payment: Payment;
  /** The number as the seller gave it, shown instead of the masked one the public call answers. */
  phoneNumber?: string;
  /** The title's level in the page's outline. */
  titleLevel?: 2 | 3;
  /**
   * For a payment the seller has just started: the focus moves to the title now and again when the
   * payment settles, as the controls that started it are gone.
   */
  takeFocus?: boolean;
  onSettled?: (payment: Payment) => void;
}

export function PaymentProgress({ payment: initial, phoneNumber, titleLevel = 3, takeFocus, onSettled }: PaymentProgressProps) {
  const { payment, watch, checkAgain } = usePaymentStatus(initial, onSettled);
  const titleRef = useRef<HTMLHeadingElement>(null);
  const Title = titleLevel === 2 ? 'h2' : 'h3';
  const amount = formatKsh(payment.amount);
  const stopped = payment.status === 'pending' && watch === 'stopped';

  useEffect(() => {
    if (takeFocus) titleRef.current?.focus();
  }, [takeFocus, payment.status]);

  let title: string;
  let body;
  if (payment.status === 'succeeded') {
    title = t('Payment received');
    body = (
      <p>
        {tx('M-Pesa receipt {receipt}', {
          receipt: <span className="payment-progress__receipt">{payment.mpesaReceipt}</span>,
        })}
      </p>
    );
  } else if (payment.status === 'failed') {
    title = t('Payment not completed');
    body = <p>{payment.message || PAYMENT_FAILED}</p>;
  } else if (stopped) {
    title = t('Still waiting for M-Pesa');
    body = (
      <p>
        {t('We have not heard back from M-Pesa yet. If you entered your PIN, your payment may still come through.')}
      </p>
    );
  } else {
    title = t('Check your phone');
    body = (
      <>
        <p>
          {tx('We sent an M-Pesa request to {phone}.', {
            phone: <strong className="nowrap">{phoneNumber || initial.phoneNumber}</strong>,
          })}
        </p>
        <p>{t('Enter your M-Pesa PIN to pay {amount} to Mtaani.', { amount })}</p>
        <p className="payment-progress__wait">
          {watch === 'slow' ? t('Still waiting for your PIN. M-Pesa can take up to a minute.') : t('Waiting for your PIN…')}
        </p>
      </>
    );
  }

  return (
    <div className={`payment-progress payment-progress--${stopped ? 'stopped' : payment.status}`}>
      <p className="payment-progress__summary">
        <span>{purposeLabel(payment)}</span>
        <strong className="payment-progress__amount">{amount}</strong>
      </p>
      {payment.simulated && (
        <p className="payment-progress__demo">
          <InfoIcon size={18} />
          {DEMO_NOTICE}
        </p>
      )}
      <div className="payment-progress__body">
        <span className="payment-progress__icon" aria-hidden="true">
          {payment.status === 'succeeded' ? (
            <CheckIcon size={26} />
          ) : payment.status === 'failed' ? (
            <CloseIcon size={26} />
          ) : (
            <SmartphoneIcon size={26} />
          )}
        </span>
        {/* Polite: the seller hears each change of state, not each check with the server. */}
        <div className="payment-progress__status" role="status">
          <Title ref={titleRef} tabIndex={-1} className="payment-progress__title">
            {title}
          </Title>
          {body}
        </div>
      </div>
      {payment.status === 'pending' && !stopped && <span className="payment-progress__bar" aria-hidden="true" />}
      {stopped && (
        <Button variant="secondary" onClick={checkAgain} className="payment-progress__again">
          {t('Check again')}
        </Button>
      )}
    </div>
  );
}

function purposeLabel(payment: Payment): string {
  switch (payment.purpose) {
    case 'registration':
      return t('{package} package · first month', { package: payment.packageName });
    case 'renewal':
      return t('{package} package · next month', { package: payment.packageName });
    case 'upgrade':
      return t('Upgrade to {package}', { package: payment.packageName });
    default:
      return t('{package} package', { package: payment.packageName });
  }
}
