import { act, fireEvent, screen, waitFor, within } from '@testing-library/react';
import userEvent from '@testing-library/user-event';
import { afterEach, describe, expect, it, vi } from 'vitest';
import { mockApi, networkError, sentBody, sentHeader, type Handler, type Reply } from '@/testing/mock-api';
import { currentUrl, renderWithRouter } from '@/testing/test-utils';
import { cancelled, paid, samplePackages as packages, samplePayment, wanjiru } from '@/testing/fixtures';
import type { Payment } from '@/types/api';
import SignUpRoute from './sign-up';

const field = (label: string) => screen.getByLabelText(label);

async function fillForm(overrides: Partial<Record<string, string>> = {}) {
  const values: Record<string, string> = {
    'First name': 'Amina',
    'Last name': 'Wanjiru',
    Email: 'amina@example.com',
    'Phone number': '0712 345 678',
    Password: 'mtaani-2026',
    'Confirm password': 'mtaani-2026',
    ...overrides,
  };
  for (const [label, value] of Object.entries(values)) {
    await userEvent.clear(field(label));
    if (value) await userEvent.type(field(label), value);
  }
}

const submit = () => userEvent.click(screen.getByRole('button', { name: 'Create Account' }));

describe('SignUpRoute for buyers', () => {
  it('is the buyer form by default, with the legal links', () => {
    renderWithRouter(<SignUpRoute />, { route: '/signup' });
    expect(
      screen.getByRole('heading', { level: 1, name: 'Enter your details to create a buyer account' }),
    ).toBeInTheDocument();
    for (const label of ['First name', 'Last name', 'Email', 'Phone number', 'Password', 'Confirm password']) {
      expect(field(label)).toBeInTheDocument();
    }
    expect(screen.getByRole('link', { name: 'Terms of Service' })).toHaveAttribute('href', '/terms');
    expect(screen.getByRole('link', { name: 'Privacy Policy' })).toHaveAttribute('href', '/privacy');
    expect(screen.getByRole('link', { name: 'Sign in' })).toHaveAttribute('href', '/signin');
  });

  it('treats an unknown type as a buyer', () => {
    renderWithRouter(<SignUpRoute />, { route: '/signup?type=admin' });
    expect(screen.getByRole('heading', { level: 1 })).toHaveTextContent('Enter your details to create a buyer account');
  });

  it('shows every message on an empty submit and sends nothing', async () => {
    const adapter = mockApi({});
    renderWithRouter(<SignUpRoute />, { route: '/signup?type=buyer' });

    await submit();

    for (const message of [
      'First name must be at least 2 characters',
      'Last name must be at least 2 characters',
      'Please enter a valid email address',
      'Please enter a valid phone number',
      'Password must be at least 8 characters',
    ]) {
      expect(screen.getByText(message)).toBeInTheDocument();
    }
    expect(field('First name')).toHaveFocus();
    expect(adapter).not.toHaveBeenCalled();
  });

  it("says when the passwords don't match", async () => {
    mockApi({});
    renderWithRouter(<SignUpRoute />);
    await fillForm({ 'Confirm password': 'mtaani-2027' });
    await submit();
    expect(screen.getByText("Passwords don't match")).toBeInTheDocument();
    expect(field('Confirm password')).toHaveFocus();
  });

  it('refuses a phone number that cleaning cannot make valid', async () => {
    const adapter = mockApi({});
    renderWithRouter(<SignUpRoute />);
    await fillForm({ 'Phone number': '0812-345-678' });
    await submit();

    expect(within(field('Phone number').closest('.field')!).getByText('Invalid phone number format after cleaning')).toBeInTheDocument();
    expect(screen.getByRole('alert')).toHaveTextContent('Invalid phone number format after cleaning');
    expect(field('Phone number')).toHaveFocus();
    expect(adapter).not.toHaveBeenCalled();
  });

  it("registers: 'Creating Account...' while pending, the cleaned payload, then a toast and /signin", async () => {
    let answer!: (reply: Reply) => void;
    const adapter = mockApi({ 'POST /api/register': () => new Promise((resolve) => (answer = resolve)) });
    renderWithRouter(<SignUpRoute />, { route: '/signup?type=buyer' });

    await fillForm({ 'First name': ' Amina ' });
    await submit();

    expect(await screen.findByRole('button', { name: 'Creating Account...' })).toBeDisabled();
    const request = adapter.mock.calls[0]![0];
    expect(sentBody(request)).toEqual({
      userName: 'Amina Wanjiru',
      email: 'amina@example.com',
      phoneNumber: '+254712345678',
      password: 'mtaani-2026',
      accountType: 'buyer',
    });
    expect(sentHeader(request, 'Idempotency-Key')).toEqual(expect.any(String));

    answer({ status: 201, data: { message: 'Account created successfully! Please log in to continue.', user: {} } });

    await waitFor(() => expect(currentUrl()).toBe('/signin'));
    expect(screen.getByRole('status')).toHaveTextContent('Account created successfully! Please log in to continue.');
  });

  it("shows the server's message and its per-field errors", async () => {
    mockApi({
      'POST /api/register': {
        status: 400,
        data: {
          message: 'Please check the highlighted fields', code: 'validation',
          errors: { email: 'This email address cannot receive mail', accountType: 'Choose buyer or seller' },
        },
      },
    });
    renderWithRouter(<SignUpRoute />);
    await fillForm();
    await submit();

    const alerts = await screen.findAllByRole('alert');
    expect(alerts.map((alert) => alert.textContent)).toEqual(
      expect.arrayContaining(['Choose buyer or seller', expect.stringContaining('Please check the highlighted fields')]),
    );
    expect(field('Email')).toHaveAccessibleDescription('This email address cannot receive mail');
    expect(field('Email')).toHaveFocus();
    expect(screen.getByRole('button', { name: 'Create Account' })).toBeEnabled();

    // Editing the field clears the server's message about it.
    await userEvent.type(field('Email'), 'x');
    expect(screen.queryByText('This email address cannot receive mail')).not.toBeInTheDocument();
  });

  it('shows the conflict message for a taken e-mail', async () => {
    mockApi({ 'POST /api/register': { status: 409, data: { message: 'An account with this email already exists', code: 'email_taken' } } });
    renderWithRouter(<SignUpRoute />);
    await fillForm();
    await submit();
    expect(await screen.findByRole('alert')).toHaveTextContent('An account with this email already exists');
    expect(currentUrl()).toBe('/');
  });

  it('falls back to its own message, and retries under the same key', async () => {
    const adapter = mockApi({ 'POST /api/register': networkError });
    renderWithRouter(<SignUpRoute />);
    await fillForm();
    await submit();
    expect(await screen.findByRole('alert')).toHaveTextContent('Failed to create account. Please try again.');

    await submit();
    await waitFor(() => expect(adapter).toHaveBeenCalledTimes(2));
    const [first, second] = adapter.mock.calls.map(([request]) => sentHeader(request, 'Idempotency-Key'));
    expect(second).toBe(first);
  });
});

