import { describe, expect, it } from 'vitest';
import type { ListingProvider } from '@/types/api';
import { openingLine } from './opening';

const nine = (): [string, string][] => [['09:00', '19:00']];
// Saturday 28 November 2026, Sunday 29, Monday 30, Tuesday 1 December.
const SATURDAY = '2026-11-28';
const SUNDAY = '2026-11-29';

function plan(hours: ListingProvider['hours'], daysOff: string[] = []) {
  return { hours, daysOff };
}

const weekdays = { mon: nine(), tue: nine(), wed: nine(), thu: nine(), fri: nine(), sat: [['09:00', '13:00']] as [string, string][], sun: [] };

describe('openingLine', () => {
  it("gives today's hours on a working day, each interval", () => {
    expect(openingLine(plan(weekdays), SATURDAY)).toBe('Open today 9:00 AM – 1:00 PM');
    const split = plan({ ...weekdays, sat: [['08:00', '12:00'], ['13:00', '18:30']] });
    expect(openingLine(split, SATURDAY)).toBe('Open today 8:00 AM – 12:00 PM, 1:00 PM – 6:30 PM');
  });

  it('on a closed day, says when the provider next opens', () => {
    expect(openingLine(plan(weekdays), SUNDAY)).toBe('Closed today · opens tomorrow 9:00 AM');
    // Monday is a day off: Tuesday.
    expect(openingLine(plan(weekdays, ['2026-11-30']), SUNDAY)).toBe('Closed today · opens Tuesday 9:00 AM');
    // A day off on a working day closes it.
    expect(openingLine(plan(weekdays, [SATURDAY]), SATURDAY)).toBe('Closed today · opens Monday 9:00 AM');
  });

  it('says only "Closed today" when nothing opens in the next two weeks', () => {
    const away = Array.from({ length: 15 }, (_, i) => `2026-${i < 3 ? '11' : '12'}-${String(i < 3 ? 28 + i : i - 2).padStart(2, '0')}`);
    expect(openingLine(plan(weekdays, away), SATURDAY)).toBe('Closed today');
  });

  it('says nothing for a provider who gave no hours', () => {
    expect(openingLine(plan({}), SATURDAY)).toBe('');
    expect(openingLine(plan({ mon: [], sun: [] }), SATURDAY)).toBe('');
  });
});
