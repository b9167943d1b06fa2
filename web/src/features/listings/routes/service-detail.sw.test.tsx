// A listing's page in the Kiswahili build: its service menu with the lengths in Kiswahili
// and the prices as the app writes them in both languages ('Ksh 2,500'), its team, and the booking
// dialog's steps for both. Unlike the other *.sw tests,
// t() here gives the build's translations (src/i18n/sw/*.json and the API's proto/i18n/sw.json, read
// as the build reads them), so the page's own words are checked in Kiswahili too.
import { screen, within } from '@testing-library/react';
import userEvent from '@testing-library/user-event';
import { describe, expect, it, vi } from 'vitest';
import { BookingDialogHost } from '@/app/booking-dialog-host';
import { braidsMenu, serviceDto } from '@/components/listings/fixtures';
import { ToastProvider } from '@/components/ui/toast';
import { sampleTeam } from '@/testing/fixtures';
import { mockApi } from '@/testing/mock-api';
import type { TeamMember } from '@/types/api';
import { renderRoute } from '../test-utils';
import ServiceDetailRoute from './service-detail';

vi.mock('@/lib/i18n', async (importOriginal) => {
  const actual = await importOriginal<typeof import('@/lib/i18n')>();
  const path = await import('node:path');
  const { apiTexts, loadDictionary } = await import('@/i18n/keys');
  // Vitest runs in web/.
  const sw = loadDictionary(path.join(process.cwd(), 'src', 'i18n', 'sw'), [
    apiTexts(path.join(process.cwd(), '..', 'proto', 'i18n'), 'sw'),
  ]);
  return {
    ...actual,
    language: 'sw',
    locale: 'sw-KE',
    t: (text: string, values?: Record<string, string | number>) => {
      const translated = sw.get(text);
      // As the build: a text without its Kiswahili fails.
      if (translated === undefined) throw new Error(`no Kiswahili for "${text}"`);
      return actual.t(translated, values);
    },
  };
});

const braids = serviceDto(4, { _id: 'svc-4', name: 'Knotless Braids by Achieng', minPrice: 500, maxPrice: 6000, options: braidsMenu });

function openBraids(data = braids, team: TeamMember[] = []) {
  mockApi({
    'GET /api/service/svc-4/team': { status: 200, data: team },
    'GET /api/appointments/calendar': { status: 200, data: { month: '', days: [], nextOpenDate: null } },
    'GET /api/service/svc-4': { status: 200, data },
    'GET /api/service/svc-4/reviews': {
      status: 200,
      data: { reviews: [], total: 0, rating: { average: null, count: 0 }, distribution: [0, 0, 0, 0, 0] },
    },
    'GET /api/service/svc-4/provider': { status: 200, data: { id: 'seller-1', name: 'Achieng Otieno', hours: {}, daysOff: [] } },
  });
  renderRoute(
    <ToastProvider>
      <ServiceDetailRoute />
      <BookingDialogHost />
    </ToastProvider>,
    { path: '/service/:id', url: '/service/svc-4' },
  );
}

describe('the service page in Kiswahili', () => {
  it('lists the service menu with each length in Kiswahili and each price in Ksh', async () => {
    openBraids();
    const menu = await screen.findByRole('region', { name: 'Menyu ya huduma' });
    expect(within(menu).getByRole('heading', { level: 2 })).toHaveTextContent('Menyu ya huduma');
    expect(within(menu).getAllByRole('listitem').map((item) => item.textContent)).toEqual([
      'Wash and blow-dry Dakika 30 Ksh 500',
      'Knotless shoulder length Saa 3 Ksh 2,500',
      'Cornrows with a fringe Saa 1 na dakika 30 Ksh 1,200',
      'Knotless waist length Saa 6 Ksh 6,000',
    ]);
    expect(menu.textContent).not.toMatch(/hours?|minutes/);
    expect(screen.getByText('Ksh 500 - Ksh 6,000')).toHaveTextContent('Kiwango cha bei: Ksh 500 - Ksh 6,000');
  });

  it('has no menu for a listing priced as one service', async () => {
    openBraids({ ...braids, options: [] });
    await screen.findByRole('heading', { level: 1, name: 'Knotless Braids by Achieng' });
    expect(screen.queryByRole('region', { name: 'Menyu ya huduma' })).not.toBeInTheDocument();
  });

  it("shows the team under 'Chagua mhudumu', and the dialog's services and stylist steps in Kiswahili", async () => {
    openBraids(braids, sampleTeam);
    const team = await screen.findByRole('region', { name: 'Chagua mhudumu' });
    expect(within(team).getAllByRole('button').map((choice) => choice.textContent)).toEqual([
      'Yeyote aliye huru',
      'Akinyi Otieno',
      'WWanjiku',
    ]);

    await userEvent.click(within(team).getByRole('button', { name: 'Wanjiku' }));
    const dialog = await screen.findByRole('dialog', { name: 'Weka Miadi' }, { timeout: 5000 });
    const services = within(dialog).getByRole('group', { name: 'Chagua huduma zako' });
    expect(within(services).getByRole('status')).toHaveTextContent('Chagua angalau huduma moja uone siku na saa zilizo wazi.');
    await userEvent.click(within(services).getByRole('checkbox', { name: /^Knotless shoulder length/ }));
    await userEvent.click(within(services).getByRole('checkbox', { name: /^Wash and blow-dry/ }));
    expect(within(services).getByRole('status')).toHaveTextContent('Jumla: Ksh 3,000 · Saa 3 na dakika 30');
    const stylists = within(dialog).getByRole('group', { name: 'Chagua mhudumu' });
    expect(within(stylists).getByRole('radio', { name: 'Wanjiku' })).toBeChecked();
    expect(within(stylists).getByRole('radio', { name: 'Yeyote aliye huru' })).not.toBeChecked();
    expect(dialog.textContent).not.toMatch(/hours?|minutes|Anyone|Choose/);
  });
});
