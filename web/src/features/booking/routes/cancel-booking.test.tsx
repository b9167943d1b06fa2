import { screen, waitFor, within } from '@testing-library/react';
import userEvent from '@testing-library/user-event';
import type { InternalAxiosRequestConfig } from 'axios';
import { afterEach, beforeEach, describe, expect, it, vi } from 'vitest';
import { braidsMenu } from '@/components/listings/fixtures';
import { sampleAppointment } from '@/testing/fixtures';
import { mockApi, networkError, sentBody, type Reply } from '@/testing/mock-api';
import { renderWithRouter } from '@/testing/test-utils';
import type { Appointment } from '@/types/api';
import CancelBookingRoute from './cancel-booking';

const booking: Appointment = {
  ...sampleAppointment,
  status: 'confirmed',
  endTime: '10:30 AM',
  durationMinutes: 60,
  canChange: true,
  changeDeadline: '2026-11-23T04:30:00Z',
  providerWhatsapp: '254712345601',
};

const route = '/appointments/cancel?token=tok.en-1';
const details = () => within(screen.getByRole('region', { name: 'Your booking' }));

/** The service's calendar (every day open) and its days (every start from 9:00 AM to noon free). */
const days = {
  'GET /api/appointments/calendar': (request: InternalAxiosRequestConfig): Reply => ({
    status: 200,
    data: { month: (request.params as { month: string }).month, days: [], nextOpenDate: null },
  }),
  'GET /api/appointments/availability': (request: InternalAxiosRequestConfig): Reply => ({
    status: 200,
    data: {
      date: (request.params as { date: string }).date,
      slots: ['9:00 AM', '9:30 AM', '10:00 AM', '10:30 AM', '11:00 AM'],
      taken: [],
      past: [],
      closed: false,
    },
  }),
};

beforeEach(() => {
  vi.useFakeTimers({ toFake: ['Date'] });
  vi.setSystemTime(new Date('2026-11-20T09:00:00Z'));
});

afterEach(() => {
  vi.useRealTimers();
});

