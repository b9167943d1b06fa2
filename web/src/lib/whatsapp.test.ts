import { describe, expect, it } from 'vitest';
import { whatsappLink, whatsappMessage } from './whatsapp';

const listing = { name: 'Glam Bridal Makeup', minPrice: 1500, maxPrice: 4500, whatsapp: '254712345678' };

describe('whatsappMessage', () => {
  it('names the service and its price range in Ksh', () => {
    expect(whatsappMessage(listing)).toBe(
      'Hello, I\'m interested in your service "Glam Bridal Makeup" (Ksh 1,500 - Ksh 4,500) on Mtaani.',
    );
  });
});

describe('whatsappLink', () => {
  it('opens a chat with the digits-only number and the prefilled message', () => {
    const link = whatsappLink(listing);
    expect(link).toBe(`https://wa.me/254712345678?text=${encodeURIComponent(whatsappMessage(listing))}`);
    expect(new URL(link!).searchParams.get('text')).toBe(whatsappMessage(listing));
  });

  it('drops spaces, dashes, brackets and plus signs from the number', () => {
    expect(whatsappLink({ ...listing, whatsapp: '+254 (712) 345-678' })).toMatch(/^https:\/\/wa\.me\/254712345678\?text=/);
  });

  it('gives no link when there is no phone number', () => {
    expect(whatsappLink({ ...listing, whatsapp: '' })).toBeNull();
    expect(whatsappLink({ ...listing, whatsapp: ' - ' })).toBeNull();
  });
});
