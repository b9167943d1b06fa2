import { describe, expect, it } from 'vitest';
import { cases } from '../../../proto/cases/phone.json';
import { cleanPhoneNumber, localPhoneNumber } from './phone';

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

describe('localPhoneNumber', () => {
  it('writes a Kenyan mobile number as it is typed locally, and keeps any other as it is', () => {
    expect(localPhoneNumber('+254712345678')).toBe('0712 345 678');
    expect(localPhoneNumber('+254110345678')).toBe('0110 345 678');
    expect(localPhoneNumber('+447700900123')).toBe('+447700900123');
    expect(localPhoneNumber('')).toBe('');
  });

  it('cleans back to the stored number', () => {
    for (const { expected } of cases) if (expected) expect(cleanPhoneNumber(localPhoneNumber(expected))).toBe(expected);
  });
});
