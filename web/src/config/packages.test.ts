import { describe, expect, it } from 'vitest';
import packages from '../../../proto/accounts/v1/packages.json';
import { packagePrices } from './packages';

describe('package prices for the terms and help pages', () => {
  it('names each package the texts quote ({basic}, {standard}, {premium}) with its price from the contract', () => {
    expect(Object.keys(packagePrices).sort()).toEqual(['basic', 'premium', 'standard']);
    expect(packagePrices).toEqual({ basic: 'Ksh 800', standard: 'Ksh 1,500', premium: 'Ksh 2,500' });
    expect(packages.map((p) => p.priceKsh)).toEqual([800, 1500, 2500]);
  });
});
