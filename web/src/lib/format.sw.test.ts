// The formats of the Kiswahili build: the 24-hour clock, Kiswahili months and weekdays.
import { describe, expect, it, vi } from 'vitest';
import { TIME_SLOTS } from '@/features/booking/slots';
import { formatNairobiDate, formatReviewMonth, formatTime, formatTimeRange } from './format';

vi.mock('./i18n', async (importOriginal) => ({
  ...(await importOriginal<typeof import('./i18n')>()),
  language: 'sw',
  locale: 'sw-KE',
}));

describe('formatTime in Kiswahili', () => {
  it("writes the API's slot labels on the 24-hour clock, never with AM or PM", () => {
    expect(formatTime('6:30 PM')).toBe('18:30');
    expect(formatTime('12:00 PM')).toBe('12:00');
    expect(formatTime('9:00 AM')).toBe('09:00');
    expect(formatTime('12:30 AM')).toBe('00:30');
    for (const { time, minutes } of TIME_SLOTS) {
      const shown = formatTime(time);
      expect(shown).toMatch(/^\d\d:\d\d$/);
      expect(Number(shown.slice(0, 2)) * 60 + Number(shown.slice(3))).toBe(minutes);
    }
  });

  it('writes working hours and ranges the same way', () => {
    expect(formatTime('08:00')).toBe('08:00');
    expect(formatTimeRange('08:00', '18:00')).toBe('08:00 – 18:00');
    expect(formatTimeRange('6:30 PM', '7:30 PM')).toBe('18:30 – 19:30');
    expect(formatTimeRange('6:30 PM')).toBe('18:30');
  });
});

describe('dates in Kiswahili', () => {
  it("names a review's month in Kiswahili", () => {
    expect(formatReviewMonth('November 2026')).toBe('Novemba 2026');
    expect(formatReviewMonth('January 2027')).toBe('Januari 2027');
    expect(formatReviewMonth('not a month')).toBe('not a month');
  });

  it('names weekdays and months in Kiswahili', () => {
    expect(formatNairobiDate('2026-12-19T09:00:00Z')).toMatch(/^Jumamosi, 19 Des 2026$/);
  });
});
