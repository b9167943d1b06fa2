import { describe, expect, it } from 'vitest';
import { validate } from '@/lib/validation';
import { contactSchema, emptyContactValues } from './validation';

const valid = {
  name: 'Amina Wanjiru',
  email: 'amina@example.com',
  phone: '0712 345 678',
  subject: 'Listing question',
  message: 'How do I add a second photo to my listing?',
};

describe('contact form rules', () => {
  it('accept a complete message', () => {
    expect(validate(contactSchema, valid)).toEqual({});
  });

  it('give the SPEC messages for an empty form', () => {
    expect(validate(contactSchema, emptyContactValues)).toEqual({
      name: 'Name must be at least 2 characters',
      email: 'Please enter a valid email address',
      phone: 'Please enter a valid phone number',
      subject: 'Subject must be at least 5 characters',
      message: 'Message must be at least 10 characters',
    });
  });

  it('count characters without the surrounding spaces, at the SPEC minimums', () => {
    const atMinimum = { ...valid, name: 'Al', phone: '0712345678', subject: 'Hello', message: 'Thank you!' };
    expect(validate(contactSchema, atMinimum)).toEqual({});
    expect(
      validate(contactSchema, {
        name: ' A ',
        email: ' amina@example.com ',
        phone: ' 071234567 ',
        subject: ' Hell ',
        message: '  Thank you ',
      }),
    ).toEqual({
      name: 'Name must be at least 2 characters',
      phone: 'Please enter a valid phone number',
      subject: 'Subject must be at least 5 characters',
      message: 'Message must be at least 10 characters',
    });
  });
});
