import { screen, waitFor, within } from '@testing-library/react';
import userEvent from '@testing-library/user-event';
import { describe, expect, it, vi } from 'vitest';
import { saveSession } from '@/lib/session';
import { wanjiru } from '@/testing/fixtures';
import { mockApi, sentHeader } from '@/testing/mock-api';
import { currentUrl, renderWithRouter } from '@/testing/test-utils';
import type { AccountUser } from '@/types/api';
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

describe('AccountRoute', () => {
  it('sends signed-out visitors to /signin', () => {
    const adapter = mockApi({});
    renderWithRouter(<AccountRoute />, { route: '/account' });
    expect(currentUrl()).toBe('/signin');
    expect(adapter).not.toHaveBeenCalled();
  });

  it("shows a seller's profile, package, status and paid-until day in Nairobi", async () => {
    saveSession('jwt-w', wanjiru);
    const adapter = mockApi({
      'GET /api/me': {
        status: 200,
        data: {
          user: wanjiru,
          subscription: {
            packageId: 'premium',
            packageName: 'Premium',
            price: 2500,
            status: 'active',
            paidUntil: '2026-12-18T22:30:00Z',
          },
        },
      },
      'GET /api/account/services': { status: 200, data: [] },
      'GET /api/account/appointments': { status: 200, data: [] },
    });
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
    expect(sellerPackage.getByText('Active')).toBeInTheDocument();
    expect(sellerPackage.getByText('Sat, 19 Dec 2026')).toBeInTheDocument();
    expect(sellerPackage.getByRole('link', { name: 'Post a Service' })).toHaveAttribute('href', '/post-service');
    expect(await section('My services').findByText('You have not posted any services yet.')).toBeInTheDocument();
    expect(await section('Bookings').findByText('No bookings yet.')).toBeInTheDocument();
    await waitFor(() => expect(document.title).toBe('My Account · Mtaani'));
  });

  it.each([
    ['pending_payment', 'Awaiting payment'],
    ['grace', 'In grace period'],
    ['expired', 'Expired'],
  ])('names the %s status %s', async (status, label) => {
    saveSession('jwt-w', wanjiru);
    mockApi({
      'GET /api/me': {
        status: 200,
        data: {
          user: wanjiru,
          subscription: { packageId: 'basic', packageName: 'Basic', price: 800, status, paidUntil: null },
        },
      },
      'GET /api/account/services': { status: 200, data: [] },
      'GET /api/account/appointments': { status: 200, data: [] },
    });
    renderWithRouter(<AccountRoute />);
    expect(await screen.findByText(label)).toBeInTheDocument();
    expect(section('Seller package').getByText('Not paid yet')).toBeInTheDocument();
  });

  it('shows a buyer the profile only', async () => {
    saveSession('jwt-o', otieno);
    mockApi({ 'GET /api/me': { status: 200, data: { user: otieno } } });
    renderWithRouter(<AccountRoute />);

    await screen.findByRole('region', { name: 'Profile' });
    expect(section('Profile').getByText('Buyer')).toBeInTheDocument();
    expect(screen.queryByRole('region', { name: 'Seller package' })).not.toBeInTheDocument();
    expect(screen.queryByRole('region', { name: 'My services' })).not.toBeInTheDocument();
    expect(screen.queryByRole('region', { name: 'Bookings' })).not.toBeInTheDocument();
    expect(screen.queryByRole('link', { name: 'Post a Service' })).not.toBeInTheDocument();
  });

  it('goes to /signin when the server refuses the token', async () => {
    saveSession('jwt-old', otieno);
    mockApi({ 'GET /api/me': { status: 401, data: { message: 'Please sign in again' } } });
    renderWithRouter(<AccountRoute />, { route: '/account' });
    await waitFor(() => expect(currentUrl()).toBe('/signin'));
    expect(localStorage.getItem('token')).toBeNull();
  });

  it('offers to try again when loading fails', async () => {
    vi.spyOn(console, 'error').mockImplementation(() => {});
    saveSession('jwt-o', otieno);
    let fail = true;
    mockApi({
      'GET /api/me': () => (fail ? { status: 503, data: { message: 'down' } } : { status: 200, data: { user: otieno } }),
    });
    renderWithRouter(<AccountRoute />);

    const alert = await screen.findByRole('alert');
    expect(alert).toHaveTextContent('Failed to load your account. Please try again.');
    fail = false;
    await userEvent.click(within(alert).getByRole('button', { name: 'Try Again' }));
    expect(await screen.findByRole('region', { name: 'Profile' })).toBeInTheDocument();
  });
});
