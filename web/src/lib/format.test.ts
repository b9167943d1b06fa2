import { describe, expect, it } from 'vitest';
import { formatKsh, formatNairobiDate, formatPriceRange, humanizeSlug } from './format';

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
