import { screen, waitFor, within } from '@testing-library/react';
import userEvent from '@testing-library/user-event';
import { describe, expect, it } from 'vitest';
import { saveSession } from '@/lib/session';
import { wanjiru } from '@/testing/fixtures';
import { mockApi, sentBody } from '@/testing/mock-api';
import { currentUrl, renderWithRouter } from '@/testing/test-utils';
import type { AccountUser } from '@/types/api';
import AdminRoute from './admin';

const admin: AccountUser = { id: 'a1', userName: 'Mtaani Support', email: 'admin@demo.mtaani.co.ke', phoneNumber: '', accountType: 'admin' };

const overview = {
  listingsVisible: 36,
  listingsHidden: 1,
  newSellersThisWeek: 2,
  bookingsThisWeek: 5,
  revenueThisMonth: [{ packageId: 'standard', name: 'Standard', amount: 3000, payments: 2 }],
  revenueThisMonthTotal: 3000,
  paymentsPending: 1,
  openReports: 1,
  unansweredMessages: 1,
};

const listing = {
  _id: 'l1',
  name: 'Knotless Braids by Wanjiru',
  minPrice: 1500,
  maxPrice: 4500,
  location: 'Kilimani, Nairobi',
  category: 'hair',
  subcategory: 'braiding',
  visible: true,
  hidden: false,
};

