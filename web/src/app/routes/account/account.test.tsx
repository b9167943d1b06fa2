import { act, screen, waitFor, within } from '@testing-library/react';
import userEvent from '@testing-library/user-event';
import { afterEach, describe, expect, it, vi } from 'vitest';
import { readSession, saveSession } from '@/lib/session';
import { akinyi, baraka, paid, sampleAppointment, samplePackages, samplePayment, sampleSubscription, wanjiru } from '@/testing/fixtures';
import { serviceDto } from '@/components/listings/fixtures';
import { mockApi, sentHeader, type Handler } from '@/testing/mock-api';
import { currentUrl, renderWithRouter } from '@/testing/test-utils';
import type { AccountUser, Payment, Subscription } from '@/types/api';
import AccountRoute from './account';

const otieno: AccountUser = {
  id: 'u-2',
  userName: 'Otieno Ouma',
  email: 'otieno@example.com',
  phoneNumber: '+254722000111',
  accountType: 'buyer',
};

function section(name: string) {
  return within(screen.getByRole('region', { name }));
}

/** The calls of a seller's account page, answered with `subscription` and `payments`. */
function sellerAccount(subscription: Subscription | null, payments: Payment[] = [], more: Record<string, Handler> = {}) {
  return mockApi({
    'GET /api/me': { status: 200, data: { user: wanjiru, subscription } },
    'GET /api/packages': { status: 200, data: samplePackages },
    'GET /api/account/services': { status: 200, data: [] },
    'GET /api/account/appointments': { status: 200, data: [] },
    'GET /api/account/payments': { status: 200, data: payments },
    'GET /api/account/hours': { status: 200, data: sampleHours },
    'GET /api/account/bookings': { status: 200, data: [] },
    'GET /api/account/reviews': { status: 200, data: { reviews: [], total: 0 } },
    'GET /api/account/favourites': { status: 200, data: { favourites: [] } },
    'GET /api/account/team': { status: 200, data: [] },
    ...more,
  });
}

const open: [string, string][] = [['08:00', '18:00']];
const sampleHours = {
  weekly: { mon: open, tue: open, wed: open, thu: open, fri: open, sat: open, sun: [] },
  daysOff: [],
  minNoticeMinutes: 60,
  horizonDays: 60,
  capacity: 1,
  changeNoticeMinutes: 120,
};

