import { act, screen } from '@testing-library/react';
import { describe, expect, it } from 'vitest';
import { expireSession, readSession, saveSession } from '@/lib/session';
import { currentUrl, renderWithRouter } from '@/testing/test-utils';
import { SessionExpiryRedirect } from './session-expiry';

describe('SessionExpiryRedirect', () => {
  it('sends the visitor to /signin when the server refuses the token', () => {
    saveSession('jwt-1', { userName: 'Amina Wanjiru', accountType: 'seller' });
    renderWithRouter(<SessionExpiryRedirect />, { route: '/account' });

    act(() => expireSession('jwt-1'));

    expect(readSession()).toBeNull();
    expect(currentUrl()).toBe('/signin');
    expect(screen.getByRole('status')).toHaveTextContent('Your session has expired. Please sign in again.');
  });

  it('stays put when a token that is no longer stored is refused', () => {
    saveSession('jwt-2', { userName: 'Amina Wanjiru', accountType: 'seller' });
    renderWithRouter(<SessionExpiryRedirect />, { route: '/account' });

    act(() => expireSession('jwt-1'));

    expect(readSession()?.token).toBe('jwt-2');
    expect(currentUrl()).toBe('/account');
  });
});
