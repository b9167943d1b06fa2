import { describe, expect, it } from 'vitest';
import { cases } from '../../../proto/cases/phone.json';
import { cleanPhoneNumber } from './phone';

// The table of cases proto/src/phone.rs is tested against too, so the browser and the server agree
// on every number.
describe('cleanPhoneNumber', () => {
  it.each(cases)('$input -> $expected ($why)', ({ input, expected }) => {
    expect(cleanPhoneNumber(input)).toBe(expected);
  });

  it('cleans a cleaned number to itself, as the server accepts it unchanged', () => {
    for (const { expected } of cases) if (expected) expect(cleanPhoneNumber(expected)).toBe(expected);
  });
});
