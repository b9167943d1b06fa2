import { afterEach, describe, expect, it, vi } from 'vitest';
import { addDays, addMonths, daysInMonth, formatLongDate, formatMonth, nairobiNow, startOfMonth, weekday } from '@/lib/dates';

describe('nairobiNow', () => {
  afterEach(() => {
    vi.unstubAllEnvs();
  });

  it('gives the date and the minutes in Nairobi (UTC+3), not in the UTC day', () => {
    expect(nairobiNow(new Date('2026-11-20T20:59:00Z'))).toEqual({ date: '2026-11-20', minutes: 23 * 60 + 59 });
    expect(nairobiNow(new Date('2026-11-20T21:00:00Z'))).toEqual({ date: '2026-11-21', minutes: 0 });
    expect(nairobiNow(new Date('2026-11-21T07:05:00Z'))).toEqual({ date: '2026-11-21', minutes: 10 * 60 + 5 });
  });

  it("does not depend on the device's time zone", () => {
    vi.stubEnv('TZ', 'America/Los_Angeles');
    expect(new Date('2026-11-21T01:30:00Z').getDate()).toBe(20);
    expect(nairobiNow(new Date('2026-11-21T01:30:00Z'))).toEqual({ date: '2026-11-21', minutes: 4 * 60 + 30 });
  });
});

describe('calendar arithmetic', () => {
  it('adds days across months and years', () => {
    expect(addDays('2026-11-30', 1)).toBe('2026-12-01');
    expect(addDays('2026-12-31', 1)).toBe('2027-01-01');
    expect(addDays('2026-03-01', -1)).toBe('2026-02-28');
    expect(addDays('2028-03-01', -1)).toBe('2028-02-29');
  });

  it('adds months, keeping the day or taking the last of a shorter month', () => {
    expect(addMonths('2026-11-21', 1)).toBe('2026-12-21');
    expect(addMonths('2027-01-31', 1)).toBe('2027-02-28');
    expect(addMonths('2026-11-21', -12)).toBe('2025-11-21');
  });

  it('knows the months', () => {
    expect(startOfMonth('2026-11-21')).toBe('2026-11-01');
    expect(daysInMonth('2026-11-21')).toBe(30);
    expect(daysInMonth('2028-02-10')).toBe(29);
    expect(weekday('2026-11-21')).toBe(6);
    expect(weekday('2026-11-22')).toBe(0);
  });
});

describe('formatLongDate', () => {
  it('shows weekday, month, day and year (SPEC §2)', () => {
    expect(formatLongDate('2026-11-21')).toBe('Saturday, November 21, 2026');
    expect(formatLongDate('2027-01-05')).toBe('Tuesday, January 5, 2027');
  });

  it('gives back what is not a date as it came, rather than throwing', () => {
    expect(formatLongDate('soon')).toBe('soon');
  });

  it('is the same day whatever the device time zone', () => {
    vi.stubEnv('TZ', 'Pacific/Kiritimati');
    expect(formatLongDate('2026-11-21')).toBe('Saturday, November 21, 2026');
    vi.stubEnv('TZ', 'Pacific/Pago_Pago');
    expect(formatLongDate('2026-11-21')).toBe('Saturday, November 21, 2026');
    vi.unstubAllEnvs();
  });

  it('names the month of a date', () => {
    expect(formatMonth('2026-11-21')).toBe('November 2026');
  });
});
