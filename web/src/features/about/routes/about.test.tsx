import { screen, waitFor, within } from '@testing-library/react';
import { describe, expect, it } from 'vitest';
import { renderWithRouter } from '@/testing/test-utils';
import AboutRoute from './about';

describe('AboutRoute', () => {
  it('tells the story, mission, vision and values, and links onwards', async () => {
    renderWithRouter(<AboutRoute />, { route: '/about' });

    await waitFor(() => expect(document.title).toBe('About Us · Mtaani'));
    expect(screen.getByRole('heading', { level: 1 })).toBeInTheDocument();
    for (const name of ['Our story', 'Our mission', 'Our vision', 'What we stand for']) {
      expect(screen.getByRole('heading', { level: 2, name })).toBeInTheDocument();
    }
    const values = within(screen.getByRole('region', { name: 'What we stand for' })).getAllByRole('listitem');
    expect(values.length).toBeGreaterThanOrEqual(4);
    expect(values.length).toBeLessThanOrEqual(6);
    expect(screen.getByRole('link', { name: 'Find Services' })).toHaveAttribute('href', '/all-services');
    expect(screen.getByRole('link', { name: 'Become a Seller' })).toHaveAttribute('href', '/seller-packages');
    // The places' licence (CC BY 4.0) asks for this credit where the product shows what it ships.
    expect(screen.getByText('Ward boundaries: American Red Cross, via the Humanitarian Data Exchange (CC BY 4.0)')).toBeInTheDocument();
  });
});
