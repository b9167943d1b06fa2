import { describe, expect, it } from 'vitest';
import { past, slots } from '../../../../proto/cases/slots.json';
import { pastSlots, SLOT_PERIODS, TIME_SLOTS } from './slots';

describe('SLOT_PERIODS', () => {
  it('groups the slots Morning, Afternoon and Evening, in the order of the day', () => {
    expect(SLOT_PERIODS).toEqual(['Morning', 'Afternoon', 'Evening']);
    expect([...new Set(TIME_SLOTS.map((slot) => slot.period))]).toEqual(SLOT_PERIODS);
  });
});

// The table of cases booking-svc's tests read too (slots.rs, rules.rs), so the dialog offers the
// slots the server takes and greys out the ones it refuses.
describe('TIME_SLOTS and pastSlots (SPEC §9), as the server has them', () => {
  it('lists the same slots in 30-minute steps, label for label', () => {
    expect(TIME_SLOTS.map(({ time, period, minutes }) => ({ label: time, period, minutes }))).toEqual(slots);
  });

  it.each(past)('$date at $now: the first $past slots are gone ($why)', ({ date, now, past: count }) => {
    expect([...pastSlots(date, new Date(now))]).toEqual(slots.slice(0, count).map((slot) => slot.label));
  });
});
