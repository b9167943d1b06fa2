import { describe, expect, it } from 'vitest';
import { TIME_SLOTS } from '@/features/booking/slots';
import {
  clockMinutes,
  formatKsh,
  formatNairobiDate,
  formatPriceRange,
  formatReviewMonth,
  formatTime,
  formatTimeRange,
  humanizeSlug,
} from './format';

describe('formatKsh', () => {
  it('labels whole shillings with Ksh and thousands separators', () => {
    expect(formatKsh(1500)).toBe('Ksh 1,500');
    expect(formatKsh(100)).toBe('Ksh 100');
    expect(formatKsh(1234567)).toBe('Ksh 1,234,567');
  });
});

describe('formatPriceRange', () => {
  it('shows both ends of the range', () => {
    expect(formatPriceRange(1500, 4500)).toBe('Ksh 1,500 - Ksh 4,500');
    expect(formatPriceRange(800, 12000)).toBe('Ksh 800 - Ksh 12,000');
  });

  it('shows one price when both ends are equal', () => {
    expect(formatPriceRange(2500, 2500)).toBe('Ksh 2,500');
  });
});

describe('formatNairobiDate', () => {
  it('shows the day in Nairobi as weekday, day, month and year', () => {
    expect(formatNairobiDate('2026-12-19T09:00:00Z')).toBe('Sat, 19 Dec 2026');
    expect(formatNairobiDate(new Date(Date.UTC(2027, 0, 4, 12)))).toBe('Mon, 4 Jan 2027');
  });

  it('uses Kenyan time (UTC+3), not the device time zone', () => {
    // 22:30 UTC on Friday is already Saturday in Nairobi.
    expect(formatNairobiDate('2026-12-18T22:30:00Z')).toBe('Sat, 19 Dec 2026');
    expect(formatNairobiDate('2026-12-18T20:59:59Z')).toBe('Fri, 18 Dec 2026');
  });

  it('gives an empty text for an invalid date', () => {
    expect(formatNairobiDate('not a date')).toBe('');
  });
});

describe('humanizeSlug', () => {
  it('turns dashes into spaces and capitalises the first letter only', () => {
    expect(humanizeSlug('ladies-haircut')).toBe('Ladies haircut');
    expect(humanizeSlug('braiding')).toBe('Braiding');
    expect(humanizeSlug('eyebrows--lashes-')).toBe('Eyebrows lashes');
    expect(humanizeSlug('')).toBe('');
  });
});

// Kiswahili's times are in format.sw.test.ts.
describe('formatTime in English', () => {
  it("keeps every slot label of the API letter for letter (SPEC §9's 12-hour clock)", () => {
    for (const { time } of TIME_SLOTS) expect(formatTime(time)).toBe(time);
    expect(TIME_SLOTS.map((slot) => slot.time)).toContain('6:30 PM');
  });

  it('writes working hours (HH:MM) on the same 12-hour clock as the slots', () => {
    expect(formatTime('08:00')).toBe('8:00 AM');
    expect(formatTime('12:00')).toBe('12:00 PM');
    expect(formatTime('18:30')).toBe('6:30 PM');
    expect(formatTime('00:30')).toBe('12:30 AM');
    expect(formatTimeRange('08:00', '13:00')).toBe('8:00 AM – 1:00 PM');
    expect(formatTimeRange('9:30 AM', '10:30 AM')).toBe('9:30 AM – 10:30 AM');
    expect(formatTimeRange('9:30 AM', null)).toBe('9:30 AM');
  });

  it('shows anything that is not a time as it is', () => {
    expect(formatTime('soon')).toBe('soon');
    expect(formatTime('13:00 PM')).toBe('13:00 PM');
    expect(formatTime('25:00')).toBe('25:00');
  });

  it('reads minutes after midnight from both forms', () => {
    expect(clockMinutes('12:00 AM')).toBe(0);
    expect(clockMinutes('12:30 PM')).toBe(750);
    expect(clockMinutes('6:30 pm')).toBe(1110);
    expect(clockMinutes('18:30')).toBe(1110);
    expect(clockMinutes('7:60 AM')).toBeNaN();
  });
});

describe('formatReviewMonth in English', () => {
  it("keeps the API's month as it is", () => {
    expect(formatReviewMonth('November 2026')).toBe('November 2026');
  });
});
