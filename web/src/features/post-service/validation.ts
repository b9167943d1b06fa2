// The post-service form's rules and messages (SPEC §5 "Post service", §9), letter for letter but for
// the currency, written "Ksh" as everywhere in the app (issue 39 §6; SPEC §5 has "KSh").
import { findCategory, findSubcategory } from '@/config/categories';
import { upperFirst } from '@/lib/format';
import { t } from '@/lib/i18n';
import { cleanPhoneNumber } from '@/lib/phone';
import { minLength, trimmed, type Rule, type Schema } from '@/lib/validation';
import type { PickedPlace } from './components/place-field';
import type { ListingPhotoItem } from './photos';

export const serviceMessages = {
  serviceName: t('Service name must be at least 5 characters'),
  minPrice: t('Minimum price must be at least 100 Ksh'),
  maxPrice: t('Maximum price must be at least 100 Ksh'),
  priceOrder: t('Maximum price cannot be less than minimum price'),
  location: t('Location is required'),
  phoneNumber: t('Phone number must be at least 10 digits'),
  // The server's text for a number its cleaning rule refuses (proto/src/phone.rs); checked here first
  // so that nobody uploads photos over mobile data only to hear it back.
  phoneAfterCleaning: t('Invalid phone number format after cleaning'),
  // The server's text and limit (catalog-svc): checked here too, before any photo is uploaded.
  directions: t('Directions must be at most 300 characters'),
  category: t('Category is required'),
  subcategory: t('Subcategory is required'),
  description: t('Description must be at least 30 characters'),
  photos: t('Please upload at least one photo'),
  // The server's text (catalog-svc); the form offers only valid lengths, so only an odd edit meets it.
  durationMinutes: t('Service length must be 30 minutes to 4 hours, in steps of 30 minutes'),
  // The server's texts (catalog-svc): a place that is no ward or estate, a distance out of range.
  place: t('Please choose a place from the list'),
  servesRadiusKm: t('Distance you travel must be 0 to 50 km'),
} as const;

/** How far a provider may say they travel to customers, in km (0: customers come to them). */
export const SERVICE_RADII = [0, 5, 10, 15, 20, 30, 50] as const;

/** How long one booking of a listing may take, in minutes: half an hour to four hours. */
export const SERVICE_LENGTHS = [30, 60, 90, 120, 150, 180, 210, 240] as const;

/** 90 as "1 hour 30 minutes". */
export function lengthLabel(minutes: number): string {
  const hours = Math.floor(minutes / 60);
  const rest = minutes % 60;
  if (hours === 0) return rest === 0 ? '' : t('{minutes} minutes', { minutes: rest });
  if (rest === 0) return hours === 1 ? upperFirst(t('1 hour')) : t('{hours} hours', { hours });
  return hours === 1
    ? t('1 hour {minutes} minutes', { minutes: rest })
    : t('{hours} hours {minutes} minutes', { hours, minutes: rest });
}

/** The longest directions, in characters once trimmed (as catalog-svc counts them: code points). */
export const MAX_DIRECTIONS = 300;

/** SPEC §9: the lowest price a listing may ask, in whole shillings. */
export const MIN_PRICE = 100;

export interface ServiceValues {
  serviceName: string;
  /** As typed: digits, perhaps with spaces or thousands commas. */
  minPrice: string;
  maxPrice: string;
  location: string;
  /** The ward or estate picked for the location (or the listing's own); null: the server reads the text. */
  place: PickedPlace | null;
  phoneNumber: string;
  /** Optional: how to find the provider once there ('' when none). */
  directions: string;
  category: string;
  subcategory: string;
  description: string;
  /** How long one booking takes, in minutes, as the select holds it ('60'). */
  durationMinutes: string;
  /** How far the provider travels to customers, in km, as the select holds it ('0'). */
  servesRadiusKm: string;
  photos: readonly ListingPhotoItem[];
}

/** A typed price in whole shillings ('1,500' -> 1500), or null when it is not a number. */
export function parsePrice(value: string): number | null {
  const compact = value.replace(/[\s,]/g, '');
  if (!/^\d+(\.\d+)?$/.test(compact)) return null;
  return Math.round(Number(compact));
}

function atLeastMinPrice(message: string): Rule<string, ServiceValues> {
  return (value) => {
    const price = parsePrice(value);
    return price !== null && price >= MIN_PRICE ? undefined : message;
  };
}

const notBelowMinPrice: Rule<string, ServiceValues> = (value, values) => {
  const min = parsePrice(values.minPrice);
  const max = parsePrice(value);
  return min !== null && max !== null && max < min ? serviceMessages.priceOrder : undefined;
};

const cleansToPhoneNumber: Rule<string, ServiceValues> = (value) =>
  cleanPhoneNumber(value) ? undefined : serviceMessages.phoneAfterCleaning;

const knownCategory: Rule<string, ServiceValues> = (value) =>
  findCategory(value) ? undefined : serviceMessages.category;

const subcategoryOfCategory: Rule<string, ServiceValues> = (value, values) =>
  findSubcategory(values.category, value) ? undefined : serviceMessages.subcategory;

// Keys in the order of the form, which is also the order the messages are read in.
export const serviceSchema: Schema<ServiceValues> = {
  serviceName: [trimmed(minLength(5, serviceMessages.serviceName))],
  minPrice: [atLeastMinPrice(serviceMessages.minPrice)],
  maxPrice: [atLeastMinPrice(serviceMessages.maxPrice), notBelowMinPrice],
  location: [trimmed(minLength(3, serviceMessages.location))],
  phoneNumber: [trimmed(minLength(10, serviceMessages.phoneNumber)), cleansToPhoneNumber],
  directions: [(value) => ([...value.trim()].length <= MAX_DIRECTIONS ? undefined : serviceMessages.directions)],
  category: [minLength(1, serviceMessages.category), knownCategory],
  subcategory: [minLength(1, serviceMessages.subcategory), subcategoryOfCategory],
  description: [trimmed(minLength(30, serviceMessages.description))],
  durationMinutes: [
    (value) => (SERVICE_LENGTHS.some((length) => String(length) === value) ? undefined : serviceMessages.durationMinutes),
  ],
  servesRadiusKm: [
    (value) => (SERVICE_RADII.some((km) => String(km) === value) ? undefined : serviceMessages.servesRadiusKm),
  ],
  photos: [(photos) => (photos.length > 0 ? undefined : serviceMessages.photos)],
};

/** The server's names for this form's fields, where they differ (SPEC §3 creation payload). */
const serverFieldNames: Record<string, keyof ServiceValues> = {
  name: 'serviceName',
  images: 'photos',
  // The place is picked in the Location field.
  placeId: 'location',
};

/** The server's per-field messages under this form's field names, and the rest. */
export function splitServerErrors(errors: Record<string, string>): {
  fields: Partial<Record<keyof ServiceValues, string>>;
  others: string[];
} {
  const fields: Partial<Record<keyof ServiceValues, string>> = {};
  const others: string[] = [];
  for (const [name, message] of Object.entries(errors)) {
    const field = serverFieldNames[name] ?? name;
    if (field in serviceSchema) fields[field as keyof ServiceValues] = message;
    else others.push(message);
  }
  return { fields, others };
}