describe('SignUpRoute for sellers', () => {
  it('shows the chosen package from the server and sends its id', async () => {
    const adapter = mockApi({
      'GET /api/packages': { status: 200, data: packages },
      'POST /api/register': { status: 201, data: { message: 'ok', user: {} } },
    });
    renderWithRouter(<SignUpRoute />, { route: '/signup?type=seller&package=standard' });

    expect(screen.getByRole('heading', { level: 1, name: 'Register as a seller' })).toBeInTheDocument();
    expect(await screen.findByText('Standard package')).toBeInTheDocument();
    expect(screen.getByText('Ksh 1,500')).toBeInTheDocument();
    expect(screen.getByRole('link', { name: 'Change package' })).toHaveAttribute('href', '/seller-packages');

    await fillForm();
    await submit();

    await waitFor(() => expect(currentUrl()).toBe('/signin'));
    const register = adapter.mock.calls.map(([request]) => request).find((request) => request.method === 'post')!;
    expect(sentBody(register)).toMatchObject({ accountType: 'seller', packageId: 'standard' });
  });

  it('sends a seller without a known package back to the packages', async () => {
    mockApi({ 'GET /api/packages': { status: 200, data: packages } });
    renderWithRouter(<SignUpRoute />, { route: '/signup?type=seller&package=gold' });

    expect(await screen.findByRole('link', { name: 'Choose a package' })).toHaveAttribute('href', '/seller-packages');
    expect(screen.queryByLabelText('First name')).not.toBeInTheDocument();
  });

  it('offers to try again when the packages cannot be loaded', async () => {
    vi.spyOn(console, 'error').mockImplementation(() => {});
    let fail = true;
    mockApi({ 'GET /api/packages': () => (fail ? { status: 503, data: { message: 'down', code: 'unavailable' } } : { status: 200, data: packages }) });
    renderWithRouter(<SignUpRoute />, { route: '/signup?type=seller&package=premium' });

    const alert = await screen.findByRole('alert');
    expect(alert).toHaveTextContent('Failed to load packages. Please try again.');
    fail = false;
    await userEvent.click(within(alert).getByRole('button', { name: 'Try Again' }));
    expect(await screen.findByText('Premium package')).toBeInTheDocument();
  });
});

