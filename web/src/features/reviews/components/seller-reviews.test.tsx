import { screen, within } from '@testing-library/react';
import userEvent from '@testing-library/user-event';
import { describe, expect, it } from 'vitest';
import { mockApi, sentBody } from '@/testing/mock-api';
import { renderWithRouter } from '@/testing/test-utils';
import type { Review } from '@/types/api';
import { SellerReviews, sellerReviewsMessages } from './seller-reviews';

const review = (id: string, reply: Review['reply'] = null): Review => ({
  id,
  serviceId: 'svc-1',
  serviceName: 'Glam Bridal Makeup',
  rating: 4,
  text: `Review ${id}`,
  reviewer: 'Amina W.',
  month: 'November 2026',
  createdAt: '2026-11-25T10:00:00Z',
  verified: true,
  reply,
});

describe('SellerReviews', () => {
  it('lists the reviews and sends one reply to one of them', async () => {
    const answered = review('r2', { text: 'Thanks!', createdAt: '2026-11-25T12:00:00Z' });
    const adapter = mockApi({
      'GET /api/account/reviews': { status: 200, data: { reviews: [review('r1'), answered], total: 2 } },
      'POST /api/account/reviews/r1/reply': {
        status: 200,
        data: review('r1', { text: 'Asante sana!', createdAt: '2026-11-25T13:00:00Z' }),
      },
    });
    renderWithRouter(<SellerReviews />);

    const items = await screen.findAllByRole('listitem');
    expect(items).toHaveLength(2);
    expect(within(items[1]!).getByText('Thanks!')).toBeInTheDocument();
    expect(within(items[1]!).queryByRole('button', { name: 'Reply' })).not.toBeInTheDocument();
    expect(within(items[0]!).getAllByText('Verified booking')).toHaveLength(1);

    await userEvent.click(within(items[0]!).getByRole('button', { name: 'Reply' }));
    await userEvent.click(screen.getByRole('button', { name: 'Send reply' }));
    expect(screen.getByText(sellerReviewsMessages.noReply)).toBeInTheDocument();

    await userEvent.type(screen.getByRole('textbox'), 'Asante sana!');
    await userEvent.click(screen.getByRole('button', { name: 'Send reply' }));

    expect(await screen.findByText('Asante sana!')).toBeInTheDocument();
    const post = adapter.mock.calls.map(([r]) => r).find((r) => r.method === 'post')!;
    expect(sentBody(post)).toEqual({ text: 'Asante sana!' });
    expect(screen.queryByRole('button', { name: 'Reply' })).not.toBeInTheDocument();
  });

  it('says when there are none yet', async () => {
    mockApi({ 'GET /api/account/reviews': { status: 200, data: { reviews: [], total: 0 } } });
    renderWithRouter(<SellerReviews />);
    expect(await screen.findByText(sellerReviewsMessages.empty)).toBeInTheDocument();
  });
});
