import { act, screen, waitFor, within } from '@testing-library/react';
import userEvent from '@testing-library/user-event';
import type { InternalAxiosRequestConfig } from 'axios';
import { Link, useNavigate } from 'react-router-dom';
import { afterEach, beforeEach, describe, expect, it, vi } from 'vitest';
import { BookingDialogHost } from '@/app/booking-dialog-host';
import { BookingButton } from '@/components/booking/booking-button';
import { braidsMenu, serviceDto, serviceDtos } from '@/components/listings/fixtures';
import { sampleAppointment, sampleTeam } from '@/testing/fixtures';
import { mockApi, networkError, sentBody, sentHeader, type Reply } from '@/testing/mock-api';
import { currentUrl, renderWithRouter } from '@/testing/test-utils';
import type { BookingOpening } from '@/lib/booking-dialog';
import type { ServiceOption, TeamMember } from '@/types/api';

// Friday 20 November 2026, 22:30 UTC: already Saturday 21 November (01:30) in Nairobi.
const NAIROBI_SATURDAY_NIGHT = new Date('2026-11-20T22:30:00Z');

const MORNING = ['7:00 AM', '7:30 AM', '8:00 AM', '8:30 AM', '9:00 AM', '9:30 AM', '10:00 AM', '10:30 AM', '11:00 AM', '11:30 AM'];
const AFTERNOON = ['12:00 PM', '12:30 PM', '1:00 PM', '1:30 PM', '2:00 PM', '2:30 PM', '3:00 PM', '3:30 PM'];
const EVENING = [
  '4:00 PM', '4:30 PM', '5:00 PM', '5:30 PM', '6:00 PM', '6:30 PM', '7:00 PM',
  '7:30 PM', '8:00 PM', '8:30 PM', '9:00 PM', '9:30 PM', '10:00 PM', '10:30 PM',
];

/** Booked with a provider who confirms at once (most do); a request has a test of its own. */
const appointment = { ...sampleAppointment, status: 'confirmed' as const };

/** Availability that answers every start bookable but `taken` and `past`, for every day asked for. */
function availability(taken: string[] = [], past: string[] = []): (request: InternalAxiosRequestConfig) => Reply {
  return (request: InternalAxiosRequestConfig) => ({
    status: 200,
    data: {
      date: (request.params as { date: string }).date,
      slots: [...MORNING, ...AFTERNOON, ...EVENING].filter((t) => !taken.includes(t) && !past.includes(t)),
      taken,
      past,
      closed: false,
    },
  });
}

/** A calendar in which `closed` days (with the reason) cannot take a booking; every other day can. */
function calendar(closed: Record<string, string> = {}): (request: InternalAxiosRequestConfig) => Reply {
  return (request: InternalAxiosRequestConfig) => {
    const month = (request.params as { month: string }).month;
    const days = Array.from({ length: 31 }, (_, i) => `${month}-${String(i + 1).padStart(2, '0')}`).map((date) =>
      closed[date] ? { date, bookable: false, reason: closed[date] } : { date, bookable: true },
    );
    return { status: 200, data: { month, days, nextOpenDate: null } };
  };
}

/** What the dialog asks of a listing before its calendar: its menu and its team; none by default. */
function listing(id: string, { options = [], team = [] }: { options?: ServiceOption[]; team?: TeamMember[] } = {}) {
  return {
    [`GET /api/service/${id}`]: { status: 200, data: serviceDto(0, { _id: id, options }) },
    [`GET /api/service/${id}/team`]: { status: 200, data: team },
  } satisfies Record<string, Reply>;
}

/** The listings these tests book, without a menu or a team: each booked as one service. */
const AS_TODAY = { ...listing('svc-7'), ...listing('svc-9'), ...listing('svc-21'), ...listing('svc-1') };

function renderBooking({
  route = '/',
  serviceId,
  serviceName,
  opening,
}: { route?: string; serviceId?: string; serviceName?: string; opening?: BookingOpening } = {}) {
  return renderWithRouter(
    <>
      <BookingDialogHost />
      <BookingButton serviceId={serviceId} serviceName={serviceName} opening={opening}>
        Open booking
      </BookingButton>
    </>,
    { route },
  );
}

const opener = () => screen.getByRole('button', { name: 'Open booking' });

/** The phone's Back button: one step back in the history. */
function BackButton() {
  const navigate = useNavigate();
  return (
    <button type="button" onClick={() => void navigate(-1)}>
      Back
    </button>
  );
}

async function openDialog() {
  await userEvent.click(opener());
  // The dialog's code is loaded on the first open.
  const dialog = await screen.findByRole('dialog', { name: 'Book an Appointment' }, { timeout: 5000 });
  // Then the listing's menu and team, which come before the calendar.
  await waitFor(() => expect(within(dialog).queryByText('Loading…')).not.toBeInTheDocument());
  return dialog;
}

const day = (label: string) => screen.getByRole('button', { name: label });
const slot = (time: string) => screen.getByRole('button', { name: time });
const field = (label: string) => screen.getByLabelText(label, { exact: true });
const bookingCalls = (adapter: ReturnType<typeof mockApi>) =>
  adapter.mock.calls.map(([request]) => request).filter((request) => request.url === '/api/appointments');
const calendarCalls = (adapter: ReturnType<typeof mockApi>) =>
  adapter.mock.calls.map(([request]) => request).filter((request) => request.url === '/api/appointments/calendar');
const availabilityCalls = (adapter: ReturnType<typeof mockApi>) =>
  adapter.mock.calls
    .map(([request]) => request)
    .filter((request) => request.url === '/api/appointments/availability');

/** Picks Monday 23 November and 9:30 AM, which moves to the Your details tab. */
async function pickMondayMorning() {
  // The calendar comes once the listing's menu and team are known.
  await userEvent.click(await screen.findByRole('button', { name: 'Monday, November 23, 2026' }));
  await waitFor(() => expect(slot('9:30 AM')).toBeEnabled());
  await userEvent.click(slot('9:30 AM'));
}

/** Pastes into the fields (typing letter by letter is slow on a busy test machine). */
async function fillIn(values: { name?: string; email?: string; phone?: string; message?: string }) {
  const labels = { name: 'Name', email: 'Email', phone: 'Phone number (optional)', message: 'Message (optional)' };
  for (const [key, value] of Object.entries(values)) {
    await userEvent.click(field(labels[key as keyof typeof labels]));
    await userEvent.paste(value);
  }
}

const book = () => userEvent.click(screen.getByRole('button', { name: 'Book Appointment' }));

beforeEach(() => {
  // Only the clock is fake: timers stay real for the user events and the dialog's loading.
  vi.useFakeTimers({ toFake: ['Date'] });
  vi.setSystemTime(NAIROBI_SATURDAY_NIGHT);
});

afterEach(() => {
  vi.useRealTimers();
});

// Each test opens the dialog and goes through several steps: more than the default 5 s on a busy machine.
/** What the gateway says of a request: who will confirm it, where, for how much. */
const NJERI = {
  name: 'Njeri Mwangi',
  location: 'Kilimani, Nairobi',
  directions: 'Upstairs above Naivas, blue door',
  minPrice: 1500,
  maxPrice: 4500,
};

