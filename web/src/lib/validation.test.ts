import { describe, expect, it } from 'vitest';
import { email, hasErrors, isEmail, minLength, sameAs, trimmed, validate, type Schema } from './validation';

interface Values {
  name: string;
  email: string;
  password: string;
  confirm: string;
}

const schema: Schema<Values> = {
  name: [trimmed(minLength(2, 'Too short'))],
  email: [minLength(1, 'Required'), email('Not an e-mail')],
  confirm: [sameAs('password', 'Different')],
};

const valid: Values = { name: 'Amina', email: 'amina@example.com', password: 'secret-123', confirm: 'secret-123' };

describe('validate', () => {
  it('passes values that keep every rule', () => {
    expect(validate(schema, valid)).toEqual({});
    expect(hasErrors(validate(schema, valid))).toBe(false);
  });

  it("gives each failing field its first failing rule's message", () => {
    const errors = validate(schema, { name: 'A', email: '', password: 'a', confirm: 'b' });
    expect(errors).toEqual({ name: 'Too short', email: 'Required', confirm: 'Different' });
    expect(hasErrors(errors)).toBe(true);
    expect(validate(schema, { ...valid, email: 'amina' })).toEqual({ email: 'Not an e-mail' });
  });

  it('checks fields without rules not at all', () => {
    expect(validate(schema, { ...valid, password: '' , confirm: '' })).toEqual({});
  });
});

describe('rules', () => {
  it('minLength counts characters; trimmed ignores surrounding spaces', () => {
    expect(minLength(2, 'm')('ab', {})).toBeUndefined();
    expect(minLength(2, 'm')('a', {})).toBe('m');
    expect(minLength(2, 'm')(' a', {})).toBeUndefined();
    expect(trimmed(minLength(2, 'm'))(' a ', {})).toBe('m');
  });

  it('sameAs compares with another field', () => {
    const rule = sameAs<Values, 'password'>('password', 'Different');
    expect(rule('x', { ...valid, password: 'x' })).toBeUndefined();
    expect(rule('y', { ...valid, password: 'x' })).toBe('Different');
  });
});

describe('isEmail', () => {
  it('accepts ordinary addresses', () => {
    for (const address of ['amina@example.com', 'a.b+c@mail.co.ke', "o'neil@x.io", 'wanjiru@demo.mtaani.co.ke']) {
      expect(isEmail(address), address).toBe(true);
    }
  });

  it('refuses what is not one', () => {
    for (const address of ['', 'amina', 'amina@', '@example.com', 'amina@example', 'a..b@x.com', '.a@x.com', 'a b@x.com', 'amina@example.c']) {
      expect(isEmail(address), address).toBe(false);
    }
  });
});
