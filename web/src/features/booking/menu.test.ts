import { describe, expect, it } from 'vitest';
import { braidsMenu } from '@/components/listings/fixtures';
import { appointmentRows, chosenServices, priceAndLength, summaryRows, totalOf } from './menu';

describe("a booking's services from the menu", () => {
  it('keeps the order chosen and leaves out what is no longer on the menu', () => {
    expect(chosenServices(braidsMenu, ['o-3', 'gone', 'o-1']).map((option) => option.id)).toEqual(['o-3', 'o-1']);
    expect(chosenServices(braidsMenu, [])).toEqual([]);
  });

  it('adds up the prices and the lengths, one service after the other', () => {
    expect(totalOf(chosenServices(braidsMenu, ['o-2', 'o-1']))).toEqual({ priceKsh: 3000, durationMinutes: 210 });
    expect(totalOf([])).toEqual({ priceKsh: 0, durationMinutes: 0 });
    expect(priceAndLength(4500, 150)).toBe('Ksh 4,500 · 2 hours 30 minutes');
    expect(priceAndLength(4500, 0)).toBe('Ksh 4,500');
  });

  it('sums a booking up in rows: services, stylist, total; none for one service without a team', () => {
    expect(
      summaryRows({ services: chosenServices(braidsMenu, ['o-3']), member: 'Anyone available', total: { priceKsh: 1200, durationMinutes: 90 } }),
    ).toEqual([
      { label: 'Services', value: 'Cornrows with a fringe' },
      { label: 'Stylist', value: 'Anyone available' },
      { label: 'Total', value: 'Ksh 1,200 · 1 hour 30 minutes' },
    ]);
    expect(appointmentRows({ options: [], member: null, totalKsh: null, durationMinutes: 60 })).toEqual([]);
    expect(appointmentRows({ options: [], member: { id: 'm-1', name: 'Akinyi' }, totalKsh: null, durationMinutes: 60 })).toEqual([
      { label: 'Stylist', value: 'Akinyi' },
    ]);
  });
});