/** Books Monday morning through the dialog, answered as a request to a provider who confirms each. */
async function sendRequest(request: typeof NJERI) {
    mockApi({
      ...AS_TODAY,
      'GET /api/appointments/calendar': calendar(),
      'GET /api/appointments/availability': availability(),
      'POST /api/appointments': {
        status: 201,
        data: {
          ...appointment,
          status: 'requested',
          manageToken: 'tok.en',
          provider: request,
        },
      },
    });
    renderBooking({ serviceId: 'svc-7', serviceName: 'Glam Bridal Makeup' });
    await openDialog();
    await pickMondayMorning();
    await fillIn({ name: 'Amina Wanjiru', email: 'amina@example.com' });
    await book();
}

describe('BookingDialog', { timeout: 20_000 }, () => {
  it('opens with its title and subtitle, on the Appointment tab, and closes with Escape back to the opener', async () => {
    mockApi({ ...AS_TODAY, 'GET /api/appointments/calendar': calendar(), 'GET /api/appointments/availability': availability() });
    renderBooking({ serviceId: 'svc-7', serviceName: 'Glam Bridal Makeup' });

    const dialog = await openDialog();
    expect(dialog).toHaveAttribute('aria-modal', 'true');
    expect(dialog).toHaveAccessibleDescription('Schedule an appointment or make an enquiry with our service provider');
    expect(dialog).toHaveFocus();
    expect(within(dialog).getByText('Glam Bridal Makeup')).toBeInTheDocument();
    expect(screen.getByRole('tab', { name: 'Appointment' })).toHaveAttribute('aria-selected', 'true');
    expect(screen.getByRole('tab', { name: 'Your details' })).toBeDisabled();
    expect(screen.getByText('Choose a date to see the available times.')).toBeInTheDocument();
    // A listing without a menu, a provider without a team: no such steps.
    expect(within(dialog).queryByRole('group', { name: 'Choose your services' })).not.toBeInTheDocument();
    expect(within(dialog).queryByRole('group', { name: 'Choose a stylist' })).not.toBeInTheDocument();

    await userEvent.keyboard('{Escape}');
    expect(screen.queryByRole('dialog')).not.toBeInTheDocument();
    expect(opener()).toHaveFocus();
  });

  it("disables the days before today in Nairobi and the previous month, and names every day in full", async () => {
    mockApi({ ...AS_TODAY, 'GET /api/appointments/calendar': calendar(), 'GET /api/appointments/availability': availability() });
    renderBooking({ serviceId: 'svc-7' });
    await openDialog();

    const grid = screen.getByRole('grid', { name: 'November 2026' });
    // Friday the 20th is still today on a UTC device, but in Nairobi it is already Saturday the 21st.
    expect(day('Friday, November 20, 2026')).toBeDisabled();
    expect(day('Sunday, November 1, 2026')).toBeDisabled();
    expect(day('Saturday, November 21, 2026')).toBeEnabled();
    expect(day('Saturday, November 21, 2026')).toHaveAttribute('aria-current', 'date');
    expect(within(grid).getAllByRole('button')).toHaveLength(30);
    expect(screen.getByRole('button', { name: 'Previous month' })).toBeDisabled();

    await userEvent.click(screen.getByRole('button', { name: 'Next month' }));
    expect(screen.getByRole('grid', { name: 'December 2026' })).toBeInTheDocument();
    expect(day('Tuesday, December 1, 2026')).toBeEnabled();
    expect(screen.getByRole('button', { name: 'Previous month' })).toBeEnabled();
  });

  it('moves through the days by keyboard and never before today', async () => {
    mockApi({ ...AS_TODAY, 'GET /api/appointments/calendar': calendar(), 'GET /api/appointments/availability': availability() });
    renderBooking({ serviceId: 'svc-7' });
    await openDialog();

    const today = day('Saturday, November 21, 2026');
    expect(today).toHaveAttribute('tabindex', '0');
    today.focus();
    await userEvent.keyboard('{ArrowLeft}');
    expect(today).toHaveFocus();
    await userEvent.keyboard('{ArrowRight}');
    expect(day('Sunday, November 22, 2026')).toHaveFocus();
    await userEvent.keyboard('{ArrowDown}');
    expect(day('Sunday, November 29, 2026')).toHaveFocus();
    await userEvent.keyboard('{End}');
    expect(day('Saturday, December 5, 2026')).toHaveFocus();
    expect(screen.getByRole('grid', { name: 'December 2026' })).toBeInTheDocument();
    await userEvent.keyboard('{PageDown}');
    expect(day('Tuesday, January 5, 2027')).toHaveFocus();
    await userEvent.keyboard('{Enter}');
    expect(day('Tuesday, January 5, 2027')).toHaveAttribute('aria-pressed', 'true');
    expect(await screen.findByText('Tuesday, January 5, 2027', { selector: 'p' })).toBeInTheDocument();
  });

  it('shows the chosen date in full and only its bookable starts, grouped Morning, Afternoon and Evening', async () => {
    const adapter = mockApi({
      ...AS_TODAY,
      'GET /api/appointments/calendar': calendar(),
      'GET /api/appointments/availability': availability(['9:00 AM', '2:30 PM']),
    });
    renderBooking({ serviceId: 'svc-7' });
    await openDialog();

    await userEvent.click(day('Monday, November 23, 2026'));

    expect(screen.getByText('Monday, November 23, 2026', { selector: 'p' })).toBeInTheDocument();
    await waitFor(() => expect(slot('9:30 AM')).toBeEnabled());
    expect(availabilityCalls(adapter).map((request) => request.params as unknown)).toEqual([
      { serviceId: 'svc-7', date: '2026-11-23' },
    ]);

    const groups = screen.getAllByRole('group');
    expect(groups.map((group) => within(group).getByRole('heading').textContent)).toEqual([
      'Morning',
      'Afternoon',
      'Evening',
    ]);
    const labels = (name: string) =>
      within(screen.getByRole('group', { name })).getAllByRole('button').map((button) => button.textContent);
    expect(labels('Morning')).toEqual(MORNING.filter((t) => t !== '9:00 AM'));
    expect(labels('Afternoon')).toEqual(AFTERNOON.filter((t) => t !== '2:30 PM'));
    expect(labels('Evening')).toEqual(EVENING);
    // Full starts are not offered at all.
    expect(screen.queryByRole('button', { name: '9:00 AM' })).not.toBeInTheDocument();
    expect(screen.queryByRole('button', { name: '2:30 PM' })).not.toBeInTheDocument();
  });

  it("offers only the provider's bookable starts and hides today's that have passed in Nairobi", async () => {
    // 07:05 UTC is 10:05 in Nairobi; the page has been open a while, the server's answer is older.
    vi.setSystemTime(new Date('2026-11-21T07:05:00Z'));
    mockApi({
      ...AS_TODAY,
      'GET /api/appointments/calendar': calendar(),
      'GET /api/appointments/availability': (request) => ({
        status: 200,
        data: { date: (request.params as { date: string }).date, slots: ['10:00 AM', '10:30 AM', '11:00 AM'], taken: [], past: [], closed: false },
      }),
    });
    renderBooking({ serviceId: 'svc-7' });
    await openDialog();

    await userEvent.click(day('Saturday, November 21, 2026'));
    await waitFor(() => expect(slot('10:30 AM')).toBeEnabled());
    expect(screen.queryByRole('button', { name: '10:00 AM' })).not.toBeInTheDocument();
    expect(screen.queryByRole('group', { name: 'Afternoon' })).not.toBeInTheDocument();
    expect(screen.getAllByRole('button', { name: /AM$/ }).map((b) => b.textContent)).toEqual(['10:30 AM', '11:00 AM']);
  });

  it('shows the days the provider cannot take as unavailable, with the reason', async () => {
    mockApi({
      ...AS_TODAY,
      'GET /api/appointments/calendar': calendar({ '2026-11-22': 'The provider is closed on that day.' }),
      'GET /api/appointments/availability': availability(),
    });
    renderBooking({ serviceId: 'svc-7' });
    await openDialog();

    const sunday = await screen.findByRole('button', { name: 'Sunday, November 22, 2026: The provider is closed on that day.' });
    expect(sunday).toHaveAttribute('aria-disabled', 'true');
    expect(sunday).toHaveAttribute('title', 'The provider is closed on that day.');
    await userEvent.click(sunday);
    expect(sunday).toHaveAttribute('aria-pressed', 'false');
    expect(screen.getByText('Choose a date to see the available times.')).toBeInTheDocument();
    expect(day('Monday, November 23, 2026')).not.toHaveAttribute('aria-disabled');
  });

  it('offers the next open day when the chosen one has nothing left', async () => {
    mockApi({
      ...AS_TODAY,
      'GET /api/appointments/calendar': calendar(),
      'GET /api/appointments/availability': (request) => {
        const date = (request.params as { date: string }).date;
        return date === '2026-11-23'
          ? { status: 200, data: { date, slots: [], taken: ['9:00 AM'], past: [], closed: false, reason: 'This day is fully booked.', nextOpenDate: '2026-11-25' } }
          : availability()(request);
      },
    });
    renderBooking({ serviceId: 'svc-7' });
    await openDialog();

    await userEvent.click(day('Monday, November 23, 2026'));
    expect(await screen.findByText('No free times on this day. This day is fully booked.')).toBeInTheDocument();
    await userEvent.click(screen.getByRole('button', { name: 'Next open day: Wednesday, November 25, 2026' }));
    expect(await screen.findByText('Wednesday, November 25, 2026', { selector: 'p' })).toBeInTheDocument();
    await waitFor(() => expect(slot('9:30 AM')).toBeEnabled());
    expect(day('Wednesday, November 25, 2026')).toHaveAttribute('aria-pressed', 'true');
  });

  it('keeps Your details disabled until a date and a slot are chosen, then highlights the slot and moves there', async () => {
    mockApi({ ...AS_TODAY, 'GET /api/appointments/calendar': calendar(), 'GET /api/appointments/availability': availability() });
    renderBooking({ serviceId: 'svc-7' });
    await openDialog();
    const enquiry = screen.getByRole('tab', { name: 'Your details' });

    await userEvent.click(day('Monday, November 23, 2026'));
    expect(enquiry).toBeDisabled();
    await waitFor(() => expect(slot('9:30 AM')).toBeEnabled());
    await userEvent.click(slot('9:30 AM'));

    expect(enquiry).toBeEnabled();
    expect(enquiry).toHaveAttribute('aria-selected', 'true');
    const panel = screen.getByRole('tabpanel', { name: 'Your details' });
    expect(panel).toHaveTextContent('Monday, November 23, 2026 at 9:30 AM');
    expect(field('Name')).toHaveFocus();
    expect(field('Email')).toHaveAttribute('type', 'email');
    expect(field('Message (optional)')).toHaveAttribute(
      'placeholder',
      'Please provide any additional details about your appointment request...',
    );

    // Back through the tab: the slot is highlighted.
    await userEvent.click(screen.getByRole('tab', { name: 'Appointment' }));
    expect(slot('9:30 AM')).toHaveAttribute('aria-pressed', 'true');
    expect(slot('10:00 AM')).toHaveAttribute('aria-pressed', 'false');

    // Another date drops the time, and Your details is disabled again.
    await userEvent.click(day('Tuesday, November 24, 2026'));
    expect(enquiry).toBeDisabled();
  });

  it("says 'Please fill in all required fields' and sends nothing when name or e-mail is missing", async () => {
    const adapter = mockApi({ ...AS_TODAY, 'GET /api/appointments/calendar': calendar(), 'GET /api/appointments/availability': availability() });
    renderBooking({ serviceId: 'svc-7' });
    await openDialog();
    await pickMondayMorning();

    await book();

    expect(screen.getByRole('alert')).toHaveTextContent('Please fill in all required fields');
    expect(field('Name')).toHaveAttribute('aria-invalid', 'true');
    expect(field('Name')).toHaveAccessibleDescription('Please fill in all required fields');
    expect(field('Email')).toHaveAttribute('aria-invalid', 'true');
    expect(field('Name')).toHaveFocus();

    await fillIn({ name: 'Amina Wanjiru' });
    await book();
    expect(field('Email')).toHaveFocus();
    expect(screen.getByRole('alert')).toHaveTextContent('Please fill in all required fields');

    await fillIn({ email: 'amina@' });
    await book();
    expect(field('Email')).toHaveAccessibleDescription('Please enter a valid email address');
    expect(screen.queryByRole('alert')).not.toBeInTheDocument();
    expect(bookingCalls(adapter)).toHaveLength(0);

    // The phone is optional, but a given one must be a number.
    await fillIn({ email: 'example.com', phone: 'call me' });
    await book();
    expect(field('Phone number (optional)')).toHaveAttribute('aria-invalid', 'true');
    expect(field('Phone number (optional)')).toHaveAccessibleDescription(
      expect.stringContaining('Please enter a valid phone number'),
    );
    expect(bookingCalls(adapter)).toHaveLength(0);
  });

  it("books: 'Booking...' while sending, then the toast, and a fresh dialog next time", async () => {
    let answer!: (reply: Reply) => void;
    const adapter = mockApi({
      ...AS_TODAY,
      'GET /api/appointments/calendar': calendar(),
      'GET /api/appointments/availability': availability(),
      'POST /api/appointments': () => new Promise((resolve) => (answer = resolve)),
    });
    renderBooking({ serviceId: 'svc-7', serviceName: 'Glam Bridal Makeup' });
    await openDialog();
    await pickMondayMorning();
    await fillIn({
      name: ' Amina Wanjiru ',
      email: 'amina@example.com',
      phone: '0712 345 678',
      message: 'Bridal trial, please.',
    });

    await book();

    const sending = await screen.findByRole('button', { name: 'Booking...' });
    expect(sending).toBeDisabled();
    const [request] = bookingCalls(adapter);
    expect(sentBody(request!)).toEqual({
      serviceId: 'svc-7',
      name: 'Amina Wanjiru',
      email: 'amina@example.com',
      phone: '+254712345678',
      date: '2026-11-23',
      time: '9:30 AM',
      message: 'Bridal trial, please.',
    });
    expect(sentHeader(request!, 'Idempotency-Key')).toMatch(/^[0-9a-f-]{36}$/);

    // The provider books instantly: it is booked, and the dialog ends by saying what was booked.
    answer({ status: 201, data: appointment });

    const end = await screen.findByRole('region', { name: 'Booking confirmed' });
    expect(screen.getByText('Appointment booked successfully!')).toBeInTheDocument();
    await userEvent.click(within(end).getByRole('button', { name: 'Close' }));
    await waitFor(() => expect(screen.queryByRole('dialog')).not.toBeInTheDocument());
    expect(opener()).toHaveFocus();

    // Everything was cleared: date, time, name, e-mail and message.
    await openDialog();
    expect(screen.getByRole('tab', { name: 'Your details' })).toBeDisabled();
    expect(screen.queryByRole('button', { pressed: true })).not.toBeInTheDocument();
    expect(field('Name')).toHaveValue('');
    expect(field('Email')).toHaveValue('');
    expect(field('Message (optional)')).toHaveValue('');
  });

  it('a request to a provider who confirms each booking says so, and ends with what was asked and the link', async () => {
    await sendRequest(NJERI);

    expect(await screen.findByText('Request sent. Njeri will confirm by SMS or e-mail.')).toBeInTheDocument();
    expect(screen.queryByText('Appointment booked successfully!')).not.toBeInTheDocument();
    const dialog = screen.getByRole('dialog');
    const end = within(dialog).getByRole('region', { name: 'Request sent' });
    expect(within(end).getByRole('heading', { name: 'Request sent' })).toHaveFocus();
    expect(end).toHaveTextContent('Monday, November 23, 2026, 9:30 AM');
    expect(end).toHaveTextContent('Kilimani, Nairobi');
    expect(end).toHaveTextContent('Upstairs above Naivas, blue door');
    expect(end).toHaveTextContent('Ksh 1,500 - Ksh 4,500');
    // Not in the diary until Njeri confirms: the invite comes with her confirmation.
    expect(within(end).queryByRole('link', { name: 'Add to calendar' })).not.toBeInTheDocument();
    expect(within(end).getByRole('link', { name: 'Change or cancel' })).toHaveAttribute(
      'href',
      '/appointments/cancel?token=tok.en',
    );
    await userEvent.click(within(end).getByRole('button', { name: 'Close' }));
    await waitFor(() => expect(screen.queryByRole('dialog')).not.toBeInTheDocument());
  });

  it("a request whose provider and prices the gateway could not read names no one, shows no price, and closing keeps nothing", async () => {
    await sendRequest({ name: '', location: '', directions: '', minPrice: 0, maxPrice: 0 });

    expect(await screen.findByText('Request sent. The provider will confirm by SMS or e-mail.')).toBeInTheDocument();
    const end = screen.getByRole('region', { name: 'Request sent' });
    expect(end).toHaveTextContent('The provider will confirm by SMS or e-mail.');
    expect(end).not.toHaveTextContent('Ksh');
    expect(end).not.toHaveTextContent('Where');
    // The service is named once, in the end view; it can no longer be changed.
    expect(within(screen.getByRole('dialog')).queryByRole('button', { name: 'Change service' })).not.toBeInTheDocument();

    // Closed with Escape: the request is made, so the next opening starts afresh.
    await userEvent.keyboard('{Escape}');
    expect(screen.queryByRole('dialog')).not.toBeInTheDocument();
    await openDialog();
    expect(screen.getByRole('tab', { name: 'Your details' })).toBeDisabled();
    expect(screen.getByText('Choose a date to see the available times.')).toBeInTheDocument();
  });

  it('an instant booking ends with what was booked, where, a calendar invite and a WhatsApp message', async () => {
    mockApi({
      ...AS_TODAY,
      'GET /api/appointments/calendar': calendar(),
      'GET /api/appointments/availability': availability(),
      'POST /api/appointments': { status: 201, data: { ...appointment, manageToken: 'tok.en', provider: NJERI } },
    });
    renderBooking({ serviceId: 'svc-7', serviceName: 'Glam Bridal Makeup' });
    await openDialog();
    await pickMondayMorning();
    await fillIn({ name: 'Amina Wanjiru', email: 'amina@example.com' });
    await book();

    // SPEC's toast, and the dialog says what was booked.
    expect(await screen.findByText('Appointment booked successfully!')).toBeInTheDocument();
    const end = within(screen.getByRole('dialog')).getByRole('region', { name: 'Booking confirmed' });
    expect(within(end).getByRole('heading', { name: 'Booking confirmed' })).toHaveFocus();
    expect(end).toHaveTextContent('The details and your change-or-cancel link are on their way to amina@example.com.');
    const details = [...end.querySelectorAll('dt')].map((term) => [term.textContent, term.nextElementSibling!.textContent]);
    expect(details).toEqual([
      ['Service', 'Glam Bridal Makeup'],
      ['When', 'Monday, November 23, 2026, 9:30 AM'],
      ['Where', 'Kilimani, Nairobi'],
      ['Directions', 'Upstairs above Naivas, blue door'],
      ['Provider', 'Njeri Mwangi'],
      ['Price', 'Ksh 1,500 - Ksh 4,500'],
    ]);
    const invite = within(end).getByRole('link', { name: 'Add to calendar' });
    expect(invite).toHaveAttribute('href', '/api/appointments/invite.ics?token=tok.en');
    expect(invite).toHaveAttribute('download');
    const whatsapp = new URL(within(end).getByRole('link', { name: 'Send to WhatsApp' }).getAttribute('href')!);
    expect(whatsapp.origin + whatsapp.pathname).toBe('https://wa.me/');
    expect(whatsapp.searchParams.get('text')).toBe(
      [
        'My booking on Mtaani:',
        'Service: Glam Bridal Makeup',
        'When: Monday, November 23, 2026, 9:30 AM',
        'Where: Kilimani, Nairobi',
        'Directions: Upstairs above Naivas, blue door',
        'Provider: Njeri Mwangi',
        'Price: Ksh 1,500 - Ksh 4,500',
        `Change or cancel: ${window.location.origin}/appointments/cancel?token=tok.en`,
      ].join('\n'),
    );
    expect(within(end).getByRole('link', { name: 'Change or cancel' })).toHaveAttribute(
      'href',
      '/appointments/cancel?token=tok.en',
    );
  });

  it('the change-or-cancel link of a request opens that page and closes the dialog', async () => {
    await sendRequest(NJERI);

    await userEvent.click(await screen.findByRole('link', { name: 'Change or cancel' }));
    await waitFor(() => expect(screen.queryByRole('dialog')).not.toBeInTheDocument());
    expect(currentUrl()).toBe('/appointments/cancel?token=tok.en');
  });

  it("stays open with everything entered and shows the server's message on a failure", async () => {
    const adapter = mockApi({
      ...AS_TODAY,
      'GET /api/appointments/calendar': calendar(),
      'GET /api/appointments/availability': availability(),
      'POST /api/appointments': { status: 429, data: { message: 'You have made several bookings in a short time.', code: 'rate_limited' } },
    });
    renderBooking({ serviceId: 'svc-7' });
    await openDialog();
    await pickMondayMorning();
    await fillIn({ name: 'Amina Wanjiru', email: 'amina@example.com', message: 'Hello' });

    await book();

    const dialog = screen.getByRole('dialog');
    expect(await within(dialog).findByRole('alert')).toHaveTextContent('You have made several bookings in a short time.');
    expect(screen.getAllByText('You have made several bookings in a short time.')).toHaveLength(2);
    expect(field('Name')).toHaveValue('Amina Wanjiru');
    expect(field('Email')).toHaveValue('amina@example.com');
    expect(field('Message (optional)')).toHaveValue('Hello');
    expect(screen.getByRole('tabpanel', { name: 'Your details' })).toHaveTextContent('Monday, November 23, 2026 at 9:30 AM');
    expect(screen.getByRole('button', { name: 'Book Appointment' })).toBeEnabled();
    expect(bookingCalls(adapter)).toHaveLength(1);
  });

  it('falls back to its own message when there is no answer, and retries under the same key', async () => {
    const adapter = mockApi({
      ...AS_TODAY,
      'GET /api/appointments/calendar': calendar(),
      'GET /api/appointments/availability': availability(),
      'POST /api/appointments': networkError,
    });
    renderBooking({ serviceId: 'svc-7' });
    await openDialog();
    await pickMondayMorning();
    await fillIn({ name: 'Amina Wanjiru', email: 'amina@example.com' });

    await book();
    expect(await within(screen.getByRole('dialog')).findByRole('alert')).toHaveTextContent(
      'Failed to book appointment. Please try again.',
    );
    await book();
    await waitFor(() => expect(bookingCalls(adapter)).toHaveLength(2));
    const [first, retry] = bookingCalls(adapter).map((request) => sentHeader(request, 'Idempotency-Key'));
    expect(retry).toBe(first);
  });

  it('says when it is offline that booking needs a connection, and that a booking sent offline was not sent', async () => {
    mockApi({
      ...AS_TODAY,
      'GET /api/appointments/calendar': calendar(),
      'GET /api/appointments/availability': availability(),
      'POST /api/appointments': networkError,
    });
    renderBooking({ serviceId: 'svc-7' });
    const dialog = await openDialog();
    const notice = 'You are offline. Booking needs a connection: you can see the free times and book once you are back online.';
    expect(within(dialog).queryByText(notice)).not.toBeInTheDocument();
    await pickMondayMorning();
    await fillIn({ name: 'Amina Wanjiru', email: 'amina@example.com' });

    vi.spyOn(navigator, 'onLine', 'get').mockReturnValue(false);
    act(() => {
      window.dispatchEvent(new Event('offline'));
    });
    expect(within(dialog).getByText(notice)).toHaveAttribute('role', 'status');
    expect(dialog).toHaveAccessibleDescription(
      `Schedule an appointment or make an enquiry with our service provider ${notice}`,
    );
    await book();
    expect(await within(dialog).findByRole('alert')).toHaveTextContent(
      'You are offline. Your booking was not sent: please try again once you are back online.',
    );
    expect(field('Name')).toHaveValue('Amina Wanjiru');
  });

  it('on 409 asks for the times again, so the start just taken disappears', async () => {
    let taken: string[] = [];
    const adapter = mockApi({
      ...AS_TODAY,
      'GET /api/appointments/calendar': calendar(),
      'GET /api/appointments/availability': (request) => availability(taken)(request),
      'POST /api/appointments': () => {
        taken = ['9:30 AM'];
        return { status: 409, data: { message: 'This time slot is already booked. Please choose another.', code: 'slot_taken' } };
      },
    });
    renderBooking({ serviceId: 'svc-7' });
    await openDialog();
    await pickMondayMorning();
    await fillIn({ name: 'Amina Wanjiru', email: 'amina@example.com' });

    await book();

    expect(await within(screen.getByRole('dialog')).findByRole('alert')).toHaveTextContent(
      'This time slot is already booked. Please choose another.',
    );
    await waitFor(() => expect(availabilityCalls(adapter)).toHaveLength(2));
    await userEvent.click(screen.getByRole('button', { name: 'Change date or time' }));
    await waitFor(() => expect(screen.queryByRole('button', { name: '9:30 AM' })).not.toBeInTheDocument());
    expect(slot('10:00 AM')).toBeEnabled();
    expect(field('Name')).toHaveValue('Amina Wanjiru');
  });

  it('keeps what was entered when closed without booking', async () => {
    mockApi({ ...AS_TODAY, 'GET /api/appointments/calendar': calendar(), 'GET /api/appointments/availability': availability() });
    renderBooking({ serviceId: 'svc-7' });
    await openDialog();
    await pickMondayMorning();
    await fillIn({ name: 'Amina Wanjiru' });

    await userEvent.click(screen.getByRole('button', { name: 'Close' }));
    expect(screen.queryByRole('dialog')).not.toBeInTheDocument();

    await openDialog();
    expect(screen.getByRole('tab', { name: 'Your details' })).toBeEnabled();
    expect(field('Name')).toHaveValue('Amina Wanjiru');
    await userEvent.click(screen.getByRole('tab', { name: 'Your details' }));
    expect(screen.getByRole('tabpanel', { name: 'Your details' })).toHaveTextContent('Monday, November 23, 2026 at 9:30 AM');
  });

  it('closes when the visitor leaves the page, keeping what was entered', async () => {
    mockApi({ ...AS_TODAY, 'GET /api/appointments/calendar': calendar(), 'GET /api/appointments/availability': availability() });
    renderWithRouter(
      <>
        <BookingDialogHost />
        <BookingButton serviceId="svc-7">Open booking</BookingButton>
        <Link to="/all-services">Elsewhere</Link>
      </>,
      { route: '/service/svc-7' },
    );
    await openDialog();
    await pickMondayMorning();
    await fillIn({ name: 'Amina Wanjiru' });

    // What the phone's Back button does: the route changes under the dialog.
    await userEvent.click(screen.getByRole('link', { name: 'Elsewhere' }));

    expect(screen.queryByRole('dialog')).not.toBeInTheDocument();
    expect(currentUrl()).toBe('/all-services');
    await openDialog();
    expect(field('Name')).toHaveValue('Amina Wanjiru');
  });

  it("closes on the phone's Back button without leaving the page, keeping what was entered", async () => {
    mockApi({ ...AS_TODAY, 'GET /api/appointments/calendar': calendar(), 'GET /api/appointments/availability': availability() });
    renderWithRouter(
      <>
        <BookingDialogHost />
        <BookingButton serviceId="svc-7">Open booking</BookingButton>
        <BackButton />
      </>,
      { route: '/service/svc-7' },
    );
    await openDialog();
    await pickMondayMorning();
    await fillIn({ name: 'Amina Wanjiru' });

    await userEvent.click(screen.getByRole('button', { name: 'Back', hidden: true }));

    await waitFor(() => expect(screen.queryByRole('dialog')).not.toBeInTheDocument());
    expect(currentUrl()).toBe('/service/svc-7');
    await openDialog();
    expect(field('Name')).toHaveValue('Amina Wanjiru');
    expect(screen.getByRole('tab', { name: 'Your details' })).toBeEnabled();
  });

  it("books the service of the page it is on when opened without a service id", async () => {
    const adapter = mockApi({
      ...AS_TODAY,
      'GET /api/appointments/calendar': calendar(),
      'GET /api/appointments/availability': availability(),
      'POST /api/appointments': { status: 201, data: { ...appointment, serviceId: 'svc-9' } },
    });
    renderBooking({ route: '/service/svc-9' });
    await openDialog();

    expect(screen.queryByRole('searchbox')).not.toBeInTheDocument();
    await pickMondayMorning();
    await fillIn({ name: 'Amina Wanjiru', email: 'amina@example.com' });
    await book();

    await screen.findByRole('region', { name: 'Booking confirmed' });
    expect(sentBody(bookingCalls(adapter)[0]!)).toMatchObject({ serviceId: 'svc-9' });
  });

  it('asks which service first when opened where there is none, with a search', async () => {
    const adapter = mockApi({
      ...AS_TODAY,
      'GET /api/services': {
        status: 200,
        data: serviceDtos(8).map((dto) => ({ ...dto, media: [{ ...dto.media[0]!, small: `/media/${dto._id}/320.webp` }] })),
      },
      'GET /api/services/search': {
        status: 200,
        data: serviceDtos(2, 20, { category: 'hair', subcategory: 'braiding' }).map((dto, i) => ({
          ...dto,
          name: ['Knotless Braids by Achieng', 'Cornrows & Fulani Braids'][i]!,
        })),
      },
      'GET /api/appointments/calendar': calendar(),
      'GET /api/appointments/availability': availability(),
      'POST /api/appointments': { status: 201, data: { ...appointment, serviceId: 'svc-21' } },
    });
    renderBooking({ route: '/' });
    const dialog = await openDialog();

    expect(within(dialog).getByRole('heading', { name: 'Which service would you like to book?' })).toBeInTheDocument();
    const search = screen.getByRole('searchbox', { name: 'Search services' });
    expect(search).toHaveFocus();
    expect(await screen.findByRole('button', { name: /^Service 0/ })).toBeInTheDocument();
    expect(screen.getAllByRole('button', { name: /^Service \d/ })).toHaveLength(8);
    // A 56 px picture: the 320 px copy.
    expect(screen.getByRole('button', { name: /^Service 0/ }).querySelector('img')).toHaveAttribute(
      'src',
      '/media/svc-0/320.webp',
    );
    expect(adapter.mock.calls[0]![0].params).toEqual({ limit: 8 });

    await userEvent.type(search, 'braids');
    await userEvent.click(await screen.findByRole('button', { name: /^Cornrows & Fulani Braids/ }));
    const searches = adapter.mock.calls.map(([request]) => request).filter((r) => r.url === '/api/services/search');
    expect(searches.at(-1)!.params).toEqual({ query: 'braids', limit: 8 });

    expect(within(dialog).getByText('Cornrows & Fulani Braids')).toBeInTheDocument();
    expect(screen.getByRole('tab', { name: 'Appointment' })).toHaveFocus();
    await pickMondayMorning();
    await fillIn({ name: 'Amina Wanjiru', email: 'amina@example.com' });
    await book();
    await screen.findByRole('region', { name: 'Booking confirmed' });
    expect(sentBody(bookingCalls(adapter)[0]!)).toMatchObject({ serviceId: 'svc-21' });
  });

  it('lets the visitor choose another service they picked in the dialog', async () => {
    mockApi({
      ...AS_TODAY,
      'GET /api/services': { status: 200, data: serviceDtos(3) },
      'GET /api/appointments/calendar': calendar(),
      'GET /api/appointments/availability': availability(),
    });
    renderBooking({ route: '/' });
    const dialog = await openDialog();
    await userEvent.click(await screen.findByRole('button', { name: /^Service 1/ }));

    await userEvent.click(within(dialog).getByRole('button', { name: 'Change service' }));
    expect(screen.getByRole('searchbox', { name: 'Search services' })).toHaveFocus();
  });

  it('keeps the Tab key inside the dialog', async () => {
    mockApi({ ...AS_TODAY, 'GET /api/appointments/calendar': calendar(), 'GET /api/appointments/availability': availability() });
    renderBooking({ serviceId: 'svc-7' });
    const dialog = await openDialog();

    await userEvent.tab({ shift: true });
    const last = document.activeElement;
    expect(dialog).toContainElement(last as HTMLElement);
    await userEvent.tab();
    expect(screen.getByRole('button', { name: 'Close' })).toHaveFocus();
  });
});

