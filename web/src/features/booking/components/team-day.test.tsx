import { screen, waitFor, within } from '@testing-library/react';
import userEvent from '@testing-library/user-event';
import { useState } from 'react';
import { afterEach, beforeEach, describe, expect, it, vi } from 'vitest';
import { akinyi, baraka, chebet, sampleAppointment } from '@/testing/fixtures';
import { mockApi, sentBody, type Reply } from '@/testing/mock-api';
import { renderWithRouter } from '@/testing/test-utils';
import type { Appointment } from '@/types/api';
import { TeamDay } from './team-day';

// Monday 23 November 2026 in Nairobi.
const TODAY = '2026-11-23';

const booking = (id: string, more: Partial<Appointment>): Appointment => ({
  ...sampleAppointment,
  id,
  date: TODAY,
  status: 'confirmed',
  member: null,
  ...more,
});

const braids = { serviceId: 'svc-8', serviceName: 'Knotless Braids' };
const day = [
  // Listed newest first, as the API does: the view puts them in time order.
  booking('apt-3', { ...braids, time: '2:00 PM', endTime: '4:00 PM', name: 'Njeri Mwangi', member: { id: 'm-1', name: 'Akinyi' } }),
  booking('apt-1', {
    ...braids,
    time: '9:00 AM',
    endTime: '11:30 AM',
    name: 'Amina Wanjiru',
    status: 'requested',
    member: { id: 'm-1', name: 'Akinyi' },
    options: [
      { id: 'o-1', name: 'Wash & blow-dry', priceKsh: 1500, durationMinutes: 60 },
      { id: 'o-2', name: 'Knotless braids, medium', priceKsh: 3000, durationMinutes: 90 },
    ],
    totalKsh: 4500,
  }),
  booking('apt-2', { time: '10:00 AM', endTime: '11:00 AM', name: 'Otieno Ouma' }),
  booking('apt-4', { time: '11:00 AM', endTime: '12:00 PM', name: 'Halima Yusuf', member: { id: 'm-3', name: 'Chebet' } }),
  // Not this day's, or holding no time: left out.
  booking('apt-5', { time: '9:00 AM', name: 'Tomorrow Customer', date: '2026-11-24', member: { id: 'm-2', name: 'Baraka' } }),
  booking('apt-6', { time: '3:00 PM', name: 'Cancelled Customer', status: 'cancelled', member: { id: 'm-2', name: 'Baraka' } }),
];

const team = [akinyi, baraka, chebet];
const view = () => within(screen.getByRole('region', { name: 'Team day' }));
const column = (name: string) => within(view().getByRole('region', { name: new RegExp(`^${name}`) }));
const times = (name: string) =>
  column(name)
    .queryAllByRole('article')
    .map((article) => within(article).getByRole('heading').textContent);

/** The view with a section beside it that changes bookings. */
function Refreshing() {
  const [changes, setChanges] = useState(0);
  return (
    <>
      <button type="button" onClick={() => setChanges((n) => n + 1)}>
        Changed elsewhere
      </button>
      <TeamDay members={team} refreshKey={changes} onBookingsChanged={() => {}} />
    </>
  );
}

beforeEach(() => {
  vi.useFakeTimers({ toFake: ['Date'] });
  // 08:00 in Nairobi.
  vi.setSystemTime(new Date('2026-11-23T05:00:00Z'));
});

afterEach(() => {
  vi.useRealTimers();
});

