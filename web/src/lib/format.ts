// Display formats shared by every screen: money in whole Kenyan shillings, dates in Kenyan time.
import { language } from './i18n';

const shillings = new Intl.NumberFormat('en-KE', { maximumFractionDigits: 0 });

/** 1500 -> 'Ksh 1,500'. */
export function formatKsh(amount: number): string {
  return `Ksh ${shillings.format(amount)}`;
}

/** 'Ksh 1,500 - Ksh 4,500'; a single price when both ends are equal. */
export function formatPriceRange(minPrice: number, maxPrice: number): string {
  if (minPrice === maxPrice) return formatKsh(minPrice);
  return `${formatKsh(minPrice)} - ${formatKsh(maxPrice)}`;
}

/** A URL slug as words: 'wig-makeovers' -> 'Wig makeovers'. */
export function humanizeSlug(slug: string): string {
  const words = slug.replace(/-+/g, ' ').replace(/\s+/g, ' ').trim();
  return words.charAt(0).toUpperCase() + words.slice(1);
}

// Dates are stored in UTC and shown in Kenyan time, whatever the visitor's device is set to.
// Weekday and month names in the app's language ('Sat, 19 Dec 2026', 'Jumamosi, 19 Des 2026').
const nairobiDate = new Intl.DateTimeFormat(language === 'sw' ? 'sw-KE' : 'en-GB', {
  weekday: 'short',
  day: 'numeric',
  month: 'short',
  year: 'numeric',
  timeZone: 'Africa/Nairobi',
});

/**
 * An instant as its day in Nairobi: 'Sat, 19 Dec 2026' ('' for an invalid date). Built from parts,
 * because ICU versions punctuate the whole differently.
 */
export function formatNairobiDate(instant: Date | string): string {
  const date = typeof instant === 'string' ? new Date(instant) : instant;
  if (Number.isNaN(date.getTime())) return '';
  const part = Object.fromEntries(nairobiDate.formatToParts(date).map(({ type, value }) => [type, value]));
  return `${part.weekday}, ${part.day} ${part.month} ${part.year}`;
}