describe('AdminRoute', () => {
  it('sends a signed-out visitor to sign in, and tells any other role it is for admins only', async () => {
    renderWithRouter(<AdminRoute />, { route: '/admin' });
    await waitFor(() => expect(currentUrl()).toBe('/signin'));
  });

  it("tells a seller it is for admins only, and asks the server nothing", () => {
    const adapter = mockApi({});
    saveSession('jwt-w', wanjiru);
    renderWithRouter(<AdminRoute />, { route: '/admin' });
    expect(screen.getByRole('alert')).toHaveTextContent('Admins only');
    expect(adapter).not.toHaveBeenCalled();
  });

  it("shows the overview's figures, then replies to a message and hides a reported listing", async () => {
    let replied = false;
    let hidden = false;
    const adapter = mockApi({
      'GET /api/admin/overview': { status: 200, data: overview },
      'GET /api/admin/contact-messages': () => ({
        status: 200,
        data: {
          total: replied ? 0 : 1,
          messages: replied
            ? []
            : [{ id: 'm1', name: 'Amina Wanjiru', email: 'amina@example.com', phone: '+254712345678', subject: 'Listing my salon',
                message: 'How do I list my salon?', status: 'new', createdAt: '2026-11-24T08:00:00Z' }],
        },
      }),
      'POST /api/admin/contact-messages/m1/reply': () => {
        replied = true;
        return { status: 200, data: {} };
      },
      'GET /api/admin/reports': () => ({
        status: 200,
        data: {
          total: hidden ? 0 : 1,
          reports: hidden
            ? []
            : [{ id: 'r1', kind: 'listing', targetId: 'l1', reason: 'scam', details: 'Asked for a deposit', status: 'open',
                createdAt: '2026-11-24T08:00:00Z', listing }],
        },
      }),
      'POST /api/admin/listings/l1/hide': (request) =>
        (sentBody(request) as { reason: string }).reason.length < 3
          ? { status: 400, data: { message: 'Please give a reason', code: 'validation', errors: { reason: 'Please give a reason' } } }
          : ((hidden = true), { status: 200, data: { ...listing, hidden: true, visible: false } }),
    });
    saveSession('jwt-a', admin);
    renderWithRouter(<AdminRoute />, { route: '/admin' });

    expect(await screen.findByText('Listings shown')).toBeInTheDocument();
    expect(screen.getByText('Ksh 3,000')).toBeInTheDocument();
    expect(screen.getByText(/Standard: Ksh 3,000 \(2 payments\)/)).toBeInTheDocument();

    await userEvent.click(screen.getByRole('tab', { name: 'Messages' }));
    expect(await screen.findByText('How do I list my salon?')).toBeInTheDocument();
    await userEvent.type(screen.getByLabelText('Reply to Amina Wanjiru'), 'Sign up as a seller.');
    await userEvent.click(screen.getByRole('button', { name: 'Send reply' }));
    expect(await screen.findByText('No unanswered messages.')).toBeInTheDocument();
    const reply = adapter.mock.calls.find(([c]) => c.url === '/api/admin/contact-messages/m1/reply')!;
    expect(sentBody(reply[0])).toEqual({ message: 'Sign up as a seller.' });

    await userEvent.click(screen.getByRole('tab', { name: 'Reports' }));
    const card = (await screen.findByText('Knotless Braids by Wanjiru')).closest('li')!;
    expect(within(card).getByText(/Scam or fraud/)).toBeInTheDocument();
    await userEvent.click(within(card).getByRole('button', { name: 'Hide listing' }));
    await userEvent.type(within(card).getByLabelText('Reason'), 'no');
    await userEvent.click(within(card).getByRole('button', { name: 'Hide listing' }));
    expect(await within(card).findByText('Please give a reason')).toBeInTheDocument();
    await userEvent.type(within(card).getByLabelText('Reason'), 't a real salon');
    await userEvent.click(within(card).getByRole('button', { name: 'Hide listing' }));
    expect(await screen.findByText('No open reports.')).toBeInTheDocument();
  });

  it("finds a seller and suspends them with a reason, showing their listings and payments", async () => {
    let suspended = false;
    const seller = () => ({
      user: { ...wanjiru, id: 's1' },
      subscription: { packageId: 'premium', packageName: 'Premium', price: 3000, status: 'active', paidUntil: '2026-12-24T00:00:00Z' },
      suspended,
      suspendedReason: suspended ? 'Many no-shows' : undefined,
      listingCount: 1,
      createdAt: '2026-11-01T00:00:00Z',
    });
    const adapter = mockApi({
      'GET /api/admin/overview': { status: 200, data: overview },
      'GET /api/admin/sellers': () => ({ status: 200, data: { sellers: [seller()], total: 1 } }),
      'GET /api/admin/sellers/s1': () => ({
        status: 200,
        data: {
          seller: seller(),
          listings: [listing],
          payments: [{ id: 'p1', purpose: 'renewal', packageId: 'premium', amount: 3000, status: 'succeeded', mpesaReceipt: 'SGR7TQ2XYZ', createdAt: '2026-11-20T09:00:00Z' }],
        },
      }),
      'POST /api/admin/sellers/s1/suspend': () => {
        suspended = true;
        return { status: 200, data: {} };
      },
    });
    saveSession('jwt-a', admin);
    renderWithRouter(<AdminRoute />, { route: '/admin' });
    await userEvent.click(await screen.findByRole('tab', { name: 'Sellers' }));
    await userEvent.type(screen.getByLabelText('Find a seller by name, e-mail or phone'), '0712345601');
    await userEvent.click(screen.getByRole('button', { name: 'Search' }));
    await waitFor(() => expect(adapter.mock.calls.some(([c]) => c.url === '/api/admin/sellers' && (c.params as { query?: string } | undefined)?.query === '0712345601')).toBe(true));
    await userEvent.click(await screen.findByRole('button', { name: 'Wanjiru Kamau' }));
    expect(await screen.findByText('SGR7TQ2XYZ')).toBeInTheDocument();
    expect(screen.getByText('Knotless Braids by Wanjiru')).toBeInTheDocument();
    await userEvent.click(screen.getByRole('button', { name: 'Suspend seller' }));
    await userEvent.type(screen.getByLabelText('Reason'), 'Many no-shows');
    await userEvent.click(screen.getByRole('button', { name: 'Suspend seller' }));
    expect(await screen.findByText('Suspended: Many no-shows')).toBeInTheDocument();
    expect(screen.getByRole('button', { name: 'Lift suspension' })).toBeInTheDocument();
  });

  it('greets the admin by name and keeps the open tab in the address', async () => {
    mockApi({
      'GET /api/admin/overview': { status: 200, data: overview },
      'GET /api/admin/listings': { status: 200, data: { services: [listing], total: 1 } },
    });
    saveSession('jwt-a', admin);
    renderWithRouter(<AdminRoute />, { route: '/admin?tab=listings' });
    expect(screen.getByText('Welcome, Mtaani Support')).toBeInTheDocument();
    expect(screen.getByRole('tab', { name: 'Listings' })).toHaveAttribute('aria-selected', 'true');
    // The category and subcategory by their names, not their slugs.
    const row = (await screen.findByText('Knotless Braids by Wanjiru')).closest('li')!;
    expect(row).toHaveTextContent(/Hair › Braiding/);
    expect(row).not.toHaveTextContent('hair/braiding');

    await userEvent.click(screen.getByRole('tab', { name: 'Overview' }));
    expect(currentUrl()).toBe('/admin');
    await userEvent.click(screen.getByRole('tab', { name: 'Reports' }));
    expect(currentUrl()).toBe('/admin?tab=reports');
  });

  it("shows a closed report's resolution and the operator's reason", async () => {
    mockApi({
      'GET /api/admin/reports': {
        status: 200,
        data: {
          total: 1,
          reports: [
            { id: 'r1', kind: 'listing', targetId: 'l1', reason: 'misleading', details: 'Prices look wrong', status: 'closed',
              resolution: 'dismissed', resolutionReason: 'Prices are right', createdAt: '2026-11-24T08:05:00Z', listing },
          ],
        },
      },
    });
    saveSession('jwt-a', admin);
    renderWithRouter(<AdminRoute />, { route: '/admin?tab=reports' });
    const card = (await screen.findByText('Knotless Braids by Wanjiru')).closest('li')!;
    expect(card).toHaveTextContent('Dismissed');
    expect(card).toHaveTextContent('Why: Prices are right');
  });

  it('shows each audit entry with its day and time in Nairobi, who did it, the record by name and the reason', async () => {
    const adapter = mockApi({
      'GET /api/admin/audit': {
        status: 200,
        data: {
          total: 5,
          entries: [
            { id: 'e5', at: '2026-11-24T08:05:00Z', actorKind: 'admin', actorId: 'a1', actorName: 'Mtaani Support', action: 'listing.hide',
              kind: 'listing', targetKind: 'listing', targetId: 'l1', targetName: 'Knotless Braids by Wanjiru', sellerId: 's1', listingId: 'l1',
              reason: 'Asks for a deposit' },
            { id: 'e4', at: '2026-11-24T07:00:00Z', actorKind: 'visitor', actorId: '', actorName: '', action: 'report.file', kind: 'report',
              targetKind: 'report', targetId: 'r1', targetName: 'Knotless Braids by Wanjiru', sellerId: 's1', listingId: 'l1', reason: 'scam' },
            { id: 'e3', at: '2026-11-23T19:30:00Z', actorKind: 'seller', actorId: 's1', actorName: 'Wanjiru Kamau', action: 'payment.paid',
              kind: 'payment', targetKind: 'payment', targetId: 'p1', targetName: 'Premium', sellerId: 's1', reason: '' },
            { id: 'e2', at: '2026-11-23T19:00:00Z', actorKind: 'system', actorId: 'cli', actorName: 'command line', action: 'admin.create',
              kind: 'admin', targetKind: 'admin', targetId: 'a2', targetName: 'Amina Wanjiru', reason: 'amina@mtaani.co.ke' },
            { id: 'e1', at: '2026-11-22T19:00:00Z', actorKind: 'admin', actorId: 'a1', actorName: 'Mtaani Support', action: 'something.new',
              kind: 'something', targetKind: 'listing', targetId: 'l9', reason: '' },
          ],
        },
      },
    });
    saveSession('jwt-a', admin);
    renderWithRouter(<AdminRoute />, { route: '/admin?tab=audit' });
    const rows = await screen.findAllByRole('row');
    expect(rows[1]).toHaveTextContent('Tue, 24 Nov 2026, 11:05 AM');
    expect(rows[1]).toHaveTextContent('Listing hidden');
    expect(within(rows[1]!).getByRole('link', { name: 'Knotless Braids by Wanjiru' })).toHaveAttribute('href', '/service/l1');
    expect(rows[1]).toHaveTextContent('Asks for a deposit');
    // A visitor's report: its reason in words.
    expect(rows[2]).toHaveTextContent('A visitor');
    expect(rows[2]).toHaveTextContent('Report on Knotless Braids by Wanjiru');
    expect(rows[2]).toHaveTextContent('Scam or fraud');
    // A seller's own event: the seller as who, linked to them in the console.
    expect(rows[3]).toHaveTextContent('Mon, 23 Nov 2026, 10:30 PM');
    expect(within(rows[3]!).getByRole('link', { name: 'Wanjiru Kamau' })).toHaveAttribute('href', '/admin?tab=sellers&seller=s1');
    expect(rows[3]).toHaveTextContent('Premium package');
    // An older entry's e-mail address is no reason.
    expect(rows[4]).toHaveTextContent('The command line');
    expect(rows[4]).not.toHaveTextContent('amina@mtaani.co.ke');
    // An action this console does not know yet shows as the service wrote it; an entry without a name, its kind and id.
    expect(rows[5]).toHaveTextContent('something.new');
    expect(rows[5]).toHaveTextContent('Listing l9');

    // Filtered by kind: the address keeps it, the server is asked for it.
    await userEvent.selectOptions(screen.getByLabelText('Kind'), 'payment');
    expect(currentUrl()).toBe('/admin?tab=audit&kind=payment');
    await waitFor(() =>
      expect(adapter.mock.calls.some(([c]) => c.url === '/api/admin/audit' && (c.params as { kind?: string }).kind === 'payment')).toBe(true),
    );
  });

  it("opens a seller's log from their row, and finds a seller for the log by name", async () => {
    const seller = { user: { ...wanjiru, id: 's1' }, suspended: false, listingCount: 1, createdAt: '2026-11-01T00:00:00Z' };
    const adapter = mockApi({
      'GET /api/admin/sellers': { status: 200, data: { sellers: [seller], total: 1 } },
      'GET /api/admin/sellers/s1': { status: 200, data: { seller, listings: [], payments: [] } },
      'GET /api/admin/audit': { status: 200, data: { entries: [], total: 0 } },
    });
    saveSession('jwt-a', admin);
    renderWithRouter(<AdminRoute />, { route: '/admin?tab=sellers' });
    await userEvent.click(await screen.findByRole('link', { name: 'See their log' }));
    expect(currentUrl()).toBe('/admin?tab=audit&seller=s1');
    expect(await screen.findByText('Nothing in the log for this filter.')).toBeInTheDocument();
    expect(await screen.findByRole('link', { name: 'Wanjiru Kamau' })).toBeInTheDocument();
    expect(adapter.mock.calls.some(([c]) => c.url === '/api/admin/audit' && (c.params as { seller?: string }).seller === 's1')).toBe(true);

    await userEvent.click(screen.getByRole('button', { name: 'All sellers' }));
    expect(currentUrl()).toBe('/admin?tab=audit');
    await userEvent.type(screen.getByRole('combobox', { name: 'Seller' }), 'Wanj');
    await userEvent.click(await screen.findByRole('option', { name: /Wanjiru Kamau/ }));
    expect(currentUrl()).toBe('/admin?tab=audit&seller=s1');
  });
});
