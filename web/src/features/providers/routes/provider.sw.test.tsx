// The provider's page in the Kiswahili build: the working week on the 24-hour clock, as
// the booking dialog shows its times, and the reviews' months in Kiswahili.
import { render, screen, within } from '@testing-library/react';
import { Route, Routes } from 'react-router-dom';
import { describe, expect, it, vi } from 'vitest';
import { serviceDto } from '@/components/listings/fixtures';
import { ReviewItem } from '@/components/reviews/review-item';
import { mockApi } from '@/testing/mock-api';
import { renderWithRouter } from '@/testing/test-utils';
import type { ProviderDto, Review } from '@/types/api';
import ProviderRoute from './provider';

vi.mock('@/lib/i18n', async (importOriginal) => ({
  ...(await importOriginal<typeof import('@/lib/i18n')>()),
  language: 'sw',
  locale: 'sw-KE',
}));

const provider: ProviderDto = {
  id: 'seller-1',
  name: 'Wanjiru Kamau',
  towns: ['Nairobi'],
  rating: { average: 4.7, count: 9 },
  hours: { mon: [['08:00', '12:00'], ['13:00', '18:30']], sun: [] },
  listings: [serviceDto(1)],
};

describe('the provider page in Kiswahili', () => {
  it('shows the working hours on the 24-hour clock', async () => {
    mockApi({ 'GET /api/providers/seller-1': { status: 200, data: provider } });
    renderWithRouter(
      <Routes>
        <Route path="/provider/:id" element={<ProviderRoute />} />
      </Routes>,
      { route: '/provider/seller-1' },
    );
    await screen.findByRole('heading', { level: 1, name: 'Wanjiru Kamau' });
    const hours = screen.getByRole('region', { name: 'Working hours' });
    expect(within(hours).getByText('08:00 – 12:00, 13:00 – 18:30')).toBeInTheDocument();
    expect(hours.textContent).not.toMatch(/\b[AP]M\b/);
  });

  it("names a review's month in Kiswahili", () => {
    const review = {
      id: 'r-1',
      rating: 5,
      text: 'Safi sana',
      reviewer: 'Zawadi A.',
      month: 'November 2026',
      createdAt: '2026-11-21T09:00:00Z',
      serviceId: 'svc-1',
      serviceName: 'Knotless braids',
      verified: true,
    } as Review;
    render(
      <ul>
        <ReviewItem review={review} />
      </ul>,
    );
    expect(screen.getByText('Zawadi A. · Novemba 2026')).toBeInTheDocument();
  });
});