describe('TeamDay', () => {
  it("shows today's bookings per member in time order, and those nobody serves yet", async () => {
    mockApi({ 'GET /api/account/appointments': { status: 200, data: day } });
    renderWithRouter(<TeamDay members={team} refreshKey={0} onBookingsChanged={() => {}} />);

    expect(await view().findByRole('region', { name: /^Akinyi/ })).toBeInTheDocument();
    expect(view().getByLabelText('Day')).toHaveValue(TODAY);
    expect(view().getByText('Monday, November 23, 2026')).toBeInTheDocument();
    // The active members in the team's order, then a paused one who still has a booking, then nobody's.
    expect(view().getAllByRole('heading', { level: 3 }).map((heading) => heading.textContent)).toEqual([
      'Akinyi',
      'Baraka',
      'Chebet · Paused',
      'Not assigned',
    ]);
    // Each member's photo, or initials, beside their name; none for the bookings nobody serves.
    const avatar = (name: string) => view().getByRole('region', { name: new RegExp(`^${name}`) }).querySelector('.avatar');
    expect(avatar('Akinyi')!.querySelector('img')).toHaveAttribute('src', '/media/team/01/akinyi-192.webp');
    expect(avatar('Baraka')).toHaveTextContent('B');
    expect(avatar('Not assigned')).toBeNull();
    expect(times('Akinyi')).toEqual(['9:00 AM – 11:30 AM', '2:00 PM – 4:00 PM']);
    expect(column('Akinyi').getByText('2 bookings')).toBeInTheDocument();
    expect(column('Baraka').getByText('No bookings')).toBeInTheDocument();
    expect(times('Chebet')).toEqual(['11:00 AM – 12:00 PM']);
    expect(times('Not assigned')).toEqual(['10:00 AM – 11:00 AM']);
    expect(view().queryByText('Tomorrow Customer')).not.toBeInTheDocument();
    expect(view().queryByText('Cancelled Customer')).not.toBeInTheDocument();

    const first = within(column('Akinyi').getByRole('article', { name: '9:00 AM – 11:30 AM' }));
    expect(first.getByText('Amina Wanjiru')).toBeInTheDocument();
    expect(first.getByText('Knotless Braids')).toBeInTheDocument();
    expect(first.getByText('Wash & blow-dry, Knotless braids, medium')).toBeInTheDocument();
    expect(first.getByText('Total: Ksh 4,500')).toBeInTheDocument();
    expect(first.getByText('Awaiting your reply')).toBeInTheDocument();
    expect(within(column('Not assigned').getByRole('article')).getByText('Confirmed')).toBeInTheDocument();
  });

  it('goes to another day', async () => {
    mockApi({ 'GET /api/account/appointments': { status: 200, data: day } });
    renderWithRouter(<TeamDay members={team} refreshKey={0} onBookingsChanged={() => {}} />);
    await view().findByRole('region', { name: /^Akinyi/ });

    await userEvent.click(view().getByRole('button', { name: 'Next day' }));
    expect(view().getByText('Tuesday, November 24, 2026')).toBeInTheDocument();
    expect(times('Baraka')).toEqual(['9:00 AM – 10:30 AM']);
    expect(times('Akinyi')).toEqual([]);
    expect(view().queryByRole('region', { name: 'Not assigned' })).not.toBeInTheDocument();

    await userEvent.click(view().getByRole('button', { name: 'Today' }));
    expect(view().getByLabelText('Day')).toHaveValue(TODAY);
    await userEvent.click(view().getByRole('button', { name: 'Previous day' }));
    expect(view().getByText('Sunday, November 22, 2026')).toBeInTheDocument();
    // A day gone by: nothing to move.
    expect(view().queryByRole('button', { name: 'Move to another member' })).not.toBeInTheDocument();
  });

  it('gives a booking to another member who does its service, and shows it in their column', async () => {
    const changed = vi.fn();
    const adapter = mockApi({
      'GET /api/account/appointments': { status: 200, data: day },
      'POST /api/account/appointments/apt-3/reassign': (request) => ({
        status: 200,
        data: { ...day[0], member: { id: (sentBody(request) as { memberId: string }).memberId, name: 'Baraka' } },
      }),
    });
    renderWithRouter(<TeamDay members={team} refreshKey={0} onBookingsChanged={changed} />);

    await view().findByRole('region', { name: /^Akinyi/ });
    const later = within(column('Akinyi').getByRole('article', { name: '2:00 PM – 4:00 PM' }));
    const toggle = later.getByRole('button', { name: 'Move to another member' });
    expect(toggle).toHaveAttribute('aria-expanded', 'false');
    await userEvent.click(toggle);
    expect(toggle).toHaveAttribute('aria-expanded', 'true');
    const select = later.getByRole('combobox', { name: 'Move to' });
    // Not Akinyi herself, not Chebet (paused): Baraka does the braids.
    expect(within(select).getAllByRole('option').map((option) => option.textContent)).toEqual(['Baraka']);
    await userEvent.click(later.getByRole('button', { name: 'Move' }));

    await waitFor(() => expect(times('Baraka')).toEqual(['2:00 PM – 4:00 PM']));
    expect(times('Akinyi')).toEqual(['9:00 AM – 11:30 AM']);
    const post = adapter.mock.calls.map(([request]) => request).find((request) => request.method === 'post')!;
    expect(sentBody(post)).toEqual({ memberId: 'm-2' });
    expect(screen.getByText('Njeri Mwangi’s booking now goes to Baraka.')).toBeInTheDocument();
    await waitFor(() => expect(column('Baraka').getByRole('heading', { name: '2:00 PM – 4:00 PM' })).toHaveFocus());
    expect(changed).toHaveBeenCalledTimes(1);
  });

  it("says why a member cannot take it (member_taken) and leaves it where it was", async () => {
    let answer!: (reply: Reply) => void;
    mockApi({
      'GET /api/account/appointments': { status: 200, data: day },
      'POST /api/account/appointments/apt-2/reassign': () => new Promise((resolve) => (answer = resolve)),
    });
    renderWithRouter(<TeamDay members={team} refreshKey={0} onBookingsChanged={() => {}} />);

    await view().findByRole('region', { name: 'Not assigned' });
    const unassigned = within(column('Not assigned').getByRole('article'));
    // Made before the team began, it has nobody yet: assigned, not moved.
    expect(unassigned.queryByRole('button', { name: 'Move to another member' })).not.toBeInTheDocument();
    await userEvent.click(unassigned.getByRole('button', { name: 'Assign to a member' }));
    // Glam Bridal Makeup: Akinyi does it, Baraka does not.
    expect(within(unassigned.getByRole('combobox', { name: 'Assign to' })).getAllByRole('option').map((o) => o.textContent)).toEqual(['Akinyi']);
    await userEvent.click(unassigned.getByRole('button', { name: 'Assign' }));
    expect(unassigned.getByRole('button', { name: 'Assigning...' })).toBeDisabled();
    answer({ status: 409, data: { code: 'member_taken', message: 'Akinyi is not free at that time. Choose another member.' } });

    expect(await unassigned.findByRole('alert')).toHaveTextContent('Akinyi is not free at that time. Choose another member.');
    expect(times('Not assigned')).toEqual(['10:00 AM – 11:00 AM']);
    expect(unassigned.getByRole('button', { name: 'Assign' })).toBeEnabled();
  });

  it('loads the bookings again when another section changed them', async () => {
    let list = day;
    const adapter = mockApi({ 'GET /api/account/appointments': () => ({ status: 200, data: list }) });
    renderWithRouter(<Refreshing />);
    await view().findByRole('region', { name: /^Akinyi/ });

    list = day.map((a) => (a.id === 'apt-2' ? { ...a, member: { id: 'm-2', name: 'Baraka' } } : a));
    await userEvent.click(screen.getByRole('button', { name: 'Changed elsewhere' }));
    await waitFor(() => expect(times('Baraka')).toEqual(['10:00 AM – 11:00 AM']));
    expect(adapter).toHaveBeenCalledTimes(2);
  });
});