describe('BookingDialog with a service menu and a team', { timeout: 20_000 }, () => {
  const MENU_AND_TEAM = listing('svc-7', { options: braidsMenu, team: sampleTeam });
  const services = () => screen.getByRole('group', { name: 'Choose your services' });
  const stylists = () => screen.getByRole('group', { name: 'Choose a stylist' });
  const service = (name: string) => within(services()).getByRole('checkbox', { name: new RegExp(`^${name}`) });
  const stylist = (name: string) => within(stylists()).getByRole('radio', { name });
  /** Opens the dialog, chooses `names` (in that order) and `member` if given, then Monday at 9:30 AM. */
  async function chooseMondayMorning(names: string[], member?: string) {
    renderBooking({ serviceId: 'svc-7' });
    await openDialog();
    for (const name of names) await userEvent.click(service(name));
    if (member) await userEvent.click(stylist(member));
    await pickMondayMorning();
  }
  const summary = () =>
    [...screen.getByRole('tabpanel', { name: 'Your details' }).querySelectorAll('.booking-enquiry__choices > div')].map((row) => [
      row.querySelector('dt')!.textContent,
      row.querySelector('dd')!.textContent,
    ]);

  it("offers the menu's services with their lengths and prices, and the free days only for those chosen, in that order", async () => {
    const adapter = mockApi({
      ...listing('svc-7', { options: braidsMenu }),
      'GET /api/appointments/calendar': calendar(),
      'GET /api/appointments/availability': availability(),
    });
    renderBooking({ serviceId: 'svc-7', serviceName: 'Knotless Braids by Achieng' });
    const dialog = await openDialog();

    expect(within(services()).getAllByRole('checkbox').map((box) => box.closest('label')!.textContent)).toEqual([
      'Wash and blow-dry 30 minutes Ksh 500',
      'Knotless shoulder length 3 hours Ksh 2,500',
      'Cornrows with a fringe 1 hour 30 minutes Ksh 1,200',
      'Knotless waist length 6 hours Ksh 6,000',
    ]);
    // None chosen: nothing to go on with, and no free days asked for.
    expect(within(services()).getByRole('status')).toHaveTextContent('Choose at least one service to see the free days and times.');
    expect(within(dialog).queryByRole('grid')).not.toBeInTheDocument();
    expect(screen.getByRole('tab', { name: 'Your details' })).toBeDisabled();
    expect(calendarCalls(adapter)).toHaveLength(0);
    // A provider without a team: no stylist step.
    expect(within(dialog).queryByRole('group', { name: 'Choose a stylist' })).not.toBeInTheDocument();

    await userEvent.click(service('Knotless shoulder length'));
    await userEvent.click(service('Wash and blow-dry'));
    expect(within(services()).getByRole('status')).toHaveTextContent('Total: Ksh 3,000 · 3 hours 30 minutes');
    await screen.findByRole('grid', { name: 'November 2026' });
    await waitFor(() => expect(calendarCalls(adapter).at(-1)!.params).toEqual({ serviceId: 'svc-7', month: '2026-11', optionIds: 'o-2,o-1' }));

    await pickMondayMorning();
    expect(availabilityCalls(adapter).map((request) => request.params as unknown)).toEqual([
      { serviceId: 'svc-7', date: '2026-11-23', optionIds: 'o-2,o-1' },
    ]);

    // Another service changes the length: the time chosen is dropped, the day asked for again.
    await userEvent.click(screen.getByRole('tab', { name: 'Appointment' }));
    await userEvent.click(service('Cornrows with a fringe'));
    expect(within(services()).getByRole('status')).toHaveTextContent('Total: Ksh 4,200 · 5 hours');
    expect(screen.getByRole('tab', { name: 'Your details' })).toBeDisabled();
    await waitFor(() =>
      expect(availabilityCalls(adapter).at(-1)!.params).toEqual({ serviceId: 'svc-7', date: '2026-11-23', optionIds: 'o-2,o-1,o-3' }),
    );

    // None left: the calendar goes until one is chosen again.
    for (const name of ['Knotless shoulder length', 'Wash and blow-dry', 'Cornrows with a fringe']) await userEvent.click(service(name));
    expect(within(dialog).queryByRole('grid')).not.toBeInTheDocument();
    expect(within(services()).getByRole('status')).toHaveTextContent('Choose at least one service to see the free days and times.');
  });

  it('with a team, offers anyone available (chosen at first) or a member, and asks for the chosen one\'s free days and times', async () => {
    const adapter = mockApi({
      ...listing('svc-7', { team: sampleTeam }),
      'GET /api/appointments/calendar': calendar(),
      'GET /api/appointments/availability': availability(),
    });
    renderBooking({ serviceId: 'svc-7' });
    await openDialog();

    expect(within(stylists()).getAllByRole('radio').map((radio) => radio.closest('label')!.textContent)).toEqual([
      'Anyone available',
      'Akinyi Otieno',
      'WWanjiku',
    ]);
    // Akinyi's photo, Wanjiku's initials (she has none).
    expect(stylist('Akinyi Otieno').closest('label')!.querySelector('img')).toHaveAttribute('src', '/media/team/01/akinyi-otieno-192.webp');
    expect(stylist('Anyone available')).toBeChecked();
    // A listing without a menu: no services to choose, the calendar at once.
    expect(screen.queryByRole('group', { name: 'Choose your services' })).not.toBeInTheDocument();
    await waitFor(() => expect(calendarCalls(adapter)).toHaveLength(1));
    expect(calendarCalls(adapter)[0]!.params).toEqual({ serviceId: 'svc-7', month: '2026-11' });

    await userEvent.click(stylist('Wanjiku'));
    expect(stylist('Wanjiku')).toBeChecked();
    await waitFor(() => expect(calendarCalls(adapter).at(-1)!.params).toEqual({ serviceId: 'svc-7', month: '2026-11', memberId: 'm-2' }));
    await pickMondayMorning();
    expect(availabilityCalls(adapter).at(-1)!.params).toEqual({ serviceId: 'svc-7', date: '2026-11-23', memberId: 'm-2' });

    // Another member may not be free then: the time is dropped.
    await userEvent.click(screen.getByRole('tab', { name: 'Appointment' }));
    await userEvent.click(stylist('Akinyi Otieno'));
    expect(screen.getByRole('tab', { name: 'Your details' })).toBeDisabled();
    await waitFor(() => expect(availabilityCalls(adapter).at(-1)!.params).toEqual({ serviceId: 'svc-7', date: '2026-11-23', memberId: 'm-1' }));
  });

  it('sends the services in the order chosen and the member, sums them up, and names them once booked', async () => {
    const adapter = mockApi({
      ...MENU_AND_TEAM,
      'GET /api/appointments/calendar': calendar(),
      'GET /api/appointments/availability': availability(),
      'POST /api/appointments': {
        status: 201,
        data: {
          ...appointment,
          member: { id: 'm-1', name: 'Akinyi Otieno' },
          options: [braidsMenu[2], braidsMenu[0]],
          totalKsh: 1700,
          durationMinutes: 120,
        },
      },
    });
    await chooseMondayMorning(['Cornrows with a fringe', 'Wash and blow-dry'], 'Akinyi Otieno');

    expect(summary()).toEqual([
      ['Services', 'Cornrows with a fringe, Wash and blow-dry'],
      ['Stylist', 'Akinyi Otieno'],
      ['Total', 'Ksh 1,700 · 2 hours'],
    ]);
    await fillIn({ name: 'Amina Wanjiru', email: 'amina@example.com' });
    await book();

    const end = await screen.findByRole('region', { name: 'Booking confirmed' });
    expect(sentBody(bookingCalls(adapter)[0]!)).toEqual({
      serviceId: 'svc-7',
      name: 'Amina Wanjiru',
      email: 'amina@example.com',
      phone: '',
      date: '2026-11-23',
      time: '9:30 AM',
      message: '',
      optionIds: ['o-3', 'o-1'],
      memberId: 'm-1',
    });
    expect(screen.getByText('Appointment booked successfully! Your stylist: Akinyi Otieno. Total: Ksh 1,700.')).toBeInTheDocument();
    expect(end).toHaveTextContent('Cornrows with a fringe, Wash and blow-dry');
    expect(end).toHaveTextContent('Akinyi Otieno');
    expect(end).toHaveTextContent('Ksh 1,700 · 2 hours');
  });

  it("sends '' for anyone available, and a request's end names the member assigned and the total instead of the price range", async () => {
    const adapter = mockApi({
      ...MENU_AND_TEAM,
      'GET /api/appointments/calendar': calendar(),
      'GET /api/appointments/availability': availability(),
      'POST /api/appointments': {
        status: 201,
        data: {
          ...appointment,
          status: 'requested',
          manageToken: 'tok.en',
          provider: NJERI,
          member: { id: 'm-2', name: 'Wanjiku' },
          options: [braidsMenu[1]],
          totalKsh: 2500,
          durationMinutes: 180,
        },
      },
    });
    await chooseMondayMorning(['Knotless shoulder length']);
    expect(summary()).toEqual([
      ['Services', 'Knotless shoulder length'],
      ['Stylist', 'Anyone available'],
      ['Total', 'Ksh 2,500 · 3 hours'],
    ]);
    await fillIn({ name: 'Amina Wanjiru', email: 'amina@example.com' });
    await book();

    const end = await screen.findByRole('region', { name: 'Request sent' });
    expect(sentBody(bookingCalls(adapter)[0]!)).toMatchObject({ optionIds: ['o-2'], memberId: '' });
    const details = [...end.querySelectorAll('dt')].map((term) => [term.textContent, term.nextElementSibling!.textContent]);
    expect(details).toEqual([
      ['Service', 'Glam Bridal Makeup'],
      ['When', 'Monday, November 23, 2026, 9:30 AM'],
      ['Where', 'Kilimani, Nairobi'],
      ['Directions', 'Upstairs above Naivas, blue door'],
      ['Provider', 'Njeri Mwangi'],
      ['Services', 'Knotless shoulder length'],
      ['Stylist', 'Wanjiku'],
      ['Total', 'Ksh 2,500 · 3 hours'],
    ]);
  });

  it('when the member chosen is not free after all (409 member_taken), offers anyone available at that time or another time', async () => {
    let taken = true;
    const adapter = mockApi({
      ...MENU_AND_TEAM,
      'GET /api/appointments/calendar': calendar(),
      'GET /api/appointments/availability': availability(),
      'POST /api/appointments': () =>
        taken
          ? {
              status: 409,
              data: {
                message: 'The person you chose is not free at that time. Please choose another time or anyone available.',
                code: 'member_taken',
              },
            }
          : { status: 201, data: { ...appointment, member: { id: 'm-1', name: 'Akinyi Otieno' } } },
    });
    await chooseMondayMorning(['Wash and blow-dry'], 'Wanjiku');
    await fillIn({ name: 'Amina Wanjiru', email: 'amina@example.com' });
    await book();

    const dialog = screen.getByRole('dialog');
    expect(await within(dialog).findByRole('alert')).toHaveTextContent(
      'The person you chose is not free at that time. Please choose another time or anyone available.',
    );
    // Her times are asked for again, for when the visitor picks another.
    await waitFor(() => expect(availabilityCalls(adapter)).toHaveLength(2));
    expect(within(dialog).getByRole('button', { name: 'Choose another time' })).toBeEnabled();

    await userEvent.click(within(dialog).getByRole('button', { name: 'Switch to anyone available' }));
    expect(summary()).toContainEqual(['Stylist', 'Anyone available']);
    expect(within(dialog).queryByRole('alert')).not.toBeInTheDocument();
    expect(screen.getByRole('button', { name: 'Book Appointment' })).toHaveFocus();
    expect(screen.getByRole('tabpanel', { name: 'Your details' })).toHaveTextContent('Monday, November 23, 2026 at 9:30 AM');

    taken = false;
    await book();
    await screen.findByRole('region', { name: 'Booking confirmed' });
    const [first, second] = bookingCalls(adapter);
    expect(sentBody(first!)).toMatchObject({ optionIds: ['o-1'], memberId: 'm-2', time: '9:30 AM' });
    expect(sentBody(second!)).toMatchObject({ optionIds: ['o-1'], memberId: '', time: '9:30 AM' });
    expect(screen.getByText('Appointment booked successfully! Your stylist: Akinyi Otieno.')).toBeInTheDocument();
  });

  it('after 409 member_taken, "Choose another time" goes back to the times of the member chosen', async () => {
    const adapter = mockApi({
      ...MENU_AND_TEAM,
      'GET /api/appointments/calendar': calendar(),
      'GET /api/appointments/availability': availability(),
      'POST /api/appointments': { status: 409, data: { message: 'The person you chose is not free at that time.', code: 'member_taken' } },
    });
    await chooseMondayMorning(['Wash and blow-dry'], 'Wanjiku');
    await fillIn({ name: 'Amina Wanjiru', email: 'amina@example.com' });
    await book();

    await userEvent.click(await screen.findByRole('button', { name: 'Choose another time' }));
    expect(screen.getByRole('tab', { name: 'Appointment' })).toHaveAttribute('aria-selected', 'true');
    expect(stylist('Wanjiku')).toBeChecked();
    await waitFor(() => expect(availabilityCalls(adapter).at(-1)!.params).toMatchObject({ memberId: 'm-2' }));
  });

  it('keeps the services and the member chosen when closed without booking', async () => {
    mockApi({ ...MENU_AND_TEAM, 'GET /api/appointments/calendar': calendar(), 'GET /api/appointments/availability': availability() });
    await chooseMondayMorning(['Knotless waist length', 'Wash and blow-dry'], 'Wanjiku');
    await userEvent.click(screen.getByRole('button', { name: 'Close' }));

    await openDialog();
    expect(service('Knotless waist length')).toBeChecked();
    expect(service('Wash and blow-dry')).toBeChecked();
    expect(service('Cornrows with a fringe')).not.toBeChecked();
    expect(stylist('Wanjiku')).toBeChecked();
    await userEvent.click(screen.getByRole('tab', { name: 'Your details' }));
    expect(summary()).toEqual([
      ['Services', 'Knotless waist length, Wash and blow-dry'],
      ['Stylist', 'Wanjiku'],
      ['Total', 'Ksh 6,500 · 6 hours 30 minutes'],
    ]);
  });

  it("says when the listing's services and team could not be loaded, and tries again", async () => {
    let fail = true;
    mockApi({
      ...MENU_AND_TEAM,
      'GET /api/service/svc-7/team': (request) => (fail ? networkError(request) : { status: 200, data: sampleTeam }),
      'GET /api/appointments/calendar': calendar(),
      'GET /api/appointments/availability': availability(),
    });
    renderBooking({ serviceId: 'svc-7' });
    const dialog = await openDialog();

    const alert = await within(dialog).findByRole('alert');
    expect(alert).toHaveTextContent('Could not load the services of this listing. Please try again.');
    expect(within(dialog).queryByRole('grid')).not.toBeInTheDocument();
    fail = false;
    await userEvent.click(within(alert).getByRole('button', { name: 'Try Again' }));
    expect(await screen.findByRole('group', { name: 'Choose a stylist' })).toBeInTheDocument();
    expect(services()).toBeInTheDocument();
  });

  it('when a service chosen has left the menu (400 errors.optionIds), says so and asks for the menu again', async () => {
    let menu = braidsMenu;
    const adapter = mockApi({
      'GET /api/service/svc-7': () => ({ status: 200, data: serviceDto(7, { _id: 'svc-7', options: menu }) }),
      'GET /api/service/svc-7/team': { status: 200, data: [] },
      'GET /api/appointments/calendar': calendar(),
      'GET /api/appointments/availability': availability(),
      'POST /api/appointments': () => {
        menu = braidsMenu.filter((option) => option.id !== 'o-2');
        return {
          status: 400,
          data: {
            message: "Please choose services from this provider's menu",
            code: 'validation',
            errors: { optionIds: "Please choose services from this provider's menu" },
          },
        };
      },
    });
    // Opened from the listing's page, which had the menu: the dialog does not ask for it.
    renderBooking({ serviceId: 'svc-7', opening: { listing: { options: braidsMenu, team: [] } } });
    await openDialog();
    const listingCalls = () => adapter.mock.calls.filter(([request]) => request.url === '/api/service/svc-7');
    expect(listingCalls()).toHaveLength(0);
    await userEvent.click(service('Knotless shoulder length'));
    await userEvent.click(service('Wash and blow-dry'));
    await pickMondayMorning();
    await fillIn({ name: 'Amina Wanjiru', email: 'amina@example.com' });
    await book();

    expect(await within(screen.getByRole('dialog')).findByRole('alert')).toHaveTextContent(
      "Please choose services from this provider's menu",
    );
    await waitFor(() => expect(listingCalls()).toHaveLength(1));
    await userEvent.click(screen.getByRole('tab', { name: 'Appointment' }));
    await waitFor(() => expect(within(services()).queryByRole('checkbox', { name: /^Knotless shoulder length/ })).not.toBeInTheDocument());
    expect(service('Wash and blow-dry')).toBeChecked();
    expect(within(services()).getByRole('status')).toHaveTextContent('Total: Ksh 500 · 30 minutes');
  });

  it("says why no time is offered when the server refuses the services chosen (too long for one day)", async () => {
    mockApi({
      ...listing('svc-7', { options: braidsMenu }),
      'GET /api/appointments/calendar': calendar(),
      'GET /api/appointments/availability': {
        status: 400,
        data: {
          message: 'These services take longer than a working day. Please book fewer at once.',
          code: 'validation',
          errors: { optionIds: 'These services take longer than a working day. Please book fewer at once.' },
        },
      },
    });
    renderBooking({ serviceId: 'svc-7' });
    await openDialog();
    await userEvent.click(service('Knotless waist length'));
    await userEvent.click(await screen.findByRole('button', { name: 'Monday, November 23, 2026' }));
    expect(await screen.findByText('These services take longer than a working day. Please book fewer at once.')).toBeInTheDocument();
  });
});
