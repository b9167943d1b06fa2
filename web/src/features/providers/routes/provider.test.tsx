import { screen, within } from '@testing-library/react';
import { describe, expect, it } from 'vitest';
import { serviceDto } from '@/components/listings/fixtures';
import { mockApi } from '@/testing/mock-api';
import { renderWithRouter } from '@/testing/test-utils';
import type { ProviderDto } from '@/types/api';
import ProviderRoute, { NOT_FOUND } from './provider';
import { Route, Routes } from 'react-router-dom';

const provider: ProviderDto = {
  id: 'seller-1',
  name: 'Wanjiru Kamau',
  towns: ['Nairobi', 'Nakuru'],
  rating: { average: 4.7, count: 9 },
  hours: { mon: [['08:00', '13:00'], ['14:00', '18:00']], tue: [['08:00', '18:00']], sun: [] },
  listings: [serviceDto(1), serviceDto(2)],
};

function open(id: string) {
  renderWithRouter(
    <Routes>
      <Route path="/provider/:id" element={<ProviderRoute />} />
    </Routes>,
    { route: `/provider/${id}` },
  );
}

describe('ProviderRoute', () => {
  it('shows the provider, the towns, the rating, the week and the listings', async () => {
    mockApi({ 'GET /api/providers/seller-1': { status: 200, data: provider } });
    open('seller-1');
    expect(await screen.findByRole('heading', { level: 1, name: 'Wanjiru Kamau' })).toBeInTheDocument();
    const towns = screen.getByText('Nairobi').closest('p')!;
    expect(towns).toHaveTextContent('Serves Nairobi, Nakuru');
    expect(within(towns).getByRole('link', { name: 'Nakuru' })).toHaveAttribute('href', '/services/location/Nakuru');
    expect(screen.getByRole('img', { name: 'Rated 4.7 out of 5 from 9 reviews' })).toBeInTheDocument();
    const hours = screen.getByRole('region', { name: 'Working hours' });
    expect(within(hours).getByText('8:00 AM – 1:00 PM, 2:00 PM – 6:00 PM')).toBeInTheDocument();
    expect(within(hours).getAllByText('Closed')).toHaveLength(5);
    const services = screen.getByRole('region', { name: 'Services (2)' });
    expect(within(services).getAllByRole('article')).toHaveLength(2);
    // Each card leads to its listing, none back to this page.
    expect(within(services).getAllByRole('link').map((link) => link.getAttribute('href'))).not.toContain(
      '/provider/seller-1',
    );
    expect(within(services).queryByRole('link', { name: /View provider/ })).not.toBeInTheDocument();
  });

  it('says so for a provider with nothing to show', async () => {
    mockApi({ 'GET /api/providers/gone': { status: 404, data: { message: 'Provider not found', code: 'not_found' } } });
    open('gone');
    expect(await screen.findByText(NOT_FOUND)).toBeInTheDocument();
  });
});
