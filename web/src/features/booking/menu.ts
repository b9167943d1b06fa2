// A booking's services from the listing's menu and its team member: which were chosen,
// what they come to together (their prices added, their lengths one after the other), and the rows
// that the dialog's summary, its end and the customer's change page show of them.
import { formatKsh } from '@/lib/format';
import { t } from '@/lib/i18n';
import { lengthLabel } from '@/lib/lengths';
import type { Appointment } from '@/types/api';

interface MenuService {
  id: string;
  name: string;
  priceKsh: number;
  durationMinutes: number;
}

/** The services of `menu` named by `ids`, in the order of `ids`; an id no longer on the menu is left out. */
export function chosenServices<Service extends MenuService>(menu: readonly Service[], ids: readonly string[]): Service[] {
  return ids.flatMap((id) => menu.filter((service) => service.id === id));
}

/** What the services come to: every price, and every length one after the other. */
export function totalOf(services: readonly MenuService[]): { priceKsh: number; durationMinutes: number } {
  return services.reduce(
    (total, service) => ({
      priceKsh: total.priceKsh + service.priceKsh,
      durationMinutes: total.durationMinutes + service.durationMinutes,
    }),
    { priceKsh: 0, durationMinutes: 0 },
  );
}

/** 'Ksh 4,500 · 2 hours 30 minutes' (the price alone when the length is not known). */
export function priceAndLength(priceKsh: number, minutes: number): string {
  const length = lengthLabel(minutes);
  return length ? `${formatKsh(priceKsh)} · ${length}` : formatKsh(priceKsh);
}

export interface SummaryRow {
  label: string;
  value: string;
}

interface Chosen {
  services: readonly { name: string }[];
  /** Who serves it ('Anyone available' before booking); null: no row (a provider without a team). */
  member: string | null;
  /** What it comes to; null: no row (a listing booked as one service). */
  total: { priceKsh: number; durationMinutes: number } | null;
}

/** The rows of a booking's summary for its services, member and total; none as one service, no team. */
export function summaryRows({ services, member, total }: Chosen): SummaryRow[] {
  const rows: SummaryRow[] = [];
  if (services.length > 0) rows.push({ label: t('Services'), value: services.map((service) => service.name).join(', ') });
  if (member !== null) rows.push({ label: t('Stylist'), value: member });
  if (total) rows.push({ label: t('Total'), value: priceAndLength(total.priceKsh, total.durationMinutes) });
  return rows;
}

/** The rows of a booking as the API answered it: its menu services, the member assigned, the total. */
export function appointmentRows(appointment: Pick<Appointment, 'options' | 'member' | 'totalKsh' | 'durationMinutes'>): SummaryRow[] {
  return summaryRows({
    services: appointment.options,
    member: appointment.member?.name ?? null,
    total: appointment.totalKsh == null ? null : { priceKsh: appointment.totalKsh, durationMinutes: appointment.durationMinutes },
  });
}
