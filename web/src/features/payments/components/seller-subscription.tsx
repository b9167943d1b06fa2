// My Account, sellers: the package and its subscription (status, paid-until day, what is due), paying
// or renewing by M-Pesa (a renewal in the month's last 7 days, as the server takes it: renewableFrom),
// changing package, and the progress of a payment waiting for the PIN.
import { useEffect, useId, useRef, useState, type ReactNode } from 'react';
import { Link } from 'react-router-dom';
import { Button, buttonClass } from '@/components/ui/button';
import { FormAlert } from '@/components/ui/form-field';
import { PlusIcon, WarningIcon } from '@/components/ui/icons';
import { paths } from '@/config/paths';
import { apiErrorMessage, apiErrorCode } from '@/lib/api-client';
import { formatKsh, formatNairobiDate, humanizeSlug } from '@/lib/format';
import { t } from '@/lib/i18n';
import type { Payment, Subscription } from '@/types/api';
// The package catalogue belongs to the sign-up feature, where sellers first choose one.
import { usePackages } from '../api/get-packages';
import { changePackage } from '../api/change-package';
import { graceEndsAt, subscriptionStatusLabels } from '../subscription';
import { CHANGE_FAILED, ChangePackage } from './change-package';
import { PayForm } from './pay-form';
import { PaymentProgress } from './payment-progress';
import '@/components/ui/status-badge.css';
import './seller-subscription.css';

interface SellerSubscriptionProps {
  /** From GET /api/me; null for a seller the server keeps no subscription for. */
  subscription: Subscription | null;
  /** The package named in the user's profile, shown when there is no subscription. */
  packageName?: string;
  /** The account's phone number: M-Pesa requests go there unless the seller gives another. */
  accountPhone: string;
  /** The subscription as the server has it now, after a payment or a change. */
  reloadSubscription: () => Promise<Subscription | null>;
  /** A payment was started or settled, so a list of payments is out of date. */
  onPaymentsChanged: () => void;
}

/** The payment shown with its progress; `startedHere` when the seller started it on this page. */
interface Watched {
  payment: Payment;
  startedHere: boolean;
}

