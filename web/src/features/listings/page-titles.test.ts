import { describe, expect, it } from 'vitest';
import { locationTitle, searchTitle, subcategoryTitle } from './page-titles';

describe('subcategoryTitle', () => {
  it('turns dashes into spaces, capitalises and adds Services', () => {
    expect(subcategoryTitle('ladies-haircut')).toBe('Ladies haircut Services');
    expect(subcategoryTitle('braiding')).toBe('Braiding Services');
    expect(subcategoryTitle('eyebrows-lashes')).toBe('Eyebrows lashes Services');
    expect(subcategoryTitle('asmr-massage')).toBe('Asmr massage Services');
  });
});

describe('locationTitle and searchTitle', () => {
  it('name the town and quote the query', () => {
    expect(locationTitle('Nairobi')).toBe('Services in Nairobi');
    expect(searchTitle('braids')).toBe('Search results for "braids"');
  });
});
