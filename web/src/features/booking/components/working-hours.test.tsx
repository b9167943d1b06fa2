import { screen, waitFor, within } from '@testing-library/react';
import userEvent from '@testing-library/user-event';
import { describe, expect, it, vi } from 'vitest';
import { mockApi, sentBody } from '@/testing/mock-api';
import { renderWithRouter } from '@/testing/test-utils';
import type { WorkingHours as Hours } from '@/types/api';
import { WorkingHours } from './working-hours';

const day: [string, string][] = [['08:00', '18:00']];
const plan: Hours = {
  weekly: { mon: day, tue: day, wed: day, thu: day, fri: day, sat: day, sun: [] },
  daysOff: [],
  minNoticeMinutes: 60,
  horizonDays: 60,
  capacity: 1,
  changeNoticeMinutes: 120,
  instantBooking: true,
};

const section = () => within(screen.getByRole('region', { name: 'Working hours' }));
const dayGroup = (name: string) => within(screen.getByRole('group', { name }));

describe('WorkingHours', () => {
  it('shows the plan and saves Tuesday 10:00–14:00 only, with the rules', async () => {
    const adapter = mockApi({
      'GET /api/account/hours': { status: 200, data: plan },
      'PUT /api/account/hours': (request) => ({ status: 200, data: JSON.parse(String(request.data)) as Hours }),
    });
    renderWithRouter(<WorkingHours />);

    expect(await section().findByRole('checkbox', { name: 'Monday' })).toBeChecked();
    expect(section().getByRole('checkbox', { name: 'Sunday' })).not.toBeChecked();
    expect(dayGroup('Sunday').getByText('Closed')).toBeInTheDocument();
    expect(dayGroup('Monday').getByRole('combobox', { name: 'Monday from' })).toHaveValue('08:00');

    for (const name of ['Monday', 'Wednesday', 'Thursday', 'Friday', 'Saturday']) {
      await userEvent.click(section().getByRole('checkbox', { name }));
    }
    await userEvent.selectOptions(dayGroup('Tuesday').getByRole('combobox', { name: 'Tuesday from' }), '10:00');
    await userEvent.selectOptions(dayGroup('Tuesday').getByRole('combobox', { name: 'Tuesday to' }), '14:00');
    await userEvent.selectOptions(section().getByLabelText('Minimum notice'), '120');
    await userEvent.selectOptions(section().getByLabelText('Customers at once'), '3');
    // Instant booking, switched off: the sentence under the switch says what that means.
    const instant = section().getByRole('switch', { name: 'Confirm bookings at once' });
    expect(instant).toBeChecked();
    expect(instant).toHaveAccessibleDescription(/confirmed at once/);
    await userEvent.click(instant);
    expect(instant).toHaveAccessibleDescription(/Each booking is a request: you confirm or decline it here/);
    await userEvent.click(section().getByRole('button', { name: 'Save working hours' }));

    expect(await screen.findByText('Working hours saved.')).toBeInTheDocument();
    const put = adapter.mock.calls.map(([r]) => r).find((r) => r.method === 'put');
    expect(sentBody(put!)).toEqual({
      ...plan,
      weekly: { mon: [], tue: [['10:00', '14:00']], wed: [], thu: [], fri: [], sat: [], sun: [] },
      minNoticeMinutes: 120,
      capacity: 3,
      instantBooking: false,
    });
  });

  it('adds a second interval and a day off, and removes them', async () => {
    const adapter = mockApi({
      'GET /api/account/hours': { status: 200, data: plan },
      'PUT /api/account/hours': (request) => ({ status: 200, data: JSON.parse(String(request.data)) as Hours }),
    });
    renderWithRouter(<WorkingHours />);
    await section().findByRole('checkbox', { name: 'Monday' });

    await userEvent.selectOptions(dayGroup('Monday').getByRole('combobox', { name: 'Monday to' }), '13:00');
    await userEvent.click(dayGroup('Monday').getByRole('button', { name: 'Add hours' }));
    expect(dayGroup('Monday').getAllByRole('combobox', { name: 'Monday from' })).toHaveLength(2);
    expect(dayGroup('Monday').getAllByRole('combobox', { name: 'Monday from' })[1]).toHaveValue('13:30');

    const date = section().getByLabelText('Date');
    await userEvent.type(date, '2026-12-25');
    await userEvent.click(section().getByRole('button', { name: 'Add day off' }));
    expect(section().getByText('Friday, December 25, 2026')).toBeInTheDocument();
    await userEvent.click(section().getByRole('button', { name: 'Save working hours' }));
    await screen.findByText('Working hours saved.');
    const put = adapter.mock.calls.map(([r]) => r).find((r) => r.method === 'put');
    expect(sentBody(put!)).toMatchObject({ weekly: { mon: [['08:00', '13:00'], ['13:30', '14:30']] }, daysOff: ['2026-12-25'] });

    await userEvent.click(section().getByRole('button', { name: 'Remove day off Friday, December 25, 2026' }));
    expect(section().getByText('No days off.')).toBeInTheDocument();
    await userEvent.click(dayGroup('Monday').getByRole('button', { name: 'Remove Monday 1:30 PM–2:30 PM' }));
    expect(dayGroup('Monday').getAllByRole('combobox', { name: 'Monday from' })).toHaveLength(1);
  });

  it("shows the server's message per field and focuses the first", async () => {
    mockApi({
      'GET /api/account/hours': { status: 200, data: plan },
      'PUT /api/account/hours': {
        status: 400,
        data: {
          message: 'Intervals of a day must not overlap', code: 'validation',
          errors: { 'weekly.mon': 'Intervals of a day must not overlap' },
        },
      },
    });
    renderWithRouter(<WorkingHours />);
    await section().findByRole('checkbox', { name: 'Monday' });
    await userEvent.click(section().getByRole('button', { name: 'Save working hours' }));

    expect(await dayGroup('Monday').findByText('Intervals of a day must not overlap')).toBeInTheDocument();
    expect(section().getByRole('alert')).toHaveTextContent('Intervals of a day must not overlap');
    await waitFor(() => expect(dayGroup('Monday').getByRole('combobox', { name: 'Monday from' })).toHaveFocus());
  });

  it('says under the customers at once that a team replaces them', async () => {
    mockApi({ 'GET /api/account/hours': { status: 200, data: plan } });
    const { unmount } = renderWithRouter(<WorkingHours />);
    const alone = await section().findByLabelText('Customers at once');
    expect(alone).toHaveAccessibleDescription('Chairs or staff: how many bookings may overlap.');
    unmount();

    renderWithRouter(<WorkingHours hasTeam />);
    expect(await section().findByLabelText('Customers at once')).toHaveAccessibleDescription(
      'Chairs or staff: how many bookings may overlap. You have a team: each active member serves one customer at a time, so this number no longer applies.',
    );
  });

  it('offers to try again when the plan cannot be loaded', async () => {
    vi.spyOn(console, 'error').mockImplementation(() => {});
    let fail = true;
    mockApi({ 'GET /api/account/hours': () => (fail ? { status: 503, data: { message: 'Down', code: 'unavailable' } } : { status: 200, data: plan }) });
    renderWithRouter(<WorkingHours />);
    const alert = await section().findByRole('alert');
    expect(alert).toHaveTextContent('Failed to load your working hours. Please try again.');
    fail = false;
    await userEvent.click(within(alert).getByRole('button', { name: 'Try Again' }));
    expect(await section().findByRole('checkbox', { name: 'Monday' })).toBeChecked();
  });
});
