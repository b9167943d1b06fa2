import { screen, waitFor, within } from '@testing-library/react';
import userEvent from '@testing-library/user-event';
import { describe, expect, it, vi } from 'vitest';
import { mockApi, networkError, sentBody, sentHeader, type Reply } from '@/testing/mock-api';
import { currentUrl, renderWithRouter } from '@/testing/test-utils';
import { samplePackages as packages } from '@/testing/fixtures';
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
          message: 'Please check the highlighted fields',
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
    mockApi({ 'POST /api/register': { status: 409, data: { message: 'An account with this email already exists' } } });
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
    mockApi({ 'GET /api/packages': () => (fail ? { status: 503, data: { message: 'down' } } : { status: 200, data: packages }) });
    renderWithRouter(<SignUpRoute />, { route: '/signup?type=seller&package=premium' });

    const alert = await screen.findByRole('alert');
    expect(alert).toHaveTextContent('Failed to load packages. Please try again.');
    fail = false;
    await userEvent.click(within(alert).getByRole('button', { name: 'Try Again' }));
    expect(await screen.findByText('Premium package')).toBeInTheDocument();
  });
});
