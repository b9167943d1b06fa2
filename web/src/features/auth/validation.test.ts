import { describe, expect, it } from 'vitest';
import { validate } from '@/lib/validation';
import { newPasswordSchema, resetRequestSchema, signInSchema, signUpSchema, type SignUpValues } from './validation';

describe('sign-in rules (SPEC §5)', () => {
  it('asks for a valid e-mail and a password', () => {
    expect(validate(signInSchema, { email: '', password: '', rememberMe: false })).toEqual({
      email: 'Please enter a valid email address',
      password: 'Password is required',
    });
    expect(validate(signInSchema, { email: 'amina@example', password: 'x', rememberMe: true })).toEqual({
      email: 'Please enter a valid email address',
    });
    expect(validate(signInSchema, { email: 'amina@example.com', password: 'x', rememberMe: false })).toEqual({});
  });
});

describe('sign-up rules (SPEC §5)', () => {
  const valid: SignUpValues = {
    firstName: 'Amina',
    lastName: 'Wanjiru',
    email: 'amina@example.com',
    phoneNumber: '0712 345 678',
    password: 'mtaani-2026',
    confirmPassword: 'mtaani-2026',
  };

  it('passes a complete form', () => {
    expect(validate(signUpSchema, valid)).toEqual({});
  });

  it('has the exact message of every field', () => {
    expect(
      validate(signUpSchema, {
        firstName: 'A',
        lastName: ' ',
        email: 'amina',
        phoneNumber: '071234567',
        password: 'short',
        confirmPassword: 'other',
      }),
    ).toEqual({
      firstName: 'First name must be at least 2 characters',
      lastName: 'Last name must be at least 2 characters',
      email: 'Please enter a valid email address',
      phoneNumber: 'Please enter a valid phone number',
      password: 'Password must be at least 8 characters',
      confirmPassword: "Passwords don't match",
    });
  });

  it('counts names and phone numbers without surrounding spaces', () => {
    expect(validate(signUpSchema, { ...valid, firstName: ' A ' })).toEqual({
      firstName: 'First name must be at least 2 characters',
    });
    expect(validate(signUpSchema, { ...valid, phoneNumber: '  0712345  ' })).toEqual({
      phoneNumber: 'Please enter a valid phone number',
    });
  });

  it('needs a password of 8 and the same confirmation', () => {
    expect(validate(signUpSchema, { ...valid, password: '1234567', confirmPassword: '1234567' })).toEqual({
      password: 'Password must be at least 8 characters',
    });
    expect(validate(signUpSchema, { ...valid, confirmPassword: 'mtaani-2027' })).toEqual({
      confirmPassword: "Passwords don't match",
    });
  });
});

describe('password reset rules', () => {
  it('uses the sign-up password messages', () => {
    expect(validate(newPasswordSchema, { password: 'short', confirmPassword: '' })).toEqual({
      password: 'Password must be at least 8 characters',
      confirmPassword: "Passwords don't match",
    });
    expect(validate(newPasswordSchema, { password: 'long-enough', confirmPassword: 'long-enough' })).toEqual({});
  });

  it('asks for a valid e-mail to send the link to', () => {
    expect(validate(resetRequestSchema, { email: 'x' })).toEqual({ email: 'Please enter a valid email address' });
    expect(validate(resetRequestSchema, { email: 'amina@example.com' })).toEqual({});
  });
});
