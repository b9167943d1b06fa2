import { screen } from '@testing-library/react';
import userEvent from '@testing-library/user-event';
import { describe, expect, it } from 'vitest';
import { mockApi, sentBody } from '@/testing/mock-api';
import { renderWithRouter } from '@/testing/test-utils';
import ContactRoute from '../routes/contact';

function renderReport() {
  renderWithRouter(<ContactRoute />, { route: '/contact?report=l1' });
}

describe('Report this listing (/contact?report=)', () => {
  it('asks for a reason, sends the report and thanks the visitor', async () => {
    const adapter = mockApi({
      'GET /api/service/l1': { status: 200, data: { _id: 'l1', name: 'Knotless Braids by Wanjiru' } },
      'POST /api/reports': { status: 201, data: { id: 'r1', message: 'Thank you. Our team will review this listing.' } },
    });
    renderReport();
    expect(await screen.findByText('Knotless Braids by Wanjiru')).toBeInTheDocument();
    await userEvent.click(screen.getByRole('button', { name: 'Send report' }));
    expect(screen.getByRole('alert')).toHaveTextContent('Please choose a reason');
    expect(adapter.mock.calls.some(([c]) => c.method === 'post')).toBe(false);

    await userEvent.click(screen.getByRole('radio', { name: 'Scam or fraud' }));
    await userEvent.type(screen.getByLabelText('Details (optional)'), 'Asked for a deposit by M-Pesa');
    await userEvent.click(screen.getByRole('button', { name: 'Send report' }));

    expect(await screen.findByRole('status')).toHaveTextContent('Thank you. Our team will review this listing.');
    expect(screen.getByRole('link', { name: 'Back to the listing' })).toHaveAttribute('href', '/service/l1');
    const sent = adapter.mock.calls.find(([c]) => c.method === 'post')!;
    expect(sentBody(sent[0])).toEqual({ kind: 'listing', id: 'l1', reason: 'scam', details: 'Asked for a deposit by M-Pesa' });
  });

  it("shows the server's message when the report is refused", async () => {
    mockApi({
      'GET /api/service/l1': { status: 404, data: { message: 'Service not found', code: 'not_found' } },
      'POST /api/reports': {
        status: 429,
        data: { message: 'You have sent several reports in a short time. Please wait a while and try again.', code: 'rate_limited' },
      },
    });
    renderReport();
    await userEvent.click(screen.getByRole('radio', { name: 'Something else' }));
    await userEvent.click(screen.getByRole('button', { name: 'Send report' }));
    expect(await screen.findByRole('alert')).toHaveTextContent('You have sent several reports in a short time.');
  });
});
