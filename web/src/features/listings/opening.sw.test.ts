// The opening line in the Kiswahili build keeps the 24-hour clock. The texts
// themselves are translated when the build is made (i18n/keys.ts); here only the clock differs.
import { describe, expect, it, vi } from 'vitest';
import { openingLine } from './opening';

vi.mock('@/lib/i18n', async (importOriginal) => ({
  ...(await importOriginal<typeof import('@/lib/i18n')>()),
  language: 'sw',
  locale: 'sw-KE',
}));

const week = { mon: [['09:00', '19:00']], tue: [['09:00', '19:00']], sat: [['09:00', '13:00']], sun: [] } as const;
const plan = (daysOff: string[] = []) => ({ hours: week as unknown as Record<string, [string, string][]>, daysOff });

describe('openingLine (Kiswahili build)', () => {
  it('gives the hours on the 24-hour clock', () => {
    expect(openingLine(plan(), '2026-11-28')).toBe('Open today 09:00 – 13:00');
    expect(openingLine(plan(['2026-11-30']), '2026-11-29')).toBe('Closed today · opens Tuesday 09:00');
    expect(openingLine(plan(), '2026-11-28')).not.toMatch(/[AP]M/);
  });
});
