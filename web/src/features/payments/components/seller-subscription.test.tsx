import { screen, waitFor, within } from '@testing-library/react';
import userEvent from '@testing-library/user-event';
import { describe, expect, it, vi } from 'vitest';
import { samplePackages, samplePayment, sampleSubscription } from '@/testing/fixtures';
import { mockApi, networkError, sentBody, sentHeader, type Handler } from '@/testing/mock-api';
import { renderWithRouter } from '@/testing/test-utils';
import type { Payment, Subscription } from '@/types/api';
import { SellerSubscription } from './seller-subscription';

/** Standard, paid until Saturday 19 December 2026 (Nairobi). */
const standard: Subscription = { ...sampleSubscription, packageId: 'standard', packageName: 'Standard', price: 1500 };

const renewal: Payment = {
  ...samplePayment,
  id: 'pay-7',
  purpose: 'renewal',
  phoneNumber: '+254712345678',
  simulated: false,
};

function renderSection(subscription: Subscription, routes: Record<string, Handler>, reload?: () => Promise<Subscription | null>) {
  const adapter = mockApi({
    'GET /api/packages': { status: 200, data: samplePackages },
    // A started payment is checked after 2 s: it is still waiting.
    'GET /api/payments/pay-7': { status: 200, data: renewal },
    ...routes,
  });
  const reloadSubscription = vi.fn(reload ?? (() => Promise.resolve(subscription)));
  const onPaymentsChanged = vi.fn();
  renderWithRouter(
    <SellerSubscription
      subscription={subscription}
      accountPhone="+254712345678"
      reloadSubscription={reloadSubscription}
      onPaymentsChanged={onPaymentsChanged}
    />,
  );
  return { adapter, reloadSubscription, onPaymentsChanged };
}

const posts = (adapter: ReturnType<typeof mockApi>, url: string) =>
  adapter.mock.calls.map(([request]) => request).filter((request) => request.method === 'post' && request.url === url);

