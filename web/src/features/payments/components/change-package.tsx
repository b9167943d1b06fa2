// My Account: the three packages to change to. A higher one is paid now and applies once paid; a lower
// one applies at the next renewal.
import { useId, useState } from 'react';
import { Button } from '@/components/ui/button';
import { apiErrorMessage } from '@/lib/api-client';
import { formatKsh, formatNairobiDate } from '@/lib/format';
import { t } from '@/lib/i18n';
import { useIdempotentSubmissions } from '@/lib/idempotency';
import type { RequestState } from '@/lib/use-request';
import type { Package, Payment, Subscription } from '@/types/api';
import { changePackage } from '../api/change-package';
import { createPayment } from '../api/create-payment';
import { PAY_FAILED } from './pay-form';

export const PACKAGES_LOAD_FAILED = t('Failed to load packages. Please try again.');
export const CHANGE_FAILED = t('Failed to change your package. Please try again.');

interface ChangePackageProps {
  id: string;
  subscription: Subscription;
  packages: RequestState<Package[]> & { retry: () => void };
  onUpgradeStarted: (payment: Payment) => void;
  /** A lower package was scheduled; `notice` says so in the seller's words. */
  onScheduled: (subscription: Subscription, notice: string) => void;
  onFailed: (message: string, error: unknown) => void;
}

export function ChangePackage({ id, subscription, packages, onUpgradeStarted, onScheduled, onFailed }: ChangePackageProps) {
  const titleId = useId();
  const keys = useIdempotentSubmissions();
  // The package whose request is under way; every button waits for it.
  const [sending, setSending] = useState<string | null>(null);

  function upgrade(target: Package) {
    if (sending) return;
    setSending(target.id);
    const request = { packageId: target.id };
    createPayment(request, keys.keyFor(request)).then(
      (payment) => {
        keys.settle();
        onUpgradeStarted(payment);
      },
      (error: unknown) => {
        keys.settle(error);
        setSending(null);
        onFailed(apiErrorMessage(error) ?? PAY_FAILED, error);
      },
    );
  }

  function schedule(target: Package) {
    if (sending) return;
    setSending(target.id);
    changePackage(target.id).then(
      (next) => {
        setSending(null);
        onScheduled(next, switchNotice(target.name, next.paidUntil ?? null));
      },
      (error: unknown) => {
        setSending(null);
        onFailed(apiErrorMessage(error) ?? CHANGE_FAILED, error);
      },
    );
  }

  let content;
  if (packages.status === 'loading') {
    content = (
      <p role="status" className="change-package__note">
        {t('Loading packages…')}
      </p>
    );
  } else if (packages.status === 'error') {
    content = (
      <div role="alert" className="change-package__error">
        <p>{PACKAGES_LOAD_FAILED}</p>
        <Button variant="secondary" onClick={packages.retry}>
          {t('Try Again')}
        </Button>
      </div>
    );
  } else {
    content = (
      <ul className="plain-list change-package__list">
        {packages.data.map((option) => {
          const nameId = `${titleId}-${option.id}`;
          let action;
          if (option.id === subscription.packageId) {
            action = <span className="change-package__current">{t('Your package')}</span>;
          } else if (option.id === subscription.pendingPackageId) {
            action = <span className="change-package__current">{switchWhen(subscription.paidUntil ?? null)}</span>;
          } else if (option.price > subscription.price) {
            action = (
              <Button disabled={sending !== null} aria-describedby={nameId} onClick={() => upgrade(option)}>
                {sending === option.id ? t('Sending...') : t('Upgrade — pay {amount} now', { amount: formatKsh(option.price) })}
              </Button>
            );
          } else {
            action = (
              <Button
                variant="secondary"
                disabled={sending !== null}
                aria-describedby={nameId}
                onClick={() => schedule(option)}
              >
                {sending === option.id ? t('Saving...') : t('Switch at next renewal')}
              </Button>
            );
          }
          return (
            <li key={option.id} className="change-package__option">
              <p className="change-package__name">
                <strong id={nameId}>{option.name}</strong>
                <span>
                  {option.photoUploads === 1
                    ? t('{price}/month · 1 photo per listing', { price: formatKsh(option.price) })
                    : t('{price}/month · {count} photos per listing', {
                        price: formatKsh(option.price),
                        count: option.photoUploads,
                      })}
                </span>
              </p>
              {action}
            </li>
          );
        })}
      </ul>
    );
  }

  return (
    <div id={id} className="change-package" role="group" aria-labelledby={titleId}>
      <h3 id={titleId} className="change-package__title">
        {t('Change package')}
      </h3>
      <p className="change-package__note">
        {t(
          'A higher package starts as soon as it is paid. A lower one starts at your next renewal; your listings keep their photos, but edits must fit the new limit.',
        )}
      </p>
      {content}
    </div>
  );
}

/** When a scheduled lower package starts: the end of the paid month, or the next payment when none is paid. */
function switchWhen(paidUntil: string | null): string {
  const date = paidUntil ? formatNairobiDate(paidUntil) : '';
  return date ? t('From {date}', { date }) : t('From your next payment');
}

function switchNotice(name: string, paidUntil: string | null): string {
  const date = paidUntil ? formatNairobiDate(paidUntil) : '';
  return date
    ? t('Your package switches to {package} on {date}.', { package: name, date })
    : t('Your package switches to {package} at your next payment.', { package: name });
}
