import { screen, within } from '@testing-library/react';
import { describe, expect, it } from 'vitest';
import { renderWithRouter } from '@/testing/test-utils';
import SignUpOptionsRoute from './sign-up-options';

describe('SignUpOptionsRoute', () => {
  it('offers Buyer (straight to the form) and Seller (packages first)', () => {
    renderWithRouter(<SignUpOptionsRoute />, { route: '/signup-options' });

    const buyer = screen.getByRole('heading', { level: 2, name: 'Buyer' }).closest('li')!;
    expect(within(buyer).getByRole('link', { name: 'Sign up as a buyer' })).toHaveAttribute('href', '/signup?type=buyer');
    for (const benefit of ['Save your favourite providers', 'Book appointments', 'Rate and review services']) {
      expect(within(buyer).getByText(benefit)).toBeInTheDocument();
    }

    const seller = screen.getByRole('heading', { level: 2, name: 'Seller' }).closest('li')!;
    expect(within(seller).getByRole('link', { name: 'Sign up as a seller' })).toHaveAttribute('href', '/seller-packages');
    expect(screen.getByRole('link', { name: 'Sign in' })).toHaveAttribute('href', '/signin');
  });
});
