// The booking dialog of the Kiswahili build: its times on the 24-hour clock ("saa 12" is
// six o'clock in Swahili time), while the API still gets SPEC §9's slot labels. The texts stay
// English here (the build translates them), the times and dates are the build's.
import { screen, waitFor, within } from '@testing-library/react';
import userEvent from '@testing-library/user-event';
import type { InternalAxiosRequestConfig } from 'axios';
import { afterEach, beforeEach, describe, expect, it, vi } from 'vitest';
import { BookingDialogHost } from '@/app/booking-dialog-host';
import { BookingButton } from '@/components/booking/booking-button';
import { braidsMenu, serviceDto } from '@/components/listings/fixtures';
import { sampleAppointment, sampleTeam } from '@/testing/fixtures';
import { mockApi, sentBody, type Reply } from '@/testing/mock-api';
import { renderWithRouter } from '@/testing/test-utils';

vi.mock('@/lib/i18n', async (importOriginal) => ({
  ...(await importOriginal<typeof import('@/lib/i18n')>()),
  language: 'sw',
  locale: 'sw-KE',
}));

const SLOTS = ['9:00 AM', '9:30 AM', '12:00 PM', '12:30 PM', '6:00 PM', '6:30 PM', '10:30 PM'];

function availability(request: InternalAxiosRequestConfig): Reply {
  const date = (request.params as { date: string }).date;
  return { status: 200, data: { date, slots: SLOTS, taken: [], past: [], closed: false } };
}

function calendar(request: InternalAxiosRequestConfig): Reply {
  const month = (request.params as { month: string }).month;
  const days = Array.from({ length: 31 }, (_, i) => ({ date: `${month}-${String(i + 1).padStart(2, '0')}`, bookable: true }));
  return { status: 200, data: { month, days, nextOpenDate: null } };
}

/** Glam Bridal Makeup as the dialog asks for it first: without a menu or a team. */
const AS_ONE_SERVICE = {
  'GET /api/service/svc-7': { status: 200, data: serviceDto(7) },
  'GET /api/service/svc-7/team': { status: 200, data: [] },
};

/** Opens the dialog for svc-7 (its code is loaded on the first open). */
async function openDialog(serviceName: string) {
  renderWithRouter(
    <>
      <BookingDialogHost />
      <BookingButton serviceId="svc-7" serviceName={serviceName}>
        Open booking
      </BookingButton>
    </>,
  );
  await userEvent.click(screen.getByRole('button', { name: 'Open booking' }));
  await screen.findByRole('dialog', { name: 'Book an Appointment' }, { timeout: 5000 });
}

beforeEach(() => {
  vi.useFakeTimers({ toFake: ['Date'] });
  // Saturday 21 November 2026, 10:00 in Nairobi.
  vi.setSystemTime(new Date('2026-11-21T07:00:00Z'));
});

afterEach(() => {
  vi.useRealTimers();
});

