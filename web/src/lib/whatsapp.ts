// WhatsApp chat links: a visitor contacting a provider about a listing, a provider answering a booking,
// a customer sending their booking on.
import type { Listing } from '@/types/api';
import { formatPriceRange } from './format';
import { t } from './i18n';

type ContactableListing = Pick<Listing, 'name' | 'minPrice' | 'maxPrice' | 'whatsapp'>;

export function whatsappMessage(listing: ContactableListing): string {
  const price = formatPriceRange(listing.minPrice, listing.maxPrice);
  return t('Hello, I\'m interested in your service "{name}" ({price}) on Mtaani.', { name: listing.name, price });
}

/** https://wa.me/{digits}?text=…, or null when the listing has no usable phone number. */
export function whatsappLink(listing: ContactableListing): string | null {
  return whatsappChatLink(listing.whatsapp, whatsappMessage(listing));
}

/** A WhatsApp chat with `phone` (any format; its digits count) starting with `text`; null without digits. */
export function whatsappChatLink(phone: string, text: string): string | null {
  const digits = phone.replace(/\D/g, '');
  if (!digits) return null;
  return `https://wa.me/${digits}?text=${encodeURIComponent(text)}`;
}

/** A WhatsApp message with `text` to a chat the visitor chooses (their own, a friend's). */
export function whatsappShareLink(text: string): string {
  return `https://wa.me/?text=${encodeURIComponent(text)}`;
}
