import { screen, within } from '@testing-library/react';
import userEvent from '@testing-library/user-event';
import { useState } from 'react';
import { describe, expect, it, vi } from 'vitest';
import { paid, samplePayment } from '@/testing/fixtures';
import { mockApi } from '@/testing/mock-api';
import { renderWithRouter } from '@/testing/test-utils';
import { PaymentHistory } from './payment-history';

/** The history with a button that gives it a new refresh key, as My Account does after a payment. */
function Refreshable() {
  const [key, setKey] = useState(0);
  return (
    <>
      <button type="button" onClick={() => setKey((value) => value + 1)}>
        Refresh
      </button>
      <PaymentHistory refreshKey={key} />
    </>
  );
}

describe('PaymentHistory', () => {
  it('offers to try again when the list cannot be loaded', async () => {
    vi.spyOn(console, 'error').mockImplementation(() => {});
    let fail = true;
    mockApi({
      'GET /api/account/payments': () =>
        fail ? { status: 503, data: { message: 'down', code: 'unavailable' } } : { status: 200, data: [paid(samplePayment)] },
    });
    renderWithRouter(<PaymentHistory refreshKey={0} />);

    const alert = await screen.findByRole('alert');
    expect(alert).toHaveTextContent('Failed to load your payments. Please try again.');
    fail = false;
    await userEvent.click(within(alert).getByRole('button', { name: 'Try Again' }));
    expect(await screen.findByText('NLJ7RT61SV')).toBeInTheDocument();
  });

  it('loads again for a new refresh key, keeping the rows shown meanwhile', async () => {
    let payments = [samplePayment];
    const adapter = mockApi({ 'GET /api/account/payments': () => ({ status: 200, data: payments }) });
    renderWithRouter(<Refreshable />);
    expect(await screen.findByText('Waiting for PIN')).toBeInTheDocument();

    payments = [paid(samplePayment)];
    await userEvent.click(screen.getByRole('button', { name: 'Refresh' }));
    // The skeleton does not come back: the old row stays until the new list arrives.
    expect(screen.queryByText('Loading your payments…')).not.toBeInTheDocument();
    expect(await screen.findByText('NLJ7RT61SV')).toBeInTheDocument();
    expect(adapter).toHaveBeenCalledTimes(2);
  });
});
