import { describe, expect, it } from 'vitest';
import { pastSlots, SLOT_PERIODS, TIME_SLOTS } from './slots';

const labels = (period: string) => TIME_SLOTS.filter((slot) => slot.period === period).map((slot) => slot.time);

describe('TIME_SLOTS (SPEC §9)', () => {
  it('has 32 slots in 30-minute steps from 7:00 AM to 10:30 PM', () => {
    expect(TIME_SLOTS).toHaveLength(32);
    expect(TIME_SLOTS[0]!.time).toBe('7:00 AM');
    expect(TIME_SLOTS.at(-1)!.time).toBe('10:30 PM');
    expect(TIME_SLOTS.every((slot, i) => i === 0 || slot.minutes - TIME_SLOTS[i - 1]!.minutes === 30)).toBe(true);
  });

  it('groups them Morning, Afternoon and Evening with the labels the API takes', () => {
    expect(SLOT_PERIODS).toEqual(['Morning', 'Afternoon', 'Evening']);
    expect(labels('Morning')).toEqual([
      '7:00 AM', '7:30 AM', '8:00 AM', '8:30 AM', '9:00 AM', '9:30 AM', '10:00 AM', '10:30 AM', '11:00 AM', '11:30 AM',
    ]);
    expect(labels('Afternoon')).toEqual(['12:00 PM', '12:30 PM', '1:00 PM', '1:30 PM', '2:00 PM', '2:30 PM', '3:00 PM', '3:30 PM']);
    expect(labels('Evening')).toEqual([
      '4:00 PM', '4:30 PM', '5:00 PM', '5:30 PM', '6:00 PM', '6:30 PM', '7:00 PM',
      '7:30 PM', '8:00 PM', '8:30 PM', '9:00 PM', '9:30 PM', '10:00 PM', '10:30 PM',
    ]);
  });
});

describe('pastSlots', () => {
  // 10:00 in Nairobi.
  const now = new Date('2026-11-21T07:00:00Z');

  it("counts today's slots from their start, Nairobi time", () => {
    expect([...pastSlots('2026-11-21', now)]).toEqual(['7:00 AM', '7:30 AM', '8:00 AM', '8:30 AM', '9:00 AM', '9:30 AM', '10:00 AM']);
  });

  it('counts every slot of an earlier day and none of a later one', () => {
    expect(pastSlots('2026-11-20', now).size).toBe(32);
    expect(pastSlots('2026-11-22', now).size).toBe(0);
  });

  it('uses the Nairobi day near midnight', () => {
    // 21:30 UTC on the 20th is 00:30 on the 21st in Nairobi: the 20th is over, the 21st has not started.
    const lateNight = new Date('2026-11-20T21:30:00Z');
    expect(pastSlots('2026-11-20', lateNight).size).toBe(32);
    expect(pastSlots('2026-11-21', lateNight).size).toBe(0);
  });
});
