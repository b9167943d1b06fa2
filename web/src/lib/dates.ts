// Calendar dates as 'YYYY-MM-DD' strings: today in Nairobi, day and month arithmetic, and the long
// form the booking screens show (SPEC §2: weekday, month, day, year).
// A calendar date has no time zone; the arithmetic runs on UTC noon, which no device setting moves.
import { locale, t } from '@/lib/i18n';

export const NAIROBI_TIME_ZONE = 'Africa/Nairobi';

const nairobiClock = new Intl.DateTimeFormat('en-GB', {
  timeZone: NAIROBI_TIME_ZONE,
  year: 'numeric',
  month: '2-digit',
  day: '2-digit',
  hour: '2-digit',
  minute: '2-digit',
  hourCycle: 'h23',
});

/** The date and the minutes since midnight in Nairobi at `now`, whatever the device's time zone. */
export function nairobiNow(now: Date = new Date()): { date: string; minutes: number } {
  const part = Object.fromEntries(nairobiClock.formatToParts(now).map(({ type, value }) => [type, value]));
  return {
    date: `${part.year}-${part.month}-${part.day}`,
    minutes: Number(part.hour) * 60 + Number(part.minute),
  };
}

function toUtcNoon(date: string): Date {
  const [year = 1970, month = 1, day = 1] = date.split('-').map(Number);
  return new Date(Date.UTC(year, month - 1, day, 12));
}

function fromUtc(value: Date): string {
  return value.toISOString().slice(0, 10);
}

export function addDays(date: string, days: number): string {
  const value = toUtcNoon(date);
  value.setUTCDate(value.getUTCDate() + days);
  return fromUtc(value);
}

/** The same day `months` later, or the month's last day when it is shorter (Jan 31 + 1 -> Feb 28). */
export function addMonths(date: string, months: number): string {
  const value = toUtcNoon(date);
  const day = value.getUTCDate();
  value.setUTCDate(1);
  value.setUTCMonth(value.getUTCMonth() + months);
  value.setUTCDate(Math.min(day, daysInMonth(fromUtc(value))));
  return fromUtc(value);
}

export function startOfMonth(date: string): string {
  return `${date.slice(0, 7)}-01`;
}

export function daysInMonth(date: string): number {
  const value = toUtcNoon(startOfMonth(date));
  return new Date(Date.UTC(value.getUTCFullYear(), value.getUTCMonth() + 1, 0)).getUTCDate();
}

/** 0 for Sunday … 6 for Saturday. */
export function weekday(date: string): number {
  return toUtcNoon(date).getUTCDay();
}

// Names of weekdays and months in the build's language; the order of the parts is the translation's.
const longDate = new Intl.DateTimeFormat(locale, {
  weekday: 'long',
  month: 'long',
  day: 'numeric',
  year: 'numeric',
  timeZone: 'UTC',
});

/**
 * '2026-11-21' -> 'Saturday, November 21, 2026' ('Jumamosi, 21 Novemba 2026'). Built from parts,
 * because ICU versions punctuate the whole differently.
 */
export function formatLongDate(date: string): string {
  const day = toUtcNoon(date);
  // Not a date (a link's answer gone wrong): shown as it came rather than failing the page.
  if (Number.isNaN(day.getTime())) return date;
  const part = Object.fromEntries(longDate.formatToParts(day).map(({ type, value }) => [type, value]));
  return t('{weekday}, {month} {day}, {year}', {
    weekday: part.weekday ?? '',
    month: part.month ?? '',
    day: part.day ?? '',
    year: part.year ?? '',
  });
}

const monthYear = new Intl.DateTimeFormat(locale, { month: 'long', year: 'numeric', timeZone: 'UTC' });

/** '2026-11-21' -> 'November 2026'. */
export function formatMonth(date: string): string {
  const part = Object.fromEntries(monthYear.formatToParts(toUtcNoon(date)).map(({ type, value }) => [type, value]));
  return `${part.month} ${part.year}`;
}
