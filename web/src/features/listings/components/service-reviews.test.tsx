import { screen, within } from '@testing-library/react';
import userEvent from '@testing-library/user-event';
import { describe, expect, it } from 'vitest';
import { mockApi } from '@/testing/mock-api';
import { renderWithRouter } from '@/testing/test-utils';
import type { Review } from '@/types/api';
import ServiceReviews, { NO_REVIEWS } from './service-reviews';

const review = (n: number, reply: Review['reply'] = null): Review => ({
  id: `r${n}`,
  serviceId: 'svc-1',
  serviceName: 'Glam Bridal Makeup',
  rating: n % 2 ? 5 : 4,
  text: `Review number ${n}`,
  reviewer: 'Amina W.',
  month: 'November 2026',
  createdAt: '2026-11-25T10:00:00Z',
  verified: true,
  reply,
});

describe('ServiceReviews', () => {
  it('shows the average, the distribution and the reviews, then five more', async () => {
    const adapter = mockApi({
      'GET /api/service/svc-1/reviews': (config) => {
        const offset = (config.params as { offset: number }).offset;
        const page = offset === 0 ? [1, 2, 3, 4, 5] : [6];
        return {
          status: 200,
          data: {
            reviews: page.map((n) => review(n, n === 1 ? { text: 'Asante!', createdAt: '2026-11-26T10:00:00Z' } : null)),
            total: 6,
            rating: { average: 4.5, count: 6 },
            distribution: [0, 0, 0, 3, 3],
          },
        };
      },
    });
    renderWithRouter(<ServiceReviews serviceId="svc-1" />);

    expect(await screen.findByText('Rated 4.5 out of 5 from 6 reviews')).toBeInTheDocument();
    const bars = screen.getByRole('list', { name: 'How many gave each number of stars' });
    expect(within(bars).getAllByRole('listitem')).toHaveLength(5);
    expect(within(bars).getByText('with 5 stars', { exact: false })).toBeInTheDocument();
    expect(screen.getAllByText('Verified booking')).toHaveLength(5);
    expect(screen.getByText('Asante!')).toBeInTheDocument();
    expect(screen.getAllByText('Amina W. · November 2026')).toHaveLength(5);

    await userEvent.click(screen.getByRole('button', { name: 'Show more reviews' }));
    expect(await screen.findByText('Review number 6')).toBeInTheDocument();
    expect(adapter.mock.calls.map(([r]) => (r.params as { offset: number }).offset)).toEqual([0, 5]);
    expect(screen.queryByRole('button', { name: 'Show more reviews' })).not.toBeInTheDocument();
  });

  it('says when there are none yet', async () => {
    mockApi({
      'GET /api/service/svc-1/reviews': {
        status: 200,
        data: { reviews: [], total: 0, rating: { average: null, count: 0 }, distribution: [0, 0, 0, 0, 0] },
      },
    });
    renderWithRouter(<ServiceReviews serviceId="svc-1" />);
    expect(await screen.findByText(NO_REVIEWS)).toBeInTheDocument();
  });
});