describe('CancelBookingRoute', () => {
  it('shows the booking and cancels it with the token', async () => {
    let answer!: (reply: Reply) => void;
    const adapter = mockApi({
      ...days,
      'GET /api/appointments/cancel': { status: 200, data: booking },
      'POST /api/appointments/cancel': () => new Promise((resolve) => (answer = resolve)),
    });
    renderWithRouter(<CancelBookingRoute />, { route });

    expect(screen.getByRole('heading', { level: 1, name: 'Change or cancel your booking' })).toBeInTheDocument();
    await screen.findByRole('region', { name: 'Your booking' });
    expect(details().getByText('Glam Bridal Makeup')).toBeInTheDocument();
    expect(adapter.mock.calls[0]![0].params).toEqual({ token: 'tok.en-1' });
    expect(details().getByText('Monday, November 23, 2026')).toBeInTheDocument();
    expect(details().getByText('9:30 AM – 10:30 AM')).toBeInTheDocument();
    expect(details().getByText('Confirmed')).toBeInTheDocument();

    await userEvent.click(screen.getByRole('button', { name: 'Cancel booking' }));

    expect(screen.getByRole('button', { name: 'Cancelling...' })).toBeDisabled();
    const cancel = adapter.mock.calls.map(([r]) => r).find((r) => r.url === '/api/appointments/cancel' && r.method === 'post');
    expect(sentBody(cancel!)).toEqual({ token: 'tok.en-1' });
    answer({ status: 200, data: { ...booking, status: 'cancelled' } });

    const done = await screen.findByText('Your booking has been cancelled.');
    // Moved there by an effect, after the render that shows it.
    await waitFor(() => expect(done).toHaveFocus());
    expect(details().getByText('Cancelled')).toBeInTheDocument();
    expect(screen.queryByRole('button', { name: 'Cancel booking' })).not.toBeInTheDocument();
  });

  it('moves the booking to another bookable time, and can move it again', async () => {
    const adapter = mockApi({
      ...days,
      'GET /api/appointments/cancel': { status: 200, data: booking },
      'POST /api/appointments/reschedule': (request) => {
        const { date, time } = JSON.parse(String(request.data)) as { date: string; time: string };
        return { status: 200, data: { ...booking, date, time, endTime: time === '11:00 AM' ? '12:00 PM' : '11:00 AM' } };
      },
    });
    renderWithRouter(<CancelBookingRoute />, { route });
    await screen.findByRole('region', { name: 'Your booking' });
    expect(screen.getByRole('heading', { name: 'Choose another time' })).toBeInTheDocument();

    await userEvent.click(screen.getByRole('button', { name: 'Tuesday, November 24, 2026' }));
    await userEvent.click(await screen.findByRole('button', { name: '11:00 AM' }));
    await userEvent.click(screen.getByRole('button', { name: 'Move to 11:00 AM, Tuesday, November 24, 2026' }));

    expect(await screen.findByText('Your booking is moved to Tuesday, November 24, 2026 at 11:00 AM.')).toBeInTheDocument();
    const move = adapter.mock.calls.map(([r]) => r).find((r) => r.url === '/api/appointments/reschedule');
    expect(sentBody(move!)).toEqual({ token: 'tok.en-1', date: '2026-11-24', time: '11:00 AM' });
    expect(details().getByText('11:00 AM – 12:00 PM')).toBeInTheDocument();

    await userEvent.click(screen.getByRole('button', { name: 'Wednesday, November 25, 2026' }));
    await userEvent.click(await screen.findByRole('button', { name: '9:00 AM' }));
    await userEvent.click(screen.getByRole('button', { name: 'Move to 9:00 AM, Wednesday, November 25, 2026' }));
    expect(await screen.findByText('Your booking is moved to Wednesday, November 25, 2026 at 9:00 AM.')).toBeInTheDocument();
  });

  it('past the change deadline, says to contact the provider on WhatsApp and offers no change', async () => {
    mockApi({ ...days, 'GET /api/appointments/cancel': { status: 200, data: { ...booking, canChange: false } } });
    renderWithRouter(<CancelBookingRoute />, { route });
    await screen.findByRole('region', { name: 'Your booking' });

    expect(screen.getByRole('alert')).toHaveTextContent(
      "It's too late to change this booking online. Please contact the provider on WhatsApp.",
    );
    expect(screen.getByRole('link', { name: 'Contact the provider on WhatsApp' })).toHaveAttribute(
      'href',
      expect.stringMatching(/^https:\/\/wa\.me\/254712345601\?text=/),
    );
    expect(screen.queryByRole('button', { name: 'Cancel booking' })).not.toBeInTheDocument();
    expect(screen.queryByRole('heading', { name: 'Choose another time' })).not.toBeInTheDocument();
  });

  it("switches to the WhatsApp advice when the server says it is too late", async () => {
    mockApi({
      ...days,
      'GET /api/appointments/cancel': { status: 200, data: booking },
      'POST /api/appointments/cancel': {
        status: 409,
        data: { message: "It's too late to change this booking online. Please contact the provider on WhatsApp.", code: 'too_late_to_change' },
      },
    });
    renderWithRouter(<CancelBookingRoute />, { route });
    await userEvent.click(await screen.findByRole('button', { name: 'Cancel booking' }));
    expect(await screen.findByRole('link', { name: 'Contact the provider on WhatsApp' })).toBeInTheDocument();
    expect(screen.queryByRole('button', { name: 'Cancel booking' })).not.toBeInTheDocument();
  });

  it("shows the server's message for a link that is not valid", async () => {
    vi.spyOn(console, 'error').mockImplementation(() => {});
    mockApi({ 'GET /api/appointments/cancel': { status: 400, data: { message: 'This cancellation link is not valid.', code: 'validation' } } });
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
    mockApi({ ...days, 'GET /api/appointments/cancel': { status: 200, data: { ...booking, status: 'cancelled' } } });
    renderWithRouter(<CancelBookingRoute />, { route });
    expect(await screen.findByText('This booking is already cancelled.')).toBeInTheDocument();
    expect(screen.queryByRole('button', { name: 'Cancel booking' })).not.toBeInTheDocument();
  });

  it("keeps the button and shows the server's message when cancelling fails", async () => {
    mockApi({
      ...days,
      'GET /api/appointments/cancel': { status: 200, data: booking },
      'POST /api/appointments/cancel': { status: 409, data: { message: 'This booking is already cancelled.', code: 'booking_closed' } },
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
      ...days,
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

  describe('a booking of menu services with a team member', () => {
    const withWanjiku: Appointment = {
      ...booking,
      member: { id: 'm-2', name: 'Wanjiku' },
      options: [braidsMenu[1]!, braidsMenu[0]!],
      totalKsh: 3000,
      durationMinutes: 210,
      endTime: '1:00 PM',
    };
    const rows = () =>
      [...details().getAllByRole('term')].map((term) => [term.textContent, term.nextElementSibling!.textContent]);
    const calls = (adapter: ReturnType<typeof mockApi>, url: string) =>
      adapter.mock.calls.map(([request]) => request).filter((request) => request.url === url);

    it('shows its services, the stylist and the total', async () => {
      mockApi({ ...days, 'GET /api/appointments/cancel': { status: 200, data: withWanjiku } });
      renderWithRouter(<CancelBookingRoute />, { route });
      await screen.findByRole('region', { name: 'Your booking' });
      expect(rows()).toEqual([
        ['Service', 'Glam Bridal Makeup'],
        ['Services', 'Knotless shoulder length, Wash and blow-dry'],
        ['Stylist', 'Wanjiku'],
        ['Total', 'Ksh 3,000 · 3 hours 30 minutes'],
        ['Date', 'Monday, November 23, 2026'],
        ['Time', '9:30 AM – 1:00 PM'],
        ['Status', 'Confirmed'],
      ]);
    });

    it('offers the times its member is free for its services, keeps the member, and after 409 member_taken moves it with anyone available', async () => {
      const adapter = mockApi({
        ...days,
        'GET /api/appointments/cancel': { status: 200, data: withWanjiku },
        'POST /api/appointments/reschedule': (request) => {
          const body = JSON.parse(String(request.data)) as { date: string; time: string; memberId?: string };
          // Wanjiku is taken then; anyone available is not.
          if (body.memberId) {
            return {
              status: 409,
              data: {
                message: 'The person you chose is not free at that time. Please choose another time or anyone available.',
                code: 'member_taken',
              },
            };
          }
          return { status: 200, data: { ...withWanjiku, date: body.date, time: body.time, member: { id: 'm-1', name: 'Akinyi Otieno' } } };
        },
      });
      renderWithRouter(<CancelBookingRoute />, { route });
      await screen.findByRole('region', { name: 'Your booking' });

      expect(screen.getByText('The times when Wanjiku is free.')).toBeInTheDocument();
      await waitFor(() => expect(calls(adapter, '/api/appointments/calendar')).toHaveLength(1));
      expect(calls(adapter, '/api/appointments/calendar')[0]!.params).toEqual({
        serviceId: 'svc-7',
        month: '2026-11',
        optionIds: 'o-2,o-1',
        memberId: 'm-2',
      });
      await userEvent.click(screen.getByRole('button', { name: 'Tuesday, November 24, 2026' }));
      await userEvent.click(await screen.findByRole('button', { name: '11:00 AM' }));
      expect(calls(adapter, '/api/appointments/availability').at(-1)!.params).toEqual({
        serviceId: 'svc-7',
        date: '2026-11-24',
        optionIds: 'o-2,o-1',
        memberId: 'm-2',
      });
      await userEvent.click(screen.getByRole('button', { name: 'Move to 11:00 AM, Tuesday, November 24, 2026' }));

      expect(await screen.findByRole('alert')).toHaveTextContent(
        'The person you chose is not free at that time. Please choose another time or anyone available.',
      );
      const moves = () => calls(adapter, '/api/appointments/reschedule').map((request) => sentBody(request));
      expect(moves()).toEqual([{ token: 'tok.en-1', date: '2026-11-24', time: '11:00 AM', memberId: 'm-2' }]);

      await userEvent.click(screen.getByRole('button', { name: 'Switch to anyone available' }));
      expect(screen.getByText('The times when anyone of the team is free.')).toBeInTheDocument();
      const move = screen.getByRole('button', { name: 'Move to 11:00 AM, Tuesday, November 24, 2026' });
      await waitFor(() => expect(move).toHaveFocus());
      await waitFor(() =>
        expect(calls(adapter, '/api/appointments/availability').at(-1)!.params).toEqual({
          serviceId: 'svc-7',
          date: '2026-11-24',
          optionIds: 'o-2,o-1',
        }),
      );
      await userEvent.click(move);

      expect(await screen.findByText('Your booking is moved to Tuesday, November 24, 2026 at 11:00 AM.')).toBeInTheDocument();
      // Left out, the server keeps her when she is free then, else gives it to anyone free.
      expect(moves()[1]).toEqual({ token: 'tok.en-1', date: '2026-11-24', time: '11:00 AM' });
      expect(rows()).toContainEqual(['Stylist', 'Akinyi Otieno']);
      expect(screen.getByText('The times when Akinyi Otieno is free.')).toBeInTheDocument();
    });
  });
});
