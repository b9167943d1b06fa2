import { screen, waitFor } from '@testing-library/react';
import userEvent from '@testing-library/user-event';
import { describe, expect, it, vi } from 'vitest';
import { readSession } from '@/lib/session';
import { wanjiru } from '@/testing/fixtures';
import { mockApi, networkError, sentBody, type Reply } from '@/testing/mock-api';
import { currentUrl, renderWithRouter } from '@/testing/test-utils';
import { Header } from '@/components/layouts/header/header';
import SignInRoute from './sign-in';

async function fillAndSubmit(email: string, password: string) {
  await userEvent.type(screen.getByLabelText('Email'), email);
  await userEvent.type(screen.getByLabelText('Password'), password);
  await userEvent.click(screen.getByRole('button', { name: 'Sign in' }));
}

describe('SignInRoute', () => {
  it('has e-mail, password, remember-me and the links to reset and sign up', async () => {
    renderWithRouter(<SignInRoute />, { route: '/signin' });
    expect(screen.getByLabelText('Email')).toHaveAttribute('type', 'email');
    expect(screen.getByLabelText('Password')).toHaveAttribute('type', 'password');
    expect(screen.getByRole('checkbox', { name: 'Remember me' })).not.toBeChecked();
    expect(screen.getByRole('link', { name: 'Forgot password?' })).toHaveAttribute('href', '/reset-password');
    expect(screen.getByRole('link', { name: 'Sign up' })).toHaveAttribute('href', '/signup-options');
    await waitFor(() => expect(document.title).toBe('Sign in · Mtaani'));
  });

  it('shows the messages on an empty or invalid submit and sends nothing', async () => {
    const adapter = mockApi({});
    renderWithRouter(<SignInRoute />);

    await userEvent.click(screen.getByRole('button', { name: 'Sign in' }));

    expect(screen.getByText('Please enter a valid email address')).toBeInTheDocument();
    expect(screen.getByText('Password is required')).toBeInTheDocument();
    expect(screen.getByLabelText('Email')).toHaveAttribute('aria-invalid', 'true');
    expect(screen.getByLabelText('Email')).toHaveAccessibleDescription('Please enter a valid email address');
    expect(screen.getByLabelText('Email')).toHaveFocus();

    await userEvent.type(screen.getByLabelText('Email'), 'amina@example');
    expect(screen.getByText('Please enter a valid email address')).toBeInTheDocument();
    await userEvent.type(screen.getByLabelText('Email'), '.com');
    expect(screen.queryByText('Please enter a valid email address')).not.toBeInTheDocument();
    expect(adapter).not.toHaveBeenCalled();
  });

  it("signs in: 'Signing in...' while pending, then saves the session, thanks and goes home", async () => {
    let answer!: (reply: Reply) => void;
    const adapter = mockApi({
      'POST /api/login': () => new Promise((resolve) => (answer = resolve)),
      'GET /api/account/services': { status: 200, data: [{ _id: 'svc-1' }] },
    });
    renderWithRouter(<SignInRoute />, { route: '/signin' });

    await userEvent.click(screen.getByRole('checkbox', { name: 'Remember me' }));
    await fillAndSubmit('wanjiru@demo.mtaani.co.ke', 'mtaani-demo');

    const button = await screen.findByRole('button', { name: 'Signing in...' });
    expect(button).toBeDisabled();
    expect(sentBody(adapter.mock.calls[0]![0])).toEqual({
      email: 'wanjiru@demo.mtaani.co.ke',
      password: 'mtaani-demo',
      rememberMe: true,
    });

    answer({ status: 200, data: { token: 'jwt-w', user: wanjiru } });

    await waitFor(() => expect(currentUrl()).toBe('/'));
    expect(readSession()).toEqual({ token: 'jwt-w', user: wanjiru });
    expect(screen.getByRole('status')).toHaveTextContent('Successfully signed in!');
  });

  it('sends a seller with no listing yet to the post form, with the token', async () => {
    const adapter = mockApi({
      'POST /api/login': { status: 200, data: { token: 'jwt-n', user: wanjiru } },
      'GET /api/account/services': { status: 200, data: [] },
    });
    renderWithRouter(<SignInRoute />, { route: '/signin' });
    await fillAndSubmit('wanjiru@demo.mtaani.co.ke', 'mtaani-demo');

    await waitFor(() => expect(currentUrl()).toBe('/post-service'));
    const asked = adapter.mock.calls.map(([request]) => request).find((request) => request.url === '/api/account/services')!;
    expect(asked.params).toEqual({ limit: 1 });
    expect(asked.headers.Authorization).toBe('Bearer jwt-n');
  });

  it('sends a buyer home without asking for listings, and a seller home when the listings cannot be read', async () => {
    vi.spyOn(console, 'error').mockImplementation(() => {});
    const buyer = { ...wanjiru, accountType: 'buyer' as const, sellerPackage: null };
    const adapter = mockApi({
      'POST /api/login': (request) => ({
        status: 200,
        data: { token: 'jwt', user: (sentBody(request) as { email: string }).email.startsWith('b') ? buyer : wanjiru },
      }),
      'GET /api/account/services': { status: 503, data: { message: 'down', code: 'unavailable' } },
    });
    const view = renderWithRouter(<SignInRoute />, { route: '/signin' });
    await fillAndSubmit('buyer@example.com', 'mtaani-demo');
    await waitFor(() => expect(currentUrl()).toBe('/'));
    expect(adapter.mock.calls.some(([request]) => request.url === '/api/account/services')).toBe(false);
    view.unmount();

    renderWithRouter(<SignInRoute />, { route: '/signin' });
    await fillAndSubmit('wanjiru@demo.mtaani.co.ke', 'mtaani-demo');
    await waitFor(() => expect(adapter.mock.calls.some(([request]) => request.url === '/api/account/services')).toBe(true));
    await waitFor(() => expect(currentUrl()).toBe('/'));
  });

  it('updates the header account menu at once', async () => {
    mockApi({
      'POST /api/login': { status: 200, data: { token: 'jwt-w', user: wanjiru } },
      'GET /api/account/services': { status: 200, data: [{ _id: 'svc-1' }] },
    });
    renderWithRouter(
      <>
        <Header />
        <SignInRoute />
      </>,
      { route: '/signin' },
    );
    expect(screen.getByRole('button', { name: 'Account' })).toBeInTheDocument();

    await fillAndSubmit('wanjiru@demo.mtaani.co.ke', 'mtaani-demo');

    expect(await screen.findByRole('button', { name: 'Wanjiru' })).toBeInTheDocument();
  });

  it("shows the server's message when sign-in fails, and stays", async () => {
    mockApi({ 'POST /api/login': { status: 401, data: { message: 'Invalid email or password', code: 'bad_credentials' } } });
    renderWithRouter(<SignInRoute />, { route: '/signin' });

    await fillAndSubmit('wanjiru@demo.mtaani.co.ke', 'wrong-password');

    expect(await screen.findByRole('alert')).toHaveTextContent('Invalid email or password');
    expect(screen.getByRole('button', { name: 'Sign in' })).toBeEnabled();
    expect(currentUrl()).toBe('/signin');
    expect(readSession()).toBeNull();
  });

  it('falls back to its own message when the server sends none', async () => {
    mockApi({ 'POST /api/login': networkError });
    renderWithRouter(<SignInRoute />);

    await fillAndSubmit('amina@example.com', 'whatever');

    expect(await screen.findByRole('alert')).toHaveTextContent('Failed to sign in. Please check your credentials.');
  });

  it('fills in the e-mail passed by the sign-up page', () => {
    renderWithRouter(<SignInRoute />, { route: { pathname: '/signin', state: { email: 'amina@example.com' } } });
    expect(screen.getByLabelText('Email')).toHaveValue('amina@example.com');
  });

  it("asks an operator for the authenticator code when the server does, then opens the console", async () => {
    const admin = { ...wanjiru, accountType: 'admin' as const };
    const adapter = mockApi({
      'POST /api/login': (request) =>
        (sentBody(request) as { totp?: string }).totp === '123456'
          ? { status: 200, data: { token: 'jwt-a', user: admin } }
          : {
              status: 401,
              data: {
                message: 'Enter the 6-digit code from your authenticator app.', code: 'unauthenticated',
                errors: { totp: 'Enter the 6-digit code from your authenticator app.' },
              },
            },
    });
    renderWithRouter(<SignInRoute />, { route: '/signin' });
    expect(screen.queryByLabelText('Authenticator code')).not.toBeInTheDocument();
    await fillAndSubmit('admin@demo.mtaani.co.ke', 'mtaani-demo');
    const code = await screen.findByLabelText('Authenticator code');
    expect(code).toHaveAttribute('autocomplete', 'one-time-code');
    await userEvent.type(code, '123456');
    await userEvent.click(screen.getByRole('button', { name: 'Sign in' }));
    await waitFor(() => expect(currentUrl()).toBe('/admin'));
    expect(sentBody(adapter.mock.calls[1]![0])).toMatchObject({ totp: '123456' });
  });
});