describe('BookingDialog in Kiswahili', { timeout: 20_000 }, () => {
  it('shows the starts on the 24-hour clock and books with the slot label the API takes', async () => {
    let sent: unknown;
    mockApi({
      ...AS_ONE_SERVICE,
      'GET /api/appointments/calendar': calendar,
      'GET /api/appointments/availability': availability,
      'POST /api/appointments': (request) => {
        sent = sentBody(request);
        return { status: 201, data: { ...sampleAppointment, status: 'confirmed', time: '6:30 PM', endTime: '7:30 PM' } };
      },
    });
    await openDialog('Glam Bridal Makeup');

    // The calendar names its days in Kiswahili.
    await userEvent.click(await screen.findByRole('button', { name: 'Jumatatu, Novemba 23, 2026' }));
    await waitFor(() => expect(screen.getByRole('button', { name: '18:30' })).toBeEnabled());

    const starts = ['Morning', 'Afternoon', 'Evening'].flatMap((name) =>
      within(screen.getByRole('group', { name })).getAllByRole('button').map((button) => button.textContent),
    );
    expect(starts).toEqual(['09:00', '09:30', '12:00', '12:30', '18:00', '18:30', '22:30']);
    expect(screen.getByRole('dialog').textContent).not.toMatch(/\b[AP]M\b/);

    await userEvent.click(screen.getByRole('button', { name: '18:30' }));
    const panel = screen.getByRole('tabpanel', { name: 'Your details' });
    expect(panel).toHaveTextContent('Jumatatu, Novemba 23, 2026 at 18:30');
    expect(panel.textContent).not.toMatch(/\b[AP]M\b/);

    await userEvent.click(screen.getByLabelText('Name', { exact: true }));
    await userEvent.paste('Amina Wanjiru');
    await userEvent.click(screen.getByLabelText('Email', { exact: true }));
    await userEvent.paste('amina@example.com');
    await userEvent.click(screen.getByRole('button', { name: 'Book Appointment' }));

    // The end says what was booked, on the 24-hour clock.
    const end = await screen.findByRole('region', { name: 'Booking confirmed' });
    expect(sent).toMatchObject({ date: '2026-11-23', time: '6:30 PM' });
    expect(end).toHaveTextContent('Jumatatu, Novemba 23, 2026, 18:30');
    expect(end.textContent).not.toMatch(/\b[AP]M\b/);
    const whatsapp = new URL(within(end).getByRole('link', { name: 'Send to WhatsApp' }).getAttribute('href')!);
    expect(whatsapp.searchParams.get('text')).toContain('Jumatatu, Novemba 23, 2026, 18:30');
  });

  it("a request's end view shows its day in Kiswahili and its time on the 24-hour clock", async () => {
    mockApi({
      ...AS_ONE_SERVICE,
      'GET /api/appointments/calendar': calendar,
      'GET /api/appointments/availability': availability,
      'POST /api/appointments': {
        status: 201,
        data: {
          ...sampleAppointment,
          status: 'requested',
          time: '6:30 PM',
          endTime: '7:30 PM',
          manageToken: 'tok.en',
          provider: { name: 'Njeri Mwangi', location: 'Kilimani, Nairobi', directions: '', minPrice: 1500, maxPrice: 4500 },
        },
      },
    });
    await openDialog('Glam Bridal Makeup');
    await userEvent.click(await screen.findByRole('button', { name: 'Jumatatu, Novemba 23, 2026' }));
    await waitFor(() => expect(screen.getByRole('button', { name: '18:30' })).toBeEnabled());
    await userEvent.click(screen.getByRole('button', { name: '18:30' }));
    await userEvent.click(screen.getByLabelText('Name', { exact: true }));
    await userEvent.paste('Amina Wanjiru');
    await userEvent.click(screen.getByLabelText('Email', { exact: true }));
    await userEvent.paste('amina@example.com');
    await userEvent.click(screen.getByRole('button', { name: 'Book Appointment' }));

    const end = await screen.findByRole('region', { name: 'Request sent' });
    expect(end).toHaveTextContent('Jumatatu, Novemba 23, 2026, 18:30');
    expect(end.textContent).not.toMatch(/\b[AP]M\b/);
  });

  it("a booking of the menu's services with a member: its summary and end on the 24-hour clock, the member and the total", async () => {
    let sent: unknown;
    mockApi({
      'GET /api/service/svc-7': { status: 200, data: serviceDto(7, { options: braidsMenu }) },
      'GET /api/service/svc-7/team': { status: 200, data: sampleTeam },
      'GET /api/appointments/calendar': calendar,
      'GET /api/appointments/availability': availability,
      'POST /api/appointments': (request) => {
        sent = sentBody(request);
        return {
          status: 201,
          data: {
            ...sampleAppointment,
            status: 'requested',
            time: '6:30 PM',
            endTime: '10:00 PM',
            manageToken: 'tok.en',
            provider: { name: 'Achieng Otieno', location: 'Kilimani, Nairobi', directions: '', minPrice: 500, maxPrice: 6000 },
            member: { id: 'm-2', name: 'Wanjiku' },
            options: [braidsMenu[1], braidsMenu[0]],
            totalKsh: 3000,
            durationMinutes: 210,
          },
        };
      },
    });
    await openDialog('Knotless Braids by Achieng');
    await userEvent.click(await screen.findByRole('checkbox', { name: /^Knotless shoulder length/ }));
    await userEvent.click(screen.getByRole('checkbox', { name: /^Wash and blow-dry/ }));
    await userEvent.click(screen.getByRole('radio', { name: 'Wanjiku' }));
    await userEvent.click(await screen.findByRole('button', { name: 'Jumatatu, Novemba 23, 2026' }));
    await waitFor(() => expect(screen.getByRole('button', { name: '18:30' })).toBeEnabled());
    await userEvent.click(screen.getByRole('button', { name: '18:30' }));

    const panel = screen.getByRole('tabpanel', { name: 'Your details' });
    expect(panel).toHaveTextContent('Jumatatu, Novemba 23, 2026 at 18:30');
    expect(panel).toHaveTextContent('Knotless shoulder length, Wash and blow-dry');
    expect(panel).toHaveTextContent('Ksh 3,000 · 3 hours 30 minutes');
    expect(panel.textContent).not.toMatch(/\b[AP]M\b/);
    await userEvent.click(screen.getByLabelText('Name', { exact: true }));
    await userEvent.paste('Amina Wanjiru');
    await userEvent.click(screen.getByLabelText('Email', { exact: true }));
    await userEvent.paste('amina@example.com');
    await userEvent.click(screen.getByRole('button', { name: 'Book Appointment' }));

    const end = await screen.findByRole('region', { name: 'Request sent' });
    expect(sent).toMatchObject({ time: '6:30 PM', optionIds: ['o-2', 'o-1'], memberId: 'm-2' });
    expect(end).toHaveTextContent('Jumatatu, Novemba 23, 2026, 18:30');
    expect(end).toHaveTextContent('Wanjiku');
    expect(end).toHaveTextContent('Ksh 3,000 · 3 hours 30 minutes');
    expect(end.textContent).not.toMatch(/\b[AP]M\b/);
  });
});
