import { screen, waitFor, within } from '@testing-library/react';
import userEvent from '@testing-library/user-event';
import { describe, expect, it, vi } from 'vitest';
import { sampleAppointment } from '@/testing/fixtures';
import { mockApi, networkError, sentBody, type Reply } from '@/testing/mock-api';
import { renderWithRouter } from '@/testing/test-utils';
import type { Appointment } from '@/types/api';
import CancelBookingRoute from './cancel-booking';

const booking: Appointment = { ...sampleAppointment, status: 'confirmed' };

const route = '/appointments/cancel?token=tok.en-1';
const details = () => within(screen.getByRole('region', { name: 'Your booking' }));

describe('CancelBookingRoute', () => {
  it('shows the booking and cancels it with the token', async () => {
    let answer!: (reply: Reply) => void;
    const adapter = mockApi({
      'GET /api/appointments/cancel': { status: 200, data: booking },
      'POST /api/appointments/cancel': () => new Promise((resolve) => (answer = resolve)),
    });
    renderWithRouter(<CancelBookingRoute />, { route });

    expect(screen.getByRole('heading', { level: 1, name: 'Cancel your booking' })).toBeInTheDocument();
    await screen.findByRole('region', { name: 'Your booking' });
    expect(details().getByText('Glam Bridal Makeup')).toBeInTheDocument();
    expect(adapter.mock.calls[0]![0].params).toEqual({ token: 'tok.en-1' });
    expect(details().getByText('Monday, November 23, 2026')).toBeInTheDocument();
    expect(details().getByText('9:30 AM')).toBeInTheDocument();
    expect(details().getByText('Confirmed')).toBeInTheDocument();

    await userEvent.click(screen.getByRole('button', { name: 'Cancel booking' }));

    expect(screen.getByRole('button', { name: 'Cancelling...' })).toBeDisabled();
    expect(sentBody(adapter.mock.calls[1]![0])).toEqual({ token: 'tok.en-1' });
    answer({ status: 200, data: { ...booking, status: 'cancelled' } });

    const done = await screen.findByText('Your booking has been cancelled.');
    // Moved there by an effect, after the render that shows it.
    await waitFor(() => expect(done).toHaveFocus());
    expect(details().getByText('Cancelled')).toBeInTheDocument();
    expect(screen.queryByRole('button', { name: 'Cancel booking' })).not.toBeInTheDocument();
  });

  it("shows the server's message for a link that is not valid", async () => {
    vi.spyOn(console, 'error').mockImplementation(() => {});
    mockApi({ 'GET /api/appointments/cancel': { status: 400, data: { message: 'This cancellation link is not valid.' } } });
    renderWithRouter(<CancelBookingRoute />, { route });

    expect(await screen.findByRole('alert')).toHaveTextContent('This cancellation link is not valid.');
    expect(screen.getByRole('link', { name: 'Go to Homepage' })).toHaveAttribute('href', '/');
  });

  it('says a link without a token is not valid, and asks nothing', () => {
    const adapter = mockApi({});
    renderWithRouter(<CancelBookingRoute />, { route: '/appointments/cancel' });
    expect(screen.getByRole('alert')).toHaveTextContent('This cancellation link is not valid.');
    expect(adapter).not.toHaveBeenCalled();
  });

  it('says when the booking is already cancelled, with nothing to press', async () => {
    mockApi({ 'GET /api/appointments/cancel': { status: 200, data: { ...booking, status: 'cancelled' } } });
    renderWithRouter(<CancelBookingRoute />, { route });
    expect(await screen.findByText('This booking is already cancelled.')).toBeInTheDocument();
    expect(screen.queryByRole('button', { name: 'Cancel booking' })).not.toBeInTheDocument();
  });

  it("keeps the button and shows the server's message when cancelling fails", async () => {
    mockApi({
      'GET /api/appointments/cancel': { status: 200, data: booking },
      'POST /api/appointments/cancel': { status: 409, data: { message: 'This booking is already cancelled.' } },
    });
    renderWithRouter(<CancelBookingRoute />, { route });

    await userEvent.click(await screen.findByRole('button', { name: 'Cancel booking' }));

    expect(await screen.findByRole('alert')).toHaveTextContent('This booking is already cancelled.');
    expect(screen.getByRole('button', { name: 'Cancel booking' })).toBeEnabled();
  });

  it('offers to try again when the booking cannot be loaded', async () => {
    vi.spyOn(console, 'error').mockImplementation(() => {});
    let fail = true;
    mockApi({
      'GET /api/appointments/cancel': (request) => (fail ? networkError(request) : { status: 200, data: booking }),
    });
    renderWithRouter(<CancelBookingRoute />, { route });

    const alert = await screen.findByRole('alert');
    expect(alert).toHaveTextContent('Failed to load your booking. Please try again.');
    fail = false;
    await userEvent.click(within(alert).getByRole('button', { name: 'Try Again' }));
    await screen.findByRole('region', { name: 'Your booking' });
    expect(details().getByText('Glam Bridal Makeup')).toBeInTheDocument();
  });
});
