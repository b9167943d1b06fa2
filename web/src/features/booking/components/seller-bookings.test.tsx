import { screen, waitFor, within } from '@testing-library/react';
import userEvent from '@testing-library/user-event';
import { useState } from 'react';
import { describe, expect, it, vi } from 'vitest';
import { sampleAppointment } from '@/testing/fixtures';
import { mockApi, type Reply } from '@/testing/mock-api';
import { renderWithRouter } from '@/testing/test-utils';
import type { Appointment } from '@/types/api';
import { SellerBookings } from './seller-bookings';

const request: Appointment = {
  ...sampleAppointment,
  id: 'apt-2',
  phone: '0712 345 678',
  message: 'Bridal trial, please.\n<b>Not bold</b>',
};

const confirmed: Appointment = {
  ...request,
  id: 'apt-1',
  serviceName: 'Knotless Braids',
  name: 'Otieno Ouma',
  email: 'otieno@example.com',
  phone: '',
  message: '',
  date: '2026-11-22',
  time: '2:00 PM',
  status: 'confirmed',
};

const bookings = () => within(screen.getByRole('region', { name: 'Bookings' }));
const row = (service: string) => within(screen.getByRole('article', { name: service }));

describe('SellerBookings', () => {
  it('lists each booking: service, customer, e-mail link, date, time, message as text and status', async () => {
    const adapter = mockApi({ 'GET /api/account/appointments': { status: 200, data: [request, confirmed] } });
    renderWithRouter(<SellerBookings />);

    expect(await bookings().findByText('1 request is waiting for your reply.')).toBeInTheDocument();
    expect(adapter.mock.calls[0]![0].url).toBe('/api/account/appointments');
    expect(screen.getAllByRole('article').map((article) => within(article).getByRole('heading').textContent)).toEqual([
      'Glam Bridal Makeup',
      'Knotless Braids',
    ]);

    const glam = row('Glam Bridal Makeup');
    expect(glam.getByText('Amina Wanjiru')).toBeInTheDocument();
    expect(glam.getByRole('link', { name: 'amina@example.com' })).toHaveAttribute('href', 'mailto:amina@example.com');
    expect(glam.getByText(/^Monday, November 23, 2026 at/)).toHaveTextContent('Monday, November 23, 2026 at 9:30 AM');
    expect(glam.getByText('Awaiting your reply')).toBeInTheDocument();
    // The customer's message is text, never markup.
    expect(glam.getByText(/Bridal trial, please\./)).toHaveTextContent('Bridal trial, please. <b>Not bold</b>');
    expect(document.querySelector('b')).toBeNull();
    const chat = glam.getByRole('link', { name: /0712 345 678/ });
    const href = new URL(chat.getAttribute('href')!);
    expect(href.origin + href.pathname).toBe('https://wa.me/254712345678');
    expect(chat).toHaveAttribute('target', '_blank');
    expect(glam.getByRole('button', { name: 'Confirm' })).toHaveAccessibleDescription(
      'Glam Bridal Makeup Monday, November 23, 2026 at 9:30 AM – 10:30 AM',
    );

    const braids = row('Knotless Braids');
    expect(braids.getByText('Confirmed')).toBeInTheDocument();
    expect(braids.queryByRole('button')).not.toBeInTheDocument();
    expect(braids.queryByRole('link', { name: /WhatsApp/ })).not.toBeInTheDocument();
  });

  it('shows who of the team serves a booking, and the services of the menu booked with their total', async () => {
    const menu: Appointment = {
      ...confirmed,
      member: { id: 'm-1', name: 'Akinyi' },
      options: [
        { id: 'o-1', name: 'Wash & blow-dry', priceKsh: 1500, durationMinutes: 60 },
        { id: 'o-2', name: 'Knotless braids, medium', priceKsh: 3000, durationMinutes: 90 },
      ],
      totalKsh: 4500,
    };
    mockApi({ 'GET /api/account/appointments': { status: 200, data: [menu, request] } });
    renderWithRouter(<SellerBookings />);

    const braids = within(await screen.findByRole('article', { name: 'Knotless Braids' }));
    expect(braids.getByText('With Akinyi')).toBeInTheDocument();
    expect(braids.getByText('Wash & blow-dry, Knotless braids, medium')).toBeInTheDocument();
    expect(braids.getByText('Total: Ksh 4,500')).toBeInTheDocument();
    // Booked as one service, with nobody of a team.
    const glam = row('Glam Bridal Makeup');
    expect(glam.queryByText(/^With /)).not.toBeInTheDocument();
    expect(glam.queryByText(/^Total/)).not.toBeInTheDocument();
  });

  it('loads the list again when another section changed the bookings, and says when one changed here', async () => {
    let list = [request];
    const changed = vi.fn();
    const adapter = mockApi({
      'GET /api/account/appointments': () => ({ status: 200, data: list }),
      'POST /api/account/appointments/apt-2/confirm': { status: 200, data: { ...request, status: 'confirmed' } },
    });
    function Page() {
      const [changes, setChanges] = useState(0);
      return (
        <>
          <button type="button" onClick={() => setChanges((n) => n + 1)}>
            Changed elsewhere
          </button>
          <SellerBookings refreshKey={changes} onChanged={changed} />
        </>
      );
    }
    renderWithRouter(<Page />);
    await userEvent.click(await screen.findByRole('button', { name: 'Confirm' }));
    expect(await row('Glam Bridal Makeup').findByText('Confirmed')).toBeInTheDocument();
    expect(changed).toHaveBeenCalledTimes(1);

    // Given to Akinyi in the team's day.
    list = [{ ...request, status: 'confirmed', member: { id: 'm-1', name: 'Akinyi' } }];
    await userEvent.click(screen.getByRole('button', { name: 'Changed elsewhere' }));
    expect(await row('Glam Bridal Makeup').findByText('With Akinyi')).toBeInTheDocument();
    expect(row('Glam Bridal Makeup').getByText('Confirmed')).toBeInTheDocument();
    expect(adapter.mock.calls.filter(([r]) => r.method === 'get')).toHaveLength(2);
  });

  it('says so when there are no bookings', async () => {
    mockApi({ 'GET /api/account/appointments': { status: 200, data: [] } });
    renderWithRouter(<SellerBookings />);
    expect(await bookings().findByText('No bookings yet.')).toBeInTheDocument();
  });

  it('confirms a request: both buttons disabled while sending, then the row shows the new status', async () => {
    let answer!: (reply: Reply) => void;
    const adapter = mockApi({
      'GET /api/account/appointments': { status: 200, data: [request] },
      'POST /api/account/appointments/apt-2/confirm': () => new Promise((resolve) => (answer = resolve)),
    });
    renderWithRouter(<SellerBookings />);

    await userEvent.click(await screen.findByRole('button', { name: 'Confirm' }));

    expect(screen.getByRole('button', { name: 'Confirming...' })).toBeDisabled();
    expect(screen.getByRole('button', { name: 'Decline' })).toBeDisabled();
    expect(adapter.mock.calls[1]![0].method).toBe('post');

    answer({ status: 200, data: { ...request, status: 'confirmed' } });

    expect(await row('Glam Bridal Makeup').findByText('Confirmed')).toBeInTheDocument();
    expect(screen.queryByRole('button', { name: 'Confirm' })).not.toBeInTheDocument();
    expect(screen.getByRole('heading', { name: 'Glam Bridal Makeup' })).toHaveFocus();
    expect(bookings().getByText('No requests are waiting for your reply.')).toBeInTheDocument();
  });

  it("declines, and on a failure keeps the buttons and shows the server's message", async () => {
    let fail = true;
    mockApi({
      'GET /api/account/appointments': { status: 200, data: [request] },
      'POST /api/account/appointments/apt-2/decline': () =>
        fail
          ? { status: 409, data: { message: 'This booking was cancelled.', code: 'booking_closed' } }
          : { status: 200, data: { ...request, status: 'declined' } },
    });
    renderWithRouter(<SellerBookings />);

    await userEvent.click(await screen.findByRole('button', { name: 'Decline' }));

    expect(await screen.findByRole('alert')).toHaveTextContent('This booking was cancelled.');
    expect(screen.getByRole('button', { name: 'Decline' })).toBeEnabled();
    expect(screen.getByRole('button', { name: 'Confirm' })).toBeEnabled();

    fail = false;
    await userEvent.click(screen.getByRole('button', { name: 'Decline' }));
    expect(await row('Glam Bridal Makeup').findByText('Declined')).toBeInTheDocument();
  });

  it('falls back to its own message when the answer has none', async () => {
    mockApi({
      'GET /api/account/appointments': { status: 200, data: [request] },
      'POST /api/account/appointments/apt-2/confirm': { status: 502 },
    });
    renderWithRouter(<SellerBookings />);
    await userEvent.click(await screen.findByRole('button', { name: 'Confirm' }));
    expect(await screen.findByRole('alert')).toHaveTextContent('Failed to update the booking. Please try again.');
  });

  it('offers to try again when the list cannot be loaded', async () => {
    vi.spyOn(console, 'error').mockImplementation(() => {});
    let fail = true;
    mockApi({
      'GET /api/account/appointments': () => (fail ? { status: 503 } : { status: 200, data: [confirmed] }),
    });
    renderWithRouter(<SellerBookings />);

    const alert = await screen.findByRole('alert');
    expect(alert).toHaveTextContent('Failed to load your bookings. Please try again.');
    fail = false;
    await userEvent.click(within(alert).getByRole('button', { name: 'Try Again' }));
    await waitFor(() => expect(row('Knotless Braids').getByText('Confirmed')).toBeInTheDocument());
  });
});
