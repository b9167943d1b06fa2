import { describe, expect, it } from 'vitest';
import { formatKsh, formatPriceRange } from './format';

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