export function SellerSubscription({
  subscription: loaded,
  packageName,
  accountPhone,
  reloadSubscription,
  onPaymentsChanged,
}: SellerSubscriptionProps) {
  const titleId = useId();
  const panelId = useId();
  const [subscription, setSubscription] = useState(loaded);
  const [watched, setWatched] = useState<Watched | null>(() =>
    loaded?.pendingPayment ? { payment: loaded.pendingPayment, startedHere: false } : null,
  );
  const [panelOpen, setPanelOpen] = useState(false);
  // A failure to show (role alert), and the outcome of a package change (a polite status).
  const [alert, setAlert] = useState('');
  const [notice, setNotice] = useState('');
  const [keeping, setKeeping] = useState(false);
  const packages = usePackages();
  // After a change closes the list (or removes 'Keep …'), the focus goes back to 'Change package'.
  const actionsRef = useRef<HTMLDivElement>(null);
  const focusToggle = useRef(false);

  useEffect(() => {
    if (!focusToggle.current) return;
    focusToggle.current = false;
    actionsRef.current?.querySelector<HTMLButtonElement>('[aria-controls]')?.focus();
  });

  if (!subscription) {
    return (
      <SubscriptionSection titleId={titleId}>
        <dl className="subscription-details">
          <Detail term={t('Package')}>{packageName || '—'}</Detail>
        </dl>
        <PostServiceLink />
      </SubscriptionSection>
    );
  }

  const pending = watched?.payment.status === 'pending';
  const { status, paidUntil, pendingPackageId } = subscription;
  const known = packages.status === 'success' ? packages.data : [];
  const nextPackage = pendingPackageId ? known.find((p) => p.id === pendingPackageId) : undefined;
  const nextPackageName = nextPackage?.name ?? (pendingPackageId ? humanizeSlug(pendingPackageId) : '');
  // A renewal after a scheduled switch is for the lower package.
  const renewalPrice = nextPackage?.price ?? subscription.price;
  const due = status !== 'active';
  const paidUntilText = paidUntil ? formatNairobiDate(paidUntil) : '';
  // The server's answer says from when a renewal is taken; none: now.
  const renewableFrom = subscription.renewableFrom ?? null;

  function refresh() {
    reloadSubscription().then(
      (next) => {
        setSubscription(next);
        // A payment started elsewhere (another tab, another device) is followed here too.
        const waiting = next?.pendingPayment;
        if (waiting) {
          setWatched((current) => (current?.payment.id === waiting.id ? current : { payment: waiting, startedHere: false }));
        }
      },
      (error: unknown) => console.error('Failed to reload the subscription', error),
    );
  }

  function onStarted(payment: Payment) {
    setAlert('');
    setNotice('');
    setPanelOpen(false);
    setWatched({ payment, startedHere: true });
    onPaymentsChanged();
  }

  function onSettled(payment: Payment) {
    setWatched((current) => (current?.payment.id === payment.id ? { ...current, payment } : current));
    refresh();
    onPaymentsChanged();
  }

  function onFailed(message: string, error: unknown) {
    setNotice('');
    setAlert(message);
    // A payment is already waiting for the PIN: show that payment's progress.
    if (apiErrorCode(error) === 'payment_pending') refresh();
  }

  function onScheduled(next: Subscription, message: string) {
    setSubscription(next);
    setAlert('');
    setNotice(message);
    setPanelOpen(false);
    focusToggle.current = true;
  }

  function keepCurrent(current: Subscription) {
    if (keeping) return;
    setKeeping(true);
    changePackage(current.packageId).then(
      (next) => {
        setKeeping(false);
        onScheduled(next, t('You keep your {package} package.', { package: current.packageName }));
      },
      (error: unknown) => {
        setKeeping(false);
        onFailed(apiErrorMessage(error) ?? CHANGE_FAILED, error);
      },
    );
  }

  return (
    <SubscriptionSection titleId={titleId}>
      <dl className="subscription-details">
        <Detail term={t('Package')}>
          <span>{subscription.packageName}</span>
          <span className="subscription-details__extra">
            {' · '}
            {t('{price}/month', { price: formatKsh(subscription.price) })}
          </span>
        </Detail>
        <Detail term={t('Status')}>
          <span className={`status-badge subscription-status--${status}`}>
            {subscriptionStatusLabels[status] ?? status}
          </span>
        </Detail>
        <Detail term={t('Paid until')}>{paidUntilText || t('Not paid yet')}</Detail>
        {pendingPackageId && (
          <Detail term={t('Next renewal')}>
            <span className="subscription-details__switch">
              <span>
                {paidUntilText
                  ? t('Switches to {package} on {date}', { package: nextPackageName, date: paidUntilText })
                  : t('Switches to {package} at your next payment', { package: nextPackageName })}
              </span>
              {!pending && (
                <Button variant="secondary" disabled={keeping} onClick={() => keepCurrent(subscription)}>
                  {keeping ? t('Saving...') : t('Keep {package}', { package: subscription.packageName })}
                </Button>
              )}
            </span>
          </Detail>
        )}
      </dl>

      <DueNotice subscription={subscription} />

      <div role="status" className="subscription__notice">
        {notice}
      </div>
      {alert && <FormAlert>{alert}</FormAlert>}

      {watched && (
        <PaymentProgress
          key={watched.payment.id}
          payment={watched.payment}
          takeFocus={watched.startedHere}
          onSettled={onSettled}
        />
      )}

      {!pending && (
        <>
          {renewableFrom ? (
            <p className="subscription__renew-from">
              {t('You can renew from {date}, in the last 7 days of your package.', {
                date: formatNairobiDate(renewableFrom),
              })}
            </p>
          ) : (
            // A new form after each payment: its sending state belongs to one attempt.
            <PayForm
              key={`pay-after-${watched?.payment.id ?? 'none'}`}
              label={
                status === 'pending_payment' || status === 'expired'
                  ? t('Pay with M-Pesa')
                  : t('Renew for {amount}', { amount: formatKsh(renewalPrice) })
              }
              amount={renewalPrice}
              accountPhone={accountPhone}
              urgent={due}
              onStarted={onStarted}
              onFailed={onFailed}
            />
          )}
          <div ref={actionsRef} className="subscription__actions">
            <Button
              variant="secondary"
              aria-expanded={panelOpen}
              aria-controls={panelId}
              onClick={() => setPanelOpen((open) => !open)}
            >
              {t('Change package')}
            </Button>
            {(status === 'active' || status === 'grace') && <PostServiceLink primary={status === 'active'} />}
          </div>
          {panelOpen && (
            <ChangePackage
              id={panelId}
              subscription={subscription}
              packages={packages}
              onUpgradeStarted={onStarted}
              onScheduled={onScheduled}
              onFailed={onFailed}
            />
          )}
        </>
      )}
    </SubscriptionSection>
  );
}

function SubscriptionSection({ titleId, children }: { titleId: string; children: ReactNode }) {
  return (
    // id: /post-service links here when the package cannot post.
    <section id="package" className="card subscription" aria-labelledby={titleId}>
      <h2 id={titleId} className="subscription__title">
        {t('Seller package')}
      </h2>
      {children}
    </section>
  );
}

function Detail({ term, children }: { term: string; children: ReactNode }) {
  return (
    <div className="subscription-details__row">
      <dt>{term}</dt>
      <dd>{children}</dd>
    </div>
  );
}

/** What the seller must do, when something is due: pay first, pay before the grace period ends, or pay again. */
function DueNotice({ subscription: { status, paidUntil } }: { subscription: Subscription }) {
  let text = '';
  if (status === 'pending_payment') text = t('Pay for your package to start posting your services.');
  else if (status === 'grace' && paidUntil)
    text = t('Pay before {date} to keep your listings visible.', { date: formatNairobiDate(graceEndsAt(paidUntil)) });
  else if (status === 'grace') text = t('Pay now to keep your listings visible.');
  else if (status === 'expired') text = t('Your listings are hidden until you pay.');
  if (!text) return null;
  return (
    <p className={`subscription__due subscription__due--${status}`}>
      <WarningIcon size={20} />
      {text}
    </p>
  );
}

function PostServiceLink({ primary = true }: { primary?: boolean }) {
  return (
    <Link
      to={paths.postService.getHref()}
      className={buttonClass({ variant: primary ? 'primary' : 'secondary', className: 'subscription__post' })}
    >
      <PlusIcon size={20} />
      {t('Post a Service')}
    </Link>
  );
}
