// The team and its day in the Kiswahili build: times on the 24-hour clock ("saa
// 12" is six o'clock in Swahili time), dates from Intl in Kiswahili, money as "Ksh". The texts (the
// weekdays' names among them) stay English here (the build translates them); the formats are the build's.
import { screen, within } from '@testing-library/react';
import { afterEach, beforeEach, describe, expect, it, vi } from 'vitest';
import { akinyi, baraka, sampleAppointment } from '@/testing/fixtures';
import { mockApi } from '@/testing/mock-api';
import { renderWithRouter } from '@/testing/test-utils';
import { useTeam } from '../api/team';
import { Team } from './team';
import { TeamDay } from './team-day';

vi.mock('@/lib/i18n', async (importOriginal) => ({
  ...(await importOriginal<typeof import('@/lib/i18n')>()),
  language: 'sw',
  locale: 'sw-KE',
}));

beforeEach(() => {
  vi.useFakeTimers({ toFake: ['Date'] });
  // Monday 23 November 2026, 08:00 in Nairobi.
  vi.setSystemTime(new Date('2026-11-23T05:00:00Z'));
});

afterEach(() => {
  vi.useRealTimers();
});

function Subject() {
  const team = useTeam();
  return <Team team={team} loadListings={() => Promise.resolve([{ id: 'svc-8', name: 'Knotless Braids' }])} onBookingsChanged={() => {}} />;
}

describe('the team in Kiswahili', () => {
  it("writes a member's own week on the 24-hour clock", async () => {
    mockApi({ 'GET /api/account/team': { status: 200, data: [baraka] } });
    renderWithRouter(<Subject />);
    const card = within(await screen.findByRole('article', { name: 'Baraka' }));
    expect(card.getByText('Monday–Friday 09:00 – 17:00; Saturday 09:00 – 14:00')).toBeInTheDocument();
  });

  it("shows the team's day with its date in Kiswahili and the times on the 24-hour clock", async () => {
    mockApi({
      'GET /api/account/appointments': {
        status: 200,
        data: [
          {
            ...sampleAppointment,
            date: '2026-11-23',
            time: '6:30 PM',
            endTime: '8:00 PM',
            member: { id: 'm-1', name: 'Akinyi' },
            options: [{ id: 'o-1', name: 'Kusuka', priceKsh: 4500, durationMinutes: 90 }],
            totalKsh: 4500,
          },
        ],
      },
    });
    renderWithRouter(<TeamDay members={[akinyi]} refreshKey={0} onBookingsChanged={() => {}} />);

    const booking = within(await screen.findByRole('article', { name: '18:30 – 20:00' }));
    expect(booking.getByText('Total: Ksh 4,500')).toBeInTheDocument();
    expect(screen.getByText('Jumatatu, Novemba 23, 2026')).toBeInTheDocument();
  });
});
