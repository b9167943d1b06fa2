// /account, My Account (SPEC §2, §6): the signed-in user's profile and, for sellers, the package and
// its subscription status, their listings (edit, delete) and the bookings of those listings.
// Signed-out visitors are sent to /signin.
import type { ReactNode } from 'react';
import { Link, Navigate } from 'react-router-dom';
import { Button, buttonClass } from '@/components/ui/button';
import { PlusIcon } from '@/components/ui/icons';
import { StatusMessage } from '@/components/ui/status-message';
import { paths } from '@/config/paths';
import { useDocumentTitle } from '@/lib/document-title';
import { formatKsh, formatNairobiDate } from '@/lib/format';
import { firstName, useSession } from '@/lib/session';
import type { AccountUser, Subscription, SubscriptionStatus } from '@/types/api';
// The one section of another feature on this page: the bookings belong to the booking feature.
import { SellerBookings } from '@/features/booking/components/seller-bookings';
import { useMe } from '../api/get-me';
import { MyServices } from '../components/my-services';
import '@/components/ui/status-badge.css';
import './account.css';

const LOAD_FAILED = 'Failed to load your account. Please try again.';

const statusLabels: Record<SubscriptionStatus, string> = {
  active: 'Active',
  pending_payment: 'Awaiting payment',
  grace: 'In grace period',
  expired: 'Expired',
};

export default function AccountRoute() {
  useDocumentTitle('My Account');
  const session = useSession();
  if (!session) return <Navigate to={paths.signIn.getHref()} replace />;
  return <AccountPage />;
}

function AccountPage() {
  const query = useMe();

  return (
    <div className="container page account">
      <header className="page-header">
        <h1>My Account</h1>
        {query.status === 'success' && <p>Hello, {firstName(query.data.user.userName)}. Here are your account details.</p>}
      </header>

      {query.status === 'loading' && (
        <div role="status" className="account__grid">
          <span className="visually-hidden">Loading your account…</span>
          <div className="card account-section account-section--skeleton" aria-hidden="true" />
        </div>
      )}

      {query.status === 'error' && (
        <StatusMessage role="alert" title={LOAD_FAILED}>
          <Button onClick={query.retry}>Try Again</Button>
        </StatusMessage>
      )}

      {query.status === 'success' && (
        <div className="account__grid">
          <ProfileSection user={query.data.user} />
          {query.data.user.accountType === 'seller' && (
            <SellerPackageSection user={query.data.user} subscription={query.data.subscription ?? null} />
          )}
          {query.data.user.accountType === 'seller' && <MyServices />}
          {query.data.user.accountType === 'seller' && <SellerBookings />}
        </div>
      )}
    </div>
  );
}

function AccountSection({ id, title, children }: { id: string; title: string; children: ReactNode }) {
  return (
    <section className="card account-section" aria-labelledby={id}>
      <h2 id={id} className="account-section__title">
        {title}
      </h2>
      {children}
    </section>
  );
}

function Detail({ term, children }: { term: string; children: ReactNode }) {
  return (
    <div className="account-details__row">
      <dt>{term}</dt>
      <dd>{children}</dd>
    </div>
  );
}

function ProfileSection({ user }: { user: AccountUser }) {
  return (
    <AccountSection id="account-profile" title="Profile">
      <dl className="account-details">
        <Detail term="Name">{user.userName}</Detail>
        <Detail term="Email">{user.email}</Detail>
        <Detail term="Phone">{user.phoneNumber || '—'}</Detail>
        <Detail term="Account type">{user.accountType === 'seller' ? 'Seller' : 'Buyer'}</Detail>
      </dl>
    </AccountSection>
  );
}

function SellerPackageSection({ user, subscription }: { user: AccountUser; subscription: Subscription | null }) {
  const packageName = subscription?.packageName ?? user.sellerPackage?.name ?? '—';
  const paidUntil = subscription?.paidUntil ? formatNairobiDate(subscription.paidUntil) : '';

  return (
    <AccountSection id="account-package" title="Seller package">
      <dl className="account-details">
        <Detail term="Package">
          <span>{packageName}</span>
          {subscription && (
            <span className="account-details__extra"> · {formatKsh(subscription.price)}/month</span>
          )}
        </Detail>
        {subscription && (
          <>
            <Detail term="Status">
              <span className={`status-badge status-badge--${subscription.status}`}>
                {statusLabels[subscription.status] ?? subscription.status}
              </span>
            </Detail>
            <Detail term="Paid until">{paidUntil || 'Not paid yet'}</Detail>
          </>
        )}
      </dl>
      <Link to={paths.postService.getHref()} className={buttonClass({ size: 'lg', className: 'account-section__action' })}>
        <PlusIcon size={20} />
        Post a Service
      </Link>
    </AccountSection>
  );
}
