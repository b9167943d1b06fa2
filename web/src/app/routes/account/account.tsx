// /account, My Account (SPEC §2, §6): the signed-in user's profile and, for sellers, the package and
// its subscription (paid by M-Pesa), their listings (edit, delete), the bookings of those listings,
// their team and its day, and their payments. Signed-out visitors are sent to /signin.
import { useState, type ReactNode } from 'react';
import { Link, Navigate } from 'react-router-dom';
import { Button } from '@/components/ui/button';
import { StatusMessage } from '@/components/ui/status-message';
import { paths } from '@/config/paths';
import { useDocumentTitle } from '@/lib/document-title';
import { t } from '@/lib/i18n';
import { firstName, readSession, saveSession } from '@/lib/session';
import { useSession } from '@/lib/use-session';
import type { AccountUser, Subscription } from '@/types/api';
// Sections of other features on this page: the bookings belong to the booking feature, the package
// subscription and its payments to the payments feature.
import { MyBookings } from '@/features/booking/components/my-bookings';
import { useTeam } from '@/features/booking/api/team';
import { SellerBookings } from '@/features/booking/components/seller-bookings';
import { Team } from '@/features/booking/components/team';
import { TeamDay } from '@/features/booking/components/team-day';
import { WorkingHours } from '@/features/booking/components/working-hours';
import { PaymentHistory } from '@/features/payments/components/payment-history';
import { SellerSubscription } from '@/features/payments/components/seller-subscription';
import { getMe, useMe } from '@/features/account/api/get-me';
import { getMyServices } from '@/features/account/api/get-my-services';
import { DELETED, DataRights } from '@/features/account/components/data-rights';
import { MyServices } from '@/features/account/components/my-services';
import { FavouritesView } from '@/features/favourites/components/favourites-view';
import { SellerReviews } from '@/features/reviews/components/seller-reviews';
import './account.css';

const LOAD_FAILED = t('Failed to load your account. Please try again.');

export default function AccountRoute() {
  useDocumentTitle(t('My Account'));
  const session = useSession();
  const [deleted, setDeleted] = useState(false);
  if (deleted) {
    return (
      <div className="container page">
        <StatusMessage title={DELETED} description={t('Thank you for having been part of Mtaani.')}>
          <Link to={paths.home.getHref()}>{t('Go to the home page')}</Link>
        </StatusMessage>
      </div>
    );
  }
  if (!session) return <Navigate to={paths.signIn.getHref()} replace />;
  return <AccountPage onDeleted={() => setDeleted(true)} />;
}

function AccountPage({ onDeleted }: { onDeleted: () => void }) {
  const query = useMe();

  return (
    <div className="container page account">
      <header className="page-header">
        <h1>{t('My Account')}</h1>
        {query.status === 'success' && query.data.user.accountType === 'admin' && (
          <p>
            <Link to={paths.admin.getHref()}>{t('Open the operator console')}</Link>
          </p>
        )}
        {query.status === 'success' && (
          <p>{t('Hello, {name}. Here are your account details.', { name: firstName(query.data.user.userName) })}</p>
        )}
      </header>

      {query.status === 'loading' && (
        <div role="status" className="account__grid">
          <span className="visually-hidden">{t('Loading your account…')}</span>
          <div className="card account-section account-section--skeleton" aria-hidden="true" />
        </div>
      )}

      {query.status === 'error' && (
        <StatusMessage role="alert" title={LOAD_FAILED}>
          <Button onClick={query.retry}>{t('Try Again')}</Button>
        </StatusMessage>
      )}

      {query.status === 'success' && (
        <div className="account__grid">
          <ProfileSection user={query.data.user} />
          {query.data.user.accountType === 'seller' && (
            <SellerSections user={query.data.user} subscription={query.data.subscription ?? null} />
          )}
          <MyBookings />
          <AccountSection id="account-favourites" title={t('Favourites')}>
            <FavouritesView layout="list" />
            <p className="account-section__more">
              <Link to={paths.favourites.getHref()}>{t('See your favourites')}</Link>
            </p>
          </AccountSection>
          {query.data.user.accountType !== 'admin' && (
            <DataRights seller={query.data.user.accountType === 'seller'} onDeleted={onDeleted} />
          )}
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
    <AccountSection id="account-profile" title={t('Profile')}>
      <dl className="account-details">
        <Detail term={t('Name')}>{user.userName}</Detail>
        <Detail term={t('Email')}>{user.email}</Detail>
        <Detail term={t('Phone')}>{user.phoneNumber || '—'}</Detail>
        <Detail term={t('Account type')}>
          {{ seller: t('Seller'), buyer: t('Buyer'), admin: t('Operator') }[user.accountType]}
        </Detail>
      </dl>
    </AccountSection>
  );
}

function SellerSections({ user, subscription }: { user: AccountUser; subscription: Subscription | null }) {
  // Counts the payments started or settled on this page: each one loads the history again.
  const [paymentsChanged, setPaymentsChanged] = useState(0);
  // Counts the bookings changed by a section (confirmed, given to another member, moved or cancelled
  // with a member's change): the sections that list them load them again.
  const [bookingsChanged, setBookingsChanged] = useState(0);
  const onBookingsChanged = () => setBookingsChanged((count) => count + 1);
  // One team for the sections that show it; the team's day once there is a team.
  const team = useTeam();
  return (
    <>
      <SellerSubscription
        subscription={subscription}
        packageName={user.sellerPackage?.name}
        accountPhone={user.phoneNumber}
        reloadSubscription={reloadSubscription}
        onPaymentsChanged={() => setPaymentsChanged((count) => count + 1)}
      />
      <MyServices />
      <SellerBookings refreshKey={bookingsChanged} onChanged={onBookingsChanged} />
      {team.members && team.members.length > 0 && (
        <TeamDay members={team.members} refreshKey={bookingsChanged} onBookingsChanged={onBookingsChanged} />
      )}
      <SellerReviews />
      <WorkingHours hasTeam={team.members?.some((member) => member.active) ?? false} />
      <Team team={team} loadListings={getMyServices} onBookingsChanged={onBookingsChanged} />
      <PaymentHistory refreshKey={paymentsChanged} />
    </>
  );
}

/**
 * The subscription as the server has it after a payment or a package change. The session's copy of
 * the user is brought up to date too: its package sets how many photos a new listing may have.
 */
async function reloadSubscription(): Promise<Subscription | null> {
  const me = await getMe();
  const session = readSession();
  if (session) saveSession(session.token, me.user);
  return me.subscription ?? null;
}
