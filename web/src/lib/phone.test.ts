import { describe, expect, it } from 'vitest';
import { cleanPhoneNumber } from './phone';

// The cases of proto/src/phone.rs, so the browser and the server agree on every number.
describe('cleanPhoneNumber', () => {
  it('turns Kenyan local numbers into international form', () => {
    expect(cleanPhoneNumber('0712 345 678')).toBe('+254712345678');
    expect(cleanPhoneNumber('0112-345-678')).toBe('+254112345678');
    expect(cleanPhoneNumber('254712345678')).toBe('+254712345678');
    expect(cleanPhoneNumber('+254 712 345 678')).toBe('+254712345678');
    expect(cleanPhoneNumber('712345678')).toBe('+254712345678');
    expect(cleanPhoneNumber('(0722) 000.111')).toBe('+254722000111');
  });

  it('keeps the digits of foreign numbers and prepends a missing plus', () => {
    expect(cleanPhoneNumber('+44 20 7946 0958')).toBe('+442079460958');
    expect(cleanPhoneNumber('(256) 772-123456')).toBe('+256772123456');
    expect(cleanPhoneNumber('15551234567')).toBe('+15551234567');
  });

  it('accepts 10 to 15 digits after the plus', () => {
    expect(cleanPhoneNumber('+1234567890')).toBe('+1234567890');
    expect(cleanPhoneNumber('+123456789012345')).toBe('+123456789012345');
    expect(cleanPhoneNumber('+123456789')).toBeNull();
    expect(cleanPhoneNumber('+1234567890123456')).toBeNull();
  });

  it('refuses what is not a phone number', () => {
    expect(cleanPhoneNumber('')).toBeNull();
    expect(cleanPhoneNumber('12345')).toBeNull();
    expect(cleanPhoneNumber('abc')).toBeNull();
    expect(cleanPhoneNumber('0712+345678')).toBeNull();
    expect(cleanPhoneNumber('++254712345678')).toBeNull();
    // A leading zero that is not a Kenyan mobile number.
    expect(cleanPhoneNumber('0812345678')).toBeNull();
    expect(cleanPhoneNumber('+0712345678')).toBeNull();
  });
});
