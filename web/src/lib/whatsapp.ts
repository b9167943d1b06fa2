// The WhatsApp chat link that lets a visitor contact a provider about a listing.
import type { Listing } from '@/types/api';
import { formatPriceRange } from './format';

type ContactableListing = Pick<Listing, 'name' | 'minPrice' | 'maxPrice' | 'whatsapp'>;

export function whatsappMessage(listing: ContactableListing): string {
  const price = formatPriceRange(listing.minPrice, listing.maxPrice);
  return `Hello, I'm interested in your service "${listing.name}" (${price}) on Mtaani.`;
}

/** https://wa.me/{digits}?text=…, or null when the listing has no usable phone number. */
export function whatsappLink(listing: ContactableListing): string | null {
  const digits = listing.whatsapp.replace(/\D/g, '');
  if (!digits) return null;
  return `https://wa.me/${digits}?text=${encodeURIComponent(whatsappMessage(listing))}`;
}
