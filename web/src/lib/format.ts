// Display formats shared by every screen: money in whole Kenyan shillings, dates and times in Kenyan
// time, in the build's language.
import { language, locale } from './i18n';

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

const kilometres = new Intl.NumberFormat(locale, { minimumFractionDigits: 1, maximumFractionDigits: 1 });

/** 2.4 -> '2.4' (Kiswahili writes the same), 12 -> '12.0': a distance in km, to one decimal. */
export function formatDistance(km: number): string {
  return kilometres.format(km);
}

/** `text` with a capital first: a label made of a text written for the middle of a sentence. */
export function upperFirst(text: string): string {
  return text.charAt(0).toUpperCase() + text.slice(1);
}

/** A URL slug as words: 'wig-makeovers' -> 'Wig makeovers'. */
export function humanizeSlug(slug: string): string {
  return upperFirst(slug.replace(/-+/g, ' ').replace(/\s+/g, ' ').trim());
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

// Clock times. The API's slot labels are SPEC §9's English 12-hour ones ('6:30 PM') and
// working hours are 'HH:MM'; both are shown in the build's language: English keeps the spec's
// 12-hour labels, Kiswahili the 24-hour clock ('18:30'). In Swahili time "saa 12" is six o'clock, so
// a 12-hour time (let alone one after "saa") would send a customer six hours off. The API's values
// never change: only what a reader sees does.
const CLOCK = /^(\d{1,2}):(\d{2})(?: ?([AP])M)?$/i;

/** Minutes after midnight of a slot label ('6:30 PM') or a 24-hour time ('18:30'); NaN otherwise. */
export function clockMinutes(time: string): number {
  const match = CLOCK.exec(time.trim());
  if (!match) return NaN;
  const [, h = '', m = '', half] = match;
  let hour = Number(h);
  if (half) {
    if (hour < 1 || hour > 12) return NaN;
    hour = (hour % 12) + (half.toUpperCase() === 'P' ? 12 : 0);
  }
  const minute = Number(m);
  return hour < 24 && minute < 60 ? hour * 60 + minute : NaN;
}

/** Minutes after midnight as SPEC §9's 12-hour label: 1110 -> '6:30 PM' (the API's slot labels). */
export function twelveHourLabel(minutes: number): string {
  const hour = Math.floor(minutes / 60);
  return `${hour % 12 || 12}:${String(minutes % 60).padStart(2, '0')} ${hour < 12 ? 'AM' : 'PM'}`;
}

/** Minutes after midnight as a 24-hour time: 1110 -> '18:30', 540 -> '09:00' (working hours' values). */
export function twentyFourHourTime(minutes: number): string {
  return `${String(Math.floor(minutes / 60)).padStart(2, '0')}:${String(minutes % 60).padStart(2, '0')}`;
}

/**
 * A time of day as this language shows it, from a slot label or a 24-hour time: '6:30 PM' in
 * English, '18:30' in Kiswahili ('09:00' before ten). Anything else is shown as it is.
 */
export function formatTime(time: string): string {
  const minutes = clockMinutes(time);
  if (Number.isNaN(minutes)) return time;
  return language === 'en' ? twelveHourLabel(minutes) : twentyFourHourTime(minutes);
}

/** 'From – to' ('9:00 AM – 10:30 AM', '09:00 – 10:30'); the start alone without an end. */
export function formatTimeRange(start: string, end?: string | null): string {
  return end ? `${formatTime(start)} – ${formatTime(end)}` : formatTime(start);
}

/**
 * A review's month as the API writes it, in English ('November 2026'), in this language
 * ('Novemba 2026'). Anything else is shown as it is.
 */
export function formatReviewMonth(month: string): string {
  if (language === 'en') return month;
  const [name = '', year = ''] = month.split(' ');
  const english = new Intl.DateTimeFormat('en-GB', { month: 'long', timeZone: 'UTC' });
  const translated = new Intl.DateTimeFormat(locale, { month: 'long', timeZone: 'UTC' });
  for (let index = 0; index < 12; index += 1) {
    const day = new Date(Date.UTC(2000, index, 15));
    if (english.format(day) === name) return `${translated.format(day)} ${year}`;
  }
  return month;
}