describe('AccountRoute', () => {
  afterEach(() => {
    vi.useRealTimers();
  });

  it('sends signed-out visitors to /signin', () => {
    const adapter = mockApi({});
    renderWithRouter(<AccountRoute />, { route: '/account' });
    expect(currentUrl()).toBe('/signin');
    expect(adapter).not.toHaveBeenCalled();
  });

  it("shows a seller's profile, package, status and paid-until day in Nairobi", async () => {
    saveSession('jwt-w', wanjiru);
    const adapter = sellerAccount(sampleSubscription);
    renderWithRouter(<AccountRoute />, { route: '/account' });

    expect(screen.getByRole('heading', { level: 1, name: 'My Account' })).toBeInTheDocument();
    await screen.findByRole('region', { name: 'Profile' });
    expect(sentHeader(adapter.mock.calls[0]![0], 'Authorization')).toBe('Bearer jwt-w');

    const profile = section('Profile');
    expect(profile.getByText('Wanjiru Kamau')).toBeInTheDocument();
    expect(profile.getByText('wanjiru@demo.mtaani.co.ke')).toBeInTheDocument();
    expect(profile.getByText('+254712345678')).toBeInTheDocument();
    expect(profile.getByText('Seller')).toBeInTheDocument();

    const sellerPackage = section('Seller package');
    expect(sellerPackage.getByText('Premium')).toBeInTheDocument();
    expect(sellerPackage.getByText('· Ksh 2,500/month')).toBeInTheDocument();
    expect(sellerPackage.getByText('Active')).toBeInTheDocument();
    expect(sellerPackage.getByText('Sat, 19 Dec 2026')).toBeInTheDocument();
    expect(sellerPackage.getByRole('link', { name: 'Post a Service' })).toHaveAttribute('href', '/post-service');
    expect(sellerPackage.getByRole('button', { name: 'Renew for Ksh 2,500' })).toBeInTheDocument();
    expect(sellerPackage.getByRole('button', { name: 'Change package' })).toHaveAttribute('aria-expanded', 'false');
    expect(sellerPackage.queryByText(/listings/)).not.toBeInTheDocument();
    expect(await section('Payment history').findByText('No payments yet.')).toBeInTheDocument();
    expect(await section('My services').findByText('You have not posted any services yet.')).toBeInTheDocument();
    expect(await section('Working hours').findByRole('checkbox', { name: 'Monday' })).toBeChecked();
    expect(section('My bookings')).toBeDefined();
    expect(await section('Bookings').findByText('No bookings yet.')).toBeInTheDocument();
    // No team yet: the customers at once apply, and there is no team's day.
    expect(await section('Team').findByText(/No team members yet/)).toBeInTheDocument();
    expect(screen.queryByRole('region', { name: 'Team day' })).not.toBeInTheDocument();
    expect(section('Working hours').getByLabelText('Customers at once')).not.toHaveAccessibleDescription(/You have a team/);
    await waitFor(() => expect(document.title).toBe('My Account · Mtaani'));
  });

  it("shows a seller's team with the services they do, and the team's day; a booking moved there shows in Bookings", async () => {
    vi.useFakeTimers({ toFake: ['Date'] });
    // Monday 23 November 2026, 08:00 in Nairobi: the sample booking's day.
    vi.setSystemTime(new Date('2026-11-23T05:00:00Z'));
    saveSession('jwt-w', wanjiru);
    const booking = { ...sampleAppointment, status: 'confirmed' as const, member: { id: 'm-1', name: 'Akinyi' } };
    let moved = false;
    sellerAccount(sampleSubscription, [], {
      'GET /api/account/services': { status: 200, data: [serviceDto(7, { name: 'Glam Bridal Makeup' }), serviceDto(8, { name: 'Knotless Braids' })] },
      'GET /api/account/team': { status: 200, data: [akinyi, { ...baraka, listingIds: ['svc-7', 'svc-8'] }] },
      'GET /api/account/appointments': () => ({
        status: 200,
        data: [moved ? { ...booking, member: { id: 'm-2', name: 'Baraka' } } : booking],
      }),
      'POST /api/account/appointments/apt-1/reassign': () => {
        moved = true;
        return { status: 200, data: { ...booking, member: { id: 'm-2', name: 'Baraka' } } };
      },
    });
    renderWithRouter(<AccountRoute />);

    await screen.findByRole('region', { name: 'Team' });
    const akinyiCard = within(await section('Team').findByRole('article', { name: 'Akinyi' }));
    expect(await akinyiCard.findByText('Glam Bridal Makeup, Knotless Braids')).toBeInTheDocument();
    expect(await section('Working hours').findByLabelText('Customers at once')).toHaveAccessibleDescription(/You have a team/);
    expect(await section('Bookings').findByText('With Akinyi')).toBeInTheDocument();

    const day = within(await screen.findByRole('region', { name: 'Team day' }));
    const early = within(await day.findByRole('article', { name: '9:30 AM – 10:30 AM' }));
    await userEvent.click(early.getByRole('button', { name: 'Move to another member' }));
    await userEvent.click(early.getByRole('button', { name: 'Move' }));

    expect(await section('Bookings').findByText('With Baraka')).toBeInTheDocument();
  });

  it.each([
    {
      status: 'pending_payment',
      label: 'Awaiting payment',
      paidUntil: null,
      shown: 'Not paid yet',
      due: 'Pay for your package to start posting your services.',
      action: 'Pay with M-Pesa',
    },
    {
      status: 'grace',
      label: 'In grace period',
      paidUntil: '2026-12-18T22:30:00Z',
      shown: 'Sat, 19 Dec 2026',
      // Three days after the paid month ends.
      due: 'Pay before Tue, 22 Dec 2026 to keep your listings visible.',
      action: 'Renew for Ksh 800',
    },
    {
      status: 'expired',
      label: 'Expired',
      paidUntil: '2026-12-18T22:30:00Z',
      shown: 'Sat, 19 Dec 2026',
      due: 'Your listings are hidden until you pay.',
      action: 'Pay with M-Pesa',
    },
  ] as const)('names the $status status $label and says what is due', async ({ status, label, paidUntil, shown, due, action }) => {
    saveSession('jwt-w', wanjiru);
    sellerAccount({ ...sampleSubscription, packageId: 'basic', packageName: 'Basic', price: 800, status, paidUntil });
    renderWithRouter(<AccountRoute />);

    expect(await screen.findByText(label)).toBeInTheDocument();
    const sellerPackage = section('Seller package');
    expect(sellerPackage.getByText(shown)).toBeInTheDocument();
    expect(sellerPackage.getByText(due)).toBeInTheDocument();
    expect(sellerPackage.getByRole('button', { name: action })).toBeInTheDocument();
    // Posting waits for the payment; in the grace period the listings are still up.
    expect(sellerPackage.queryByRole('link', { name: 'Post a Service' }) !== null).toBe(status === 'grace');
  });

  it('lists the payments with their receipts, and the reason of a failure', async () => {
    saveSession('jwt-w', wanjiru);
    const renewal: Payment = { ...paid(samplePayment, 'NLJ7RT61SV'), id: 'pay-3', purpose: 'renewal', packageName: 'Premium', amount: 2500, createdAt: '2026-12-17T08:00:00Z' };
    const declined: Payment = {
      ...samplePayment,
      id: 'pay-2',
      status: 'failed',
      resultCode: 1,
      message: 'Your M-Pesa balance was not enough. Top up and try again.',
      createdAt: '2026-11-19T10:00:00Z',
    };
    sellerAccount(sampleSubscription, [renewal, declined]);
    renderWithRouter(<AccountRoute />);

    const history = await screen.findByRole('table', { name: 'Payment history' });
    const rows = within(history).getAllByRole('row');
    expect(within(rows[0]!).getAllByRole('columnheader').map((cell) => cell.textContent)).toEqual([
      'Date',
      'Package',
      'Amount',
      'Status',
      'M-Pesa receipt',
    ]);
    expect(within(rows[1]!).getAllByRole('cell').map((cell) => cell.textContent)).toEqual([
      'Thu, 17 Dec 2026',
      'Premium · Renewal',
      'Ksh 2,500',
      'Paid',
      'NLJ7RT61SVDemo',
    ]);
    expect(within(rows[2]!).getAllByRole('cell').map((cell) => cell.textContent)).toEqual([
      'Thu, 19 Nov 2026',
      'Standard · First month',
      'Ksh 1,500',
      'FailedYour M-Pesa balance was not enough. Top up and try again.',
      '—NoneDemo',
    ]);
  });

  describe('with a payment waiting for the PIN', () => {
    afterEach(() => {
      vi.useRealTimers();
    });

    it('shows its progress and, once paid, the new state of the package, the session and the history', async () => {
      // Fake timers from the start (the page polls as soon as it shows the payment); act lets the calls run.
      vi.useFakeTimers({ toFake: ['setTimeout', 'clearTimeout', 'Date'] });
      const flush = (ms = 0) => act(() => vi.advanceTimersByTimeAsync(ms));
      saveSession('jwt-w', { ...wanjiru, sellerPackage: { packageId: 'standard', name: 'Standard', photoUploads: 2 } });
      const waiting: Payment = { ...samplePayment, purpose: 'upgrade', packageId: 'premium', packageName: 'Premium', amount: 2500 };
      let settled = false;
      const adapter = sellerAccount(
        null,
        [],
        {
          'GET /api/me': () => ({
            status: 200,
            data: settled
              ? { user: wanjiru, subscription: sampleSubscription }
              : {
                  user: { ...wanjiru, sellerPackage: { packageId: 'standard', name: 'Standard', photoUploads: 2 } },
                  subscription: { ...sampleSubscription, packageId: 'standard', packageName: 'Standard', price: 1500, pendingPayment: waiting },
                },
          }),
          'GET /api/account/payments': () => ({ status: 200, data: settled ? [paid(waiting)] : [waiting] }),
          'GET /api/payments/pay-1': () => ({ status: 200, data: settled ? paid(waiting) : waiting }),
        },
      );
      renderWithRouter(<AccountRoute />);
      await flush();

      const sellerPackage = section('Seller package');
      expect(sellerPackage.getByText('Upgrade to Premium')).toBeInTheDocument();
      const title = sellerPackage.getByRole('heading', { level: 3, name: 'Check your phone' });
      // Shown on arrival: the focus stays where it is.
      expect(title).not.toHaveFocus();
      expect(sellerPackage.queryByRole('button', { name: /Renew/ })).not.toBeInTheDocument();
      expect(sellerPackage.queryByRole('button', { name: 'Change package' })).not.toBeInTheDocument();
      expect(section('Payment history').getByText('Waiting for PIN')).toBeInTheDocument();

      await flush(2_000);
      settled = true;
      await flush(2_000);

      expect(sellerPackage.getByRole('heading', { level: 3, name: 'Payment received' }).closest('[role="status"]')).toHaveTextContent(
        'M-Pesa receipt NLJ7RT61SV',
      );
      expect(adapter.mock.calls.filter(([request]) => request.url === '/api/me')).toHaveLength(2);
      expect(sellerPackage.getByText('Premium')).toBeInTheDocument();
      expect(sellerPackage.getByRole('button', { name: 'Renew for Ksh 2,500' })).toBeInTheDocument();
      expect(section('Payment history').getByText('NLJ7RT61SV')).toBeInTheDocument();
      // The session now allows Premium's three photos per listing.
      expect(readSession()?.user.sellerPackage?.photoUploads).toBe(3);
    });
  });

  it('shows a buyer the profile, their bookings and favourites only', async () => {
    saveSession('jwt-o', otieno);
    mockApi({
      'GET /api/me': { status: 200, data: { user: otieno } },
      'GET /api/account/bookings': { status: 200, data: [] },
      'GET /api/account/favourites': {
        status: 200,
        data: {
          favourites: [
            { serviceId: 'svc-3', name: 'Service 3', savedAt: '2026-11-26T09:00:00Z', available: true, service: serviceDto(3) },
            { serviceId: 'svc-9', name: 'Braids by Njeri', savedAt: '2026-11-20T09:00:00Z', available: false },
          ],
        },
      },
    });
    renderWithRouter(<AccountRoute />);

    await screen.findByRole('region', { name: 'Profile' });
    expect(section('Profile').getByText('Buyer')).toBeInTheDocument();
    expect(await section('My bookings').findByText(/No bookings yet/)).toBeInTheDocument();
    expect(screen.queryByRole('region', { name: 'Working hours' })).not.toBeInTheDocument();
    expect(screen.queryByRole('region', { name: 'Seller package' })).not.toBeInTheDocument();
    expect(screen.queryByRole('region', { name: 'My services' })).not.toBeInTheDocument();
    expect(screen.queryByRole('region', { name: 'Bookings' })).not.toBeInTheDocument();
    expect(screen.queryByRole('link', { name: 'Post a Service' })).not.toBeInTheDocument();
    expect(await section('Favourites').findByRole('link', { name: 'Service 3' })).toHaveAttribute('href', '/service/svc-3');
    expect(section('Favourites').getByText('No longer available')).toBeInTheDocument();
  });

  it('goes to /signin when the server refuses the token', async () => {
    saveSession('jwt-old', otieno);
    mockApi({ 'GET /api/me': { status: 401, data: { message: 'Please sign in again', code: 'unauthenticated' } } });
    renderWithRouter(<AccountRoute />, { route: '/account' });
    await waitFor(() => expect(currentUrl()).toBe('/signin'));
    expect(localStorage.getItem('token')).toBeNull();
  });

  it('offers to try again when loading fails', async () => {
    vi.spyOn(console, 'error').mockImplementation(() => {});
    saveSession('jwt-o', otieno);
    let fail = true;
    mockApi({
      'GET /api/me': () => (fail ? { status: 503, data: { message: 'down', code: 'unavailable' } } : { status: 200, data: { user: otieno } }),
      'GET /api/account/bookings': { status: 200, data: [] },
    });
    renderWithRouter(<AccountRoute />);

    const alert = await screen.findByRole('alert');
    expect(alert).toHaveTextContent('Failed to load your account. Please try again.');
    fail = false;
    await userEvent.click(within(alert).getByRole('button', { name: 'Try Again' }));
    expect(await screen.findByRole('region', { name: 'Profile' })).toBeInTheDocument();
  });
});
