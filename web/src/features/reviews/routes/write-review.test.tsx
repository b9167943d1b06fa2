import { screen } from '@testing-library/react';
import userEvent from '@testing-library/user-event';
import { describe, expect, it } from 'vitest';
import { mockApi, sentBody } from '@/testing/mock-api';
import { renderWithRouter } from '@/testing/test-utils';
import type { Review, ReviewInvite } from '@/types/api';
import WriteReviewRoute, { BAD_LINK, CHOOSE_STARS, THANKS } from './write-review';

const invite: ReviewInvite = {
  serviceId: 'svc-1',
  serviceName: 'Glam Bridal Makeup',
  providerName: 'Wanjiru Kamau',
  date: '2026-11-20',
  time: '10:00',
  reviewer: 'Amina W.',
  expiresAt: '2026-12-20T10:00:00Z',
};

const published: Review = {
  id: 'rev-1',
  serviceId: 'svc-1',
  serviceName: 'Glam Bridal Makeup',
  rating: 5,
  text: 'Lovely work.',
  reviewer: 'Amina W.',
  month: 'November 2026',
  createdAt: '2026-11-25T10:00:00Z',
  verified: true,
  reply: null,
};

describe('WriteReviewRoute', () => {
  it('shows the booking, asks for stars first, and publishes the review with the token', async () => {
    const adapter = mockApi({
      'GET /api/reviews/invite': { status: 200, data: invite },
      'POST /api/reviews': { status: 201, data: published },
    });
    renderWithRouter(<WriteReviewRoute />, { route: '/review?token=tok-1' });

    await screen.findByRole('region', { name: 'Your booking' });
    expect(screen.getByText('Glam Bridal Makeup')).toBeInTheDocument();
    expect(screen.getByText('Wanjiru Kamau')).toBeInTheDocument();
    expect(screen.getByText('Friday, November 20, 2026 at 10:00 AM')).toBeInTheDocument();
    expect(adapter.mock.calls[0]![0].params).toEqual({ token: 'tok-1' });

    await userEvent.click(screen.getByRole('button', { name: 'Publish review' }));
    expect(screen.getByText(CHOOSE_STARS)).toBeInTheDocument();
    expect(adapter.mock.calls.some(([r]) => r.method === 'post')).toBe(false);

    await userEvent.click(screen.getByRole('radio', { name: '5 stars: Excellent' }));
    await userEvent.type(screen.getByRole('textbox', { name: 'Your review (optional)' }), '  Lovely work.  ');
    await userEvent.click(screen.getByRole('button', { name: 'Publish review' }));

    expect(await screen.findByText(THANKS)).toBeInTheDocument();
    const post = adapter.mock.calls.map(([r]) => r).find((r) => r.method === 'post')!;
    expect(sentBody(post)).toEqual({ token: 'tok-1', rating: 5, text: 'Lovely work.' });
    expect(screen.getByRole('link', { name: 'See it on Glam Bridal Makeup' })).toHaveAttribute('href', '/service/svc-1');
  });

  it("says so when the link was used or is not valid, with the server's message", async () => {
    mockApi({ 'GET /api/reviews/invite': { status: 409, data: { message: 'You have already reviewed this booking.', code: 'conflict' } } });
    renderWithRouter(<WriteReviewRoute />, { route: '/review?token=used' });
    expect(await screen.findByText('You have already reviewed this booking.')).toBeInTheDocument();
    expect(screen.queryByRole('button', { name: 'Publish review' })).not.toBeInTheDocument();
  });

  it('refuses a link without a token without asking the server', () => {
    const adapter = mockApi({});
    renderWithRouter(<WriteReviewRoute />, { route: '/review' });
    expect(screen.getByText(BAD_LINK)).toBeInTheDocument();
    expect(adapter).not.toHaveBeenCalled();
  });
});
