// My Account, sellers: every package payment, newest first, with its M-Pesa receipt or what went wrong.
import { useId, type ReactNode } from 'react';
import { Button } from '@/components/ui/button';
import { formatKsh, formatNairobiDate } from '@/lib/format';
import { t } from '@/lib/i18n';
import type { Payment } from '@/types/api';
import { useMyPayments } from '../api/get-my-payments';
import { paymentPurposeLabels, paymentStatusLabels } from '../subscription';
import '@/components/ui/status-badge.css';
import './payment-history.css';

export const HISTORY_FAILED = t('Failed to load your payments. Please try again.');

const columns = [t('Date'), t('Package'), t('Amount'), t('Status'), t('M-Pesa receipt')];

/** `refreshKey`: a new value loads the list again (after a payment was started or settled). */
export function PaymentHistory({ refreshKey }: { refreshKey: number }) {
  const titleId = useId();
  const query = useMyPayments(refreshKey);

  let content;
  if (query.status === 'loading') {
    content = (
      <div role="status" className="payment-history__loading">
        <span className="visually-hidden">{t('Loading your payments…')}</span>
        <span className="payment-history__skeleton" aria-hidden="true" />
      </div>
    );
  } else if (query.status === 'error') {
    content = (
      <div role="alert" className="payment-history__error">
        <p>{HISTORY_FAILED}</p>
        <Button variant="secondary" onClick={query.retry}>
          {t('Try Again')}
        </Button>
      </div>
    );
  } else if (query.data.length === 0) {
    content = <p className="payment-history__empty">{t('No payments yet.')}</p>;
  } else {
    // The roles keep the table a table for screen readers when narrow screens stack its cells.
    content = (
      <table className="payment-history__table" role="table" aria-labelledby={titleId}>
        <thead role="rowgroup">
          <tr role="row">
            {columns.map((column) => (
              <th key={column} role="columnheader" scope="col">
                {column}
              </th>
            ))}
          </tr>
        </thead>
        <tbody role="rowgroup">
          {query.data.map((payment) => (
            <PaymentRow key={payment.id} payment={payment} />
          ))}
        </tbody>
      </table>
    );
  }

  return (
    <section className="card payment-history" aria-labelledby={titleId}>
      <h2 id={titleId} className="payment-history__title">
        {t('Payment history')}
      </h2>
      {content}
    </section>
  );
}

function PaymentRow({ payment }: { payment: Payment }) {
  return (
    <tr role="row">
      <Cell label={t('Date')}>{formatNairobiDate(payment.createdAt)}</Cell>
      <Cell label={t('Package')}>
        {payment.packageName}
        <span className="payment-history__purpose"> · {paymentPurposeLabels[payment.purpose] ?? payment.purpose}</span>
      </Cell>
      <Cell label={t('Amount')}>{formatKsh(payment.amount)}</Cell>
      <Cell label={t('Status')}>
        <span className={`status-badge payment-status--${payment.status}`}>
          {paymentStatusLabels[payment.status] ?? payment.status}
        </span>
        {payment.status === 'failed' && payment.message && (
          <span className="payment-history__message">{payment.message}</span>
        )}
      </Cell>
      <Cell label={t('M-Pesa receipt')}>
        {payment.mpesaReceipt ? (
          <span className="payment-history__receipt">{payment.mpesaReceipt}</span>
        ) : (
          <>
            <span aria-hidden="true">—</span>
            <span className="visually-hidden">{t('None')}</span>
          </>
        )}
        {payment.simulated && <span className="payment-history__demo">{t('Demo')}</span>}
      </Cell>
    </tr>
  );
}

/** `label` is the column's name, shown beside the value when a narrow screen stacks the cells. */
function Cell({ label, children }: { label: string; children: ReactNode }) {
  return (
    <td role="cell" data-label={label}>
      <div>{children}</div>
    </td>
  );
}
