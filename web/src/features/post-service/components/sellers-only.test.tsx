import { act, screen, waitFor } from '@testing-library/react';
import { describe, expect, it } from 'vitest';
import { clearSession, saveSession } from '@/lib/session';
import { wanjiru } from '@/testing/fixtures';
import { currentUrl, renderWithRouter } from '@/testing/test-utils';
import { SellersOnly } from './sellers-only';

function open() {
  return renderWithRouter(
    <SellersOnly>
      <h1>Post a Service</h1>
    </SellersOnly>,
    { route: '/post-service' },
  );
}

describe('SellersOnly (the router around /post-service)', () => {
  it('shows a seller the page', () => {
    saveSession('jwt-1', wanjiru);
    open();
    expect(screen.getByRole('heading', { name: 'Post a Service' })).toBeInTheDocument();
    expect(currentUrl()).toBe('/post-service');
  });

  it('sends a visitor to /signin in place of the page, without rendering it, asking to sign in', async () => {
    open();
    expect(screen.queryByRole('heading', { name: 'Post a Service' })).not.toBeInTheDocument();
    await waitFor(() => expect(currentUrl()).toBe('/signin'));
    expect(await screen.findByText('Please sign in to post a service')).toBeInTheDocument();
  });

  it('sends a buyer to /signin: only sellers can post', async () => {
    saveSession('jwt-2', { userName: 'Otieno Ouma', accountType: 'buyer' });
    open();
    expect(await screen.findByText('Only sellers can post services')).toBeInTheDocument();
    await waitFor(() => expect(currentUrl()).toBe('/signin'));
  });

  it('sends a seller who logs out on the page to /signin without the sign-in request', async () => {
    saveSession('jwt-1', wanjiru);
    open();
    act(() => clearSession());
    await waitFor(() => expect(currentUrl()).toBe('/signin'));
    expect(screen.queryByText('Please sign in to post a service')).not.toBeInTheDocument();
  });
});