describe('SellerSubscription', () => {
  it('renews to the account number under an idempotency key, then shows the progress with the focus', async () => {
    const { adapter, onPaymentsChanged } = renderSection(standard, {
      'POST /api/payments': { status: 201, data: renewal },
    });

    expect(screen.getByText('The M-Pesa request for', { exact: false })).toHaveTextContent(
      'The M-Pesa request for Ksh 1,500 goes to +254712345678.',
    );
    await userEvent.click(screen.getByRole('button', { name: 'Renew for Ksh 1,500' }));

    const title = await screen.findByRole('heading', { level: 3, name: 'Check your phone' });
    // Focused by an effect, after the render that shows it.
    await waitFor(() => expect(title).toHaveFocus());
    expect(screen.getByText('Standard package · next month')).toBeInTheDocument();
    const [request] = posts(adapter, '/api/payments');
    expect(sentBody(request!)).toEqual({});
    expect(sentHeader(request!, 'Idempotency-Key')).toEqual(expect.any(String));
    expect(onPaymentsChanged).toHaveBeenCalledTimes(1);
    expect(screen.queryByRole('button', { name: 'Renew for Ksh 1,500' })).not.toBeInTheDocument();
  });

  it('sends the request to another number, with the sign-up rules for it', async () => {
    const { adapter } = renderSection(standard, { 'POST /api/payments': { status: 201, data: renewal } });

    await userEvent.click(screen.getByRole('button', { name: 'Use another number' }));
    const phone = screen.getByLabelText('M-Pesa phone number');
    expect(phone).toHaveFocus();
    expect(phone).toHaveValue('+254712345678');

    await userEvent.clear(phone);
    await userEvent.type(phone, '0812 345 678');
    await userEvent.click(screen.getByRole('button', { name: 'Renew for Ksh 1,500' }));
    expect(phone).toHaveAccessibleDescription(expect.stringContaining('Invalid phone number format after cleaning'));
    expect(posts(adapter, '/api/payments')).toHaveLength(0);

    await userEvent.clear(phone);
    await userEvent.type(phone, '0722 000 111');
    await userEvent.click(screen.getByRole('button', { name: 'Renew for Ksh 1,500' }));

    await screen.findByRole('heading', { name: 'Check your phone' });
    expect(sentBody(posts(adapter, '/api/payments')[0]!)).toEqual({ phoneNumber: '+254722000111' });
  });

  it('sends the same request under the same key after no answer', async () => {
    let answer: Handler = networkError;
    const { adapter } = renderSection(standard, { 'POST /api/payments': (request) => (typeof answer === 'function' ? answer(request) : answer) });

    await userEvent.click(screen.getByRole('button', { name: 'Renew for Ksh 1,500' }));
    expect(await screen.findByRole('alert')).toHaveTextContent('Failed to send the payment request. Please try again.');

    answer = { status: 201, data: renewal };
    await userEvent.click(screen.getByRole('button', { name: 'Renew for Ksh 1,500' }));
    await screen.findByRole('heading', { name: 'Check your phone' });
    const [first, second] = posts(adapter, '/api/payments').map((request) => sentHeader(request, 'Idempotency-Key'));
    expect(second).toBe(first);
    expect(screen.queryByRole('alert')).not.toBeInTheDocument();
  });

  it('says when a payment already waits for the PIN, and shows that payment', async () => {
    const { reloadSubscription } = renderSection(
      standard,
      { 'POST /api/payments': { status: 409, data: { message: 'A payment is already waiting for your PIN.', code: 'payment_pending' } } },
      () => Promise.resolve({ ...standard, pendingPayment: renewal }),
    );

    await userEvent.click(screen.getByRole('button', { name: 'Renew for Ksh 1,500' }));

    expect(await screen.findByRole('alert')).toHaveTextContent('A payment is already waiting for your PIN.');
    expect(reloadSubscription).toHaveBeenCalledTimes(1);
    expect(await screen.findByRole('heading', { name: 'Check your phone' })).not.toHaveFocus();
  });

  it('upgrades: the higher package is paid now with its id', async () => {
    const upgrade: Payment = { ...renewal, purpose: 'upgrade', packageId: 'premium', packageName: 'Premium', amount: 2500 };
    const { adapter } = renderSection(standard, { 'POST /api/payments': { status: 201, data: upgrade } });

    const toggle = screen.getByRole('button', { name: 'Change package' });
    await userEvent.click(toggle);
    expect(toggle).toHaveAttribute('aria-expanded', 'true');
    const list = within(await screen.findByRole('group', { name: 'Change package' }));
    const options = list.getAllByRole('listitem');
    expect(options.map((option) => option.textContent)).toEqual([
      'BasicKsh 800/month · 1 photo per listingSwitch at next renewal',
      'StandardKsh 1,500/month · 2 photos per listingYour package',
      'PremiumKsh 2,500/month · 3 photos per listingUpgrade — pay Ksh 2,500 now',
    ]);

    const upgradeButton = list.getByRole('button', { name: 'Upgrade — pay Ksh 2,500 now' });
    expect(upgradeButton).toHaveAccessibleDescription('Premium');
    await userEvent.click(upgradeButton);

    const waiting = await screen.findByRole('heading', { name: 'Check your phone' });
    await waitFor(() => expect(waiting).toHaveFocus());
    expect(screen.getByText('Upgrade to Premium')).toBeInTheDocument();
    const [request] = posts(adapter, '/api/payments');
    expect(sentBody(request!)).toEqual({ packageId: 'premium' });
    expect(sentHeader(request!, 'Idempotency-Key')).toEqual(expect.any(String));
    expect(screen.queryByRole('group', { name: 'Change package' })).not.toBeInTheDocument();
  });

  it('schedules a lower package for the next renewal, and keeps the current one on request', async () => {
    let pendingPackageId: string | null = null;
    const { adapter } = renderSection(standard, {
      'POST /api/account/package': (request) => {
        const { packageId } = sentBody(request) as { packageId: string };
        pendingPackageId = packageId === 'standard' ? null : packageId;
        return { status: 200, data: { ...standard, pendingPackageId } };
      },
    });

    await userEvent.click(screen.getByRole('button', { name: 'Change package' }));
    await userEvent.click(await screen.findByRole('button', { name: 'Switch at next renewal' }));

    expect(await screen.findByText('Switches to Basic on Sat, 19 Dec 2026')).toBeInTheDocument();
    expect(sentBody(posts(adapter, '/api/account/package')[0]!)).toEqual({ packageId: 'basic' });
    expect(screen.getAllByRole('status').map((status) => status.textContent)).toContain(
      'Your package switches to Basic on Sat, 19 Dec 2026.',
    );
    expect(screen.getByRole('button', { name: 'Change package' })).toHaveFocus();
    expect(screen.queryByRole('group', { name: 'Change package' })).not.toBeInTheDocument();
    // The next renewal is for Basic.
    expect(screen.getByRole('button', { name: 'Renew for Ksh 800' })).toBeInTheDocument();

    await userEvent.click(screen.getByRole('button', { name: 'Keep Standard' }));

    await waitFor(() => expect(screen.queryByText(/Switches to Basic/)).not.toBeInTheDocument());
    expect(sentBody(posts(adapter, '/api/account/package')[1]!)).toEqual({ packageId: 'standard' });
    expect(screen.getByText('You keep your Standard package.')).toBeInTheDocument();
    expect(screen.getByRole('button', { name: 'Change package' })).toHaveFocus();
    expect(screen.getByRole('button', { name: 'Renew for Ksh 1,500' })).toBeInTheDocument();
  });

  it('offers no renewal before the last 7 days of the package, and says from when; an upgrade still', async () => {
    // Paid until Saturday 19 December: renewable from Saturday 12 December (Nairobi).
    const fresh: Subscription = { ...standard, renewableFrom: '2026-12-11T22:30:00Z' };
    const { adapter } = renderSection(fresh, {});

    expect(screen.queryByRole('button', { name: /Renew/ })).not.toBeInTheDocument();
    expect(screen.queryByText(/The M-Pesa request for/)).not.toBeInTheDocument();
    expect(
      screen.getByText('You can renew from Sat, 12 Dec 2026, in the last 7 days of your package.'),
    ).toBeInTheDocument();
    await userEvent.click(screen.getByRole('button', { name: 'Change package' }));
    const list = within(await screen.findByRole('group', { name: 'Change package' }));
    expect(list.getByRole('button', { name: 'Upgrade — pay Ksh 2,500 now' })).toBeEnabled();
    expect(posts(adapter, '/api/payments')).toHaveLength(0);
  });

  it('offers the renewal once the server says it is due', async () => {
    let next: Subscription = { ...standard, renewableFrom: '2026-12-11T22:30:00Z' };
    const upgrade: Payment = { ...renewal, purpose: 'upgrade', packageId: 'premium', packageName: 'Premium', amount: 2500 };
    renderSection(next, {
      'POST /api/payments': { status: 201, data: upgrade },
      'GET /api/payments/pay-7': { status: 200, data: { ...upgrade, status: 'failed', message: 'Cancelled' } },
    }, () => Promise.resolve(next));
    // The reload after a payment settles brings the server's word.
    next = { ...standard, renewableFrom: null };
    await userEvent.click(screen.getByRole('button', { name: 'Change package' }));
    await userEvent.click(await screen.findByRole('button', { name: 'Upgrade — pay Ksh 2,500 now' }));
    expect(await screen.findByRole('button', { name: 'Renew for Ksh 1,500' }, { timeout: 5_000 })).toBeInTheDocument();
  });

  it("shows the server's message when a change fails", async () => {
    renderSection(standard, {
      'POST /api/account/package': { status: 400, data: { message: 'Choose a lower package to switch at renewal.', code: 'validation' } },
    });

    await userEvent.click(screen.getByRole('button', { name: 'Change package' }));
    await userEvent.click(await screen.findByRole('button', { name: 'Switch at next renewal' }));

    expect(await screen.findByRole('alert')).toHaveTextContent('Choose a lower package to switch at renewal.');
    expect(screen.getByRole('button', { name: 'Switch at next renewal' })).toBeEnabled();
  });

  it('names a seller without a subscription record by the package of the profile', () => {
    mockApi({ 'GET /api/packages': { status: 200, data: samplePackages } });
    renderWithRouter(
      <SellerSubscription
        subscription={null}
        packageName="Premium"
        accountPhone=""
        reloadSubscription={vi.fn()}
        onPaymentsChanged={vi.fn()}
      />,
    );
    const section = within(screen.getByRole('region', { name: 'Seller package' }));
    expect(section.getByText('Premium')).toBeInTheDocument();
    expect(section.getByRole('link', { name: 'Post a Service' })).toHaveAttribute('href', '/post-service');
    expect(section.queryByRole('button')).not.toBeInTheDocument();
  });
});