describe('SignUpRoute: a seller pays the first month with M-Pesa', { timeout: 20_000 }, () => {
  // The form is filled with real timers; the payment step runs on fake ones (installed just before
  // 'Create Account'), driven by fireEvent and act: Testing Library's async helpers wait on real timers.
  afterEach(() => {
    vi.useRealTimers();
  });

  /** Moves the clock on by `ms`, running the checks that fall due and the renders they cause. */
  const advance = (ms: number) => act(() => vi.advanceTimersByTimeAsync(ms));
  /** Lets answered calls and their renders run, without moving the clock. */
  const flush = () => advance(0);
  const press = async (name: string) => {
    fireEvent.click(screen.getByRole('button', { name }));
    await flush();
  };

  /** Answers each GET of a payment with the next reply of its list, the last one again and again. */
  function payments(replies: Record<string, Payment[]>): Record<string, Handler> {
    return Object.fromEntries(
      Object.entries(replies).map(([id, list]) => {
        let calls = 0;
        const handler: Handler = () => ({ status: 200, data: list[Math.min(calls++, list.length - 1)] });
        return [`GET /api/payments/${id}`, handler];
      }),
    );
  }

  function registered(payment: Payment): Reply {
    return {
      status: 201,
      data: {
        message: 'Account created successfully! Please log in to continue.',
        user: { ...wanjiru, sellerPackage: { packageId: 'standard', name: 'Standard', photoUploads: 2 } },
        subscription: {
          packageId: 'standard',
          packageName: 'Standard',
          price: 1500,
          status: 'pending_payment',
          paidUntil: null,
          pendingPackageId: null,
          pendingPayment: payment,
        },
        payment,
      },
    };
  }

  async function signUpAsSeller(routes: Record<string, Handler>, payment: Payment = samplePayment) {
    const adapter = mockApi({
      'GET /api/packages': { status: 200, data: packages },
      'POST /api/register': registered(payment),
      ...routes,
    });
    const view = renderWithRouter(<SignUpRoute />, { route: '/signup?type=seller&package=standard' });
    await screen.findByText('Standard package');
    await fillForm();

    vi.useFakeTimers({ toFake: ['setTimeout', 'clearTimeout', 'Date'] });
    await press('Create Account');
    expect(screen.getByRole('heading', { level: 1, name: 'Pay for your package' })).toBeInTheDocument();
    return { adapter, view };
  }

  const paymentChecks = (adapter: ReturnType<typeof mockApi>, id: string) =>
    adapter.mock.calls.filter(([request]) => request.method === 'get' && request.url === `/api/payments/${id}`).length;

  const statusOf = (title: HTMLElement) => title.closest('[role="status"]');

  it('shows the request on the phone, then on success the receipt on the page, and goes on to /signin', async () => {
    const { adapter } = await signUpAsSeller(payments({ 'pay-1': [samplePayment, paid(samplePayment)] }));

    // What is paid, where the request went, and what to do: the title has the focus.
    expect(screen.getByText('Standard package · first month')).toBeInTheDocument();
    expect(screen.getByText('Ksh 1,500')).toBeInTheDocument();
    const title = screen.getByRole('heading', { level: 2, name: 'Check your phone' });
    expect(title).toHaveFocus();
    expect(statusOf(title)).toHaveTextContent('We sent an M-Pesa request to +254712345678.');
    expect(statusOf(title)).toHaveTextContent('Enter your M-Pesa PIN to pay Ksh 1,500 to Mtaani.');
    expect(statusOf(title)).toHaveTextContent('Waiting for your PIN…');
    expect(
      screen.getByText(
        'Demo payment — no money moves. It is approved after about 2 seconds; numbers ending in 0000 are declined.',
      ),
    ).toBeInTheDocument();
    expect(screen.getByRole('link', { name: 'Sign in' })).toHaveAttribute('href', '/signin');
    expect(screen.queryByLabelText('Password')).not.toBeInTheDocument();

    // Asked after 2 s: still pending. After 4 s: paid.
    expect(paymentChecks(adapter, 'pay-1')).toBe(0);
    await advance(2_000);
    expect(paymentChecks(adapter, 'pay-1')).toBe(1);
    expect(currentUrl()).toBe('/signup?type=seller&package=standard');
    await advance(2_000);

    // The outcome stays on the page, with the way on; paying later is no longer offered.
    expect(paymentChecks(adapter, 'pay-1')).toBe(2);
    const done = screen.getByRole('heading', { level: 2, name: 'Payment received' });
    expect(done).toHaveFocus();
    expect(statusOf(done)).toHaveTextContent('M-Pesa receipt NLJ7RT61SV');
    expect(currentUrl()).toBe('/signup?type=seller&package=standard');
    expect(screen.queryByText(/Want to pay later/)).not.toBeInTheDocument();
    await advance(10_000);
    expect(paymentChecks(adapter, 'pay-1')).toBe(2);

    await press('Sign in to post your first service');
    expect(currentUrl()).toBe('/signin');
    const notices = screen.getByRole('region', { name: 'Notifications' });
    expect(notices).toHaveTextContent('Account created successfully! Please log in to continue.');
  });

  it('after a failure shows why, and tries again with a changed number: retry, then follows the new payment', async () => {
    const second: Payment = { ...samplePayment, id: 'pay-2', phoneNumber: '+254 7•• ••• 111' };
    const { adapter } = await signUpAsSeller({
      ...payments({ 'pay-1': [cancelled(samplePayment)], 'pay-2': [second, paid(second, 'NLK8SU72TW')] }),
      'POST /api/payments/pay-1/retry': { status: 201, data: second },
    });

    await advance(2_000);

    const title = screen.getByRole('heading', { level: 2, name: 'Payment not completed' });
    expect(title).toHaveFocus();
    expect(statusOf(title)).toHaveTextContent('You cancelled the payment on your phone. Try again when you are ready.');
    const phone = screen.getByLabelText('M-Pesa phone number');
    expect(phone).toHaveValue('0712 345 678');

    // The sign-up form's rules and messages.
    fireEvent.change(phone, { target: { value: '0812' } });
    await press('Try again');
    expect(phone).toHaveAccessibleDescription(expect.stringContaining('Please enter a valid phone number'));
    expect(phone).toHaveFocus();
    fireEvent.change(phone, { target: { value: '0812 345 678' } });
    await press('Try again');
    expect(phone).toHaveAccessibleDescription(expect.stringContaining('Invalid phone number format after cleaning'));
    expect(adapter.mock.calls.some(([request]) => request.url?.endsWith('/retry'))).toBe(false);

    fireEvent.change(phone, { target: { value: '0722 000 111' } });
    await press('Try again');

    const retry = adapter.mock.calls.map(([request]) => request).find((request) => request.url === '/api/payments/pay-1/retry')!;
    expect(retry.method).toBe('post');
    expect(sentBody(retry)).toEqual({ phoneNumber: '+254722000111' });
    const again = screen.getByRole('heading', { level: 2, name: 'Check your phone' });
    expect(again).toHaveFocus();
    expect(statusOf(again)).toHaveTextContent('We sent an M-Pesa request to +254722000111.');
    expect(screen.queryByLabelText('M-Pesa phone number')).not.toBeInTheDocument();

    await advance(2_000);
    expect(paymentChecks(adapter, 'pay-2')).toBe(1);
    await advance(2_000);
    expect(paymentChecks(adapter, 'pay-1')).toBe(1);
    expect(screen.getByRole('heading', { level: 2, name: 'Payment received' })).toHaveFocus();
    expect(screen.getByText('NLK8SU72TW')).toBeInTheDocument();
    expect(screen.queryByLabelText('M-Pesa phone number')).not.toBeInTheDocument();
    await press('Sign in to post your first service');
    expect(currentUrl()).toBe('/signin');
  });

  it("shows the server's answer to a retry: a message about the number, or one about the payment", async () => {
    const failed: Payment = { ...cancelled(samplePayment), simulated: false, message: '' };
    let reply: Reply = {
      status: 400,
      data: { message: 'Please check the highlighted fields', code: 'validation', errors: { phoneNumber: 'Please enter a valid phone number' } },
    };
    const { adapter } = await signUpAsSeller({ 'POST /api/payments/pay-1/retry': () => reply }, failed);

    // Failed at once (the request could not be sent): the fallback message, no demo notice, no polling.
    expect(screen.getByRole('heading', { level: 2, name: 'Payment not completed' })).toHaveFocus();
    expect(screen.getByText('The payment did not go through. Please try again.')).toBeInTheDocument();
    expect(screen.queryByText(/Demo payment/)).not.toBeInTheDocument();

    await press('Try again');
    const phone = screen.getByLabelText('M-Pesa phone number');
    expect(phone).toHaveAccessibleDescription(expect.stringContaining('Please enter a valid phone number'));
    expect(phone).toHaveFocus();

    reply = { status: 409, data: { message: 'This payment can no longer be retried.', code: 'conflict' } };
    fireEvent.change(phone, { target: { value: '0712 345 679' } });
    await press('Try again');
    expect(screen.getByRole('alert')).toHaveTextContent('This payment can no longer be retried.');
    expect(screen.getByRole('button', { name: 'Try again' })).toBeEnabled();

    await advance(10_000);
    expect(paymentChecks(adapter, 'pay-1')).toBe(0);
  });

  it('slows down after 30 s, stops after 3 minutes with Check again, and stops when the page goes away', async () => {
    const { adapter, view } = await signUpAsSeller(payments({ 'pay-1': [samplePayment] }), {
      ...samplePayment,
      simulated: false,
    });

    await advance(30_000);
    expect(paymentChecks(adapter, 'pay-1')).toBe(15);
    expect(screen.getByText('Still waiting for your PIN. M-Pesa can take up to a minute.')).toBeInTheDocument();
    await advance(4_999);
    expect(paymentChecks(adapter, 'pay-1')).toBe(15);
    await advance(1);
    expect(paymentChecks(adapter, 'pay-1')).toBe(16);

    await advance(145_000);
    expect(paymentChecks(adapter, 'pay-1')).toBe(45);
    expect(screen.getByRole('heading', { level: 2, name: 'Still waiting for M-Pesa' })).toBeInTheDocument();
    await advance(60_000);
    expect(paymentChecks(adapter, 'pay-1')).toBe(45);

    // 'Check again' asks at once, then every 2 s again.
    await press('Check again');
    expect(paymentChecks(adapter, 'pay-1')).toBe(46);
    expect(screen.getByRole('heading', { level: 2, name: 'Check your phone' })).toBeInTheDocument();
    await advance(2_000);
    expect(paymentChecks(adapter, 'pay-1')).toBe(47);

    view.unmount();
    await advance(60_000);
    expect(paymentChecks(adapter, 'pay-1')).toBe(47);
  });
});
