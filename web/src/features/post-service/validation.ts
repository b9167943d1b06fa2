// The post-service form's rules and messages (SPEC §5 "Post service", §9), letter for letter but for
// the currency, written "Ksh" as everywhere in the app (issue 39 §6; SPEC §5 has "KSh").
// The numbers are the contract's (config/listing-rules.ts), which catalog-svc enforces; the rules and
// their messages are catalog-svc's (listing.rs), and proto/cases/listing.json is what both are tested on.
import { findCategory, findSubcategory } from '@/config/categories';
import { characters, listingRules } from '@/config/listing-rules';
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
  // The server's texts (catalog-svc) for what the fields' lengths and the prices' bounds let through:
  // an edit of a listing, or a value pasted past the field's limit.
  serviceNameTooLong: t('Service name must be at most 100 characters'),
  minPriceTooHigh: t('Minimum price must be at most 10,000,000 Ksh'),
  maxPriceTooHigh: t('Maximum price must be at most 10,000,000 Ksh'),
  locationTooLong: t('Location must be at most 100 characters'),
  descriptionTooLong: t('Description must be at most 5000 characters'),
  // The server's text for a NUL character, which no keyboard types and PostgreSQL cannot store.
  unsupportedCharacters: t('Please remove unsupported characters'),
  phoneNumber: t('Phone number must be at least 10 digits'),
  // The server's text for a number its cleaning rule refuses (proto/src/phone.rs); checked here first
  // so that nobody uploads photos over mobile data only to hear it back.
  phoneAfterCleaning: t('Invalid phone number format after cleaning'),
  // The server's text and limit (catalog-svc): checked here too, before any photo is uploaded.
  directions: t('Directions must be at most 300 characters'),
  category: t('Category is required'),
  subcategory: t('Subcategory is required'),
  // The server's texts for a category or subcategory the lists do not have (a listing's, edited).
  unknownCategory: t('Please choose a category from the list'),
  unknownSubcategory: t('Please choose a subcategory of the chosen category'),
  description: t('Description must be at least 30 characters'),
  photos: t('Please upload at least one photo'),
  // The server's text (catalog-svc); the form offers only valid lengths, so only an odd edit meets it.
  durationMinutes: t('Service length must be 30 minutes to 10 hours, in steps of 30 minutes'),
  // The server's texts (catalog-svc): a place that is no ward or estate, a distance not of SERVICE_RADII.
  place: t('Please choose a place from the list'),
  servesRadiusKm: t('Please choose one of the distances offered'),
} as const;

/**
 * How far a provider may say they travel to customers, in km (0: customers come to them): the only
 * distances catalog-svc takes.
 */
export const SERVICE_RADII = listingRules.servesRadiusKm;

/**
 * The distance of SERVICE_RADII a listing's stored one is shown as: itself, or the farthest choice short
 * of it (a distance stored by another client), so that the provider never seems to promise more.
 */
export function radiusChoice(km: number): number {
  return SERVICE_RADII.filter((choice) => choice <= km).at(-1) ?? 0;
}

/** How long one booking of a listing may take, in minutes. */
export const SERVICE_LENGTHS = listingRules.durationMinutes;

/** What a new listing takes, in minutes, until the seller chooses. */
export const DEFAULT_SERVICE_LENGTH = listingRules.defaultDurationMinutes;

/** The longest directions, in characters once trimmed (as catalog-svc counts them: code points). */
export const MAX_DIRECTIONS = listingRules.directions.max;

/** SPEC §9: the lowest price a listing may ask, in whole shillings. */
export const MIN_PRICE = listingRules.priceKsh.min;

/** The highest price a listing or a service of its menu may ask, in whole shillings. */
export const MAX_PRICE = listingRules.priceKsh.max;

export interface ServiceValues {
  serviceName: string;
  /** As typed: digits, perhaps with spaces or thousands commas. */
  minPrice: string;
  maxPrice: string;
  /** The service menu, in the order buyers see it; none: the listing is priced by its two prices. */
  options: readonly MenuRow[];
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

// The service menu (issue 42): catalog-svc's rules and texts (listing.rs), checked here first so that
// the seller reads each at its row before any photo is uploaded.
export const menuMessages = {
  name: t('Each service on the menu needs a name of 2 to 80 characters'),
  sameName: t('Two services on the menu have this name'),
  priceKsh: t('Each price must be 100 to 10,000,000 Ksh'),
  durationMinutes: t('Each length must be 30 minutes to 10 hours, in steps of 30 minutes'),
  tooMany: t('A menu has at most 30 services'),
} as const;

/** How many services a menu may list. */
export const MAX_MENU_SERVICES = listingRules.menu.maxOptions;

/** The name of a service on the menu, in characters once trimmed (code points, as catalog-svc counts). */
export const OPTION_NAME_LENGTH = listingRules.menu.optionName;

/** How long one service on a menu may take, in minutes. */
export const OPTION_LENGTHS = listingRules.menu.optionDurationMinutes;

/** One service on the menu as the form holds it. */
export interface MenuRow {
  /** Stable while the row is on the form: React's key, and what the server's messages stay with when rows move. */
  key: string;
  /** The id of one of the listing's stored options, sent back so that it keeps it; none for a new one. */
  id?: string;
  name: string;
  /** As typed: digits, perhaps with spaces or thousands commas. */
  priceKsh: string;
  /** In minutes, as the select holds it ('180'); '' until chosen. */
  durationMinutes: string;
}

/** A row's fields, by the names the server gives its messages (`options[2].priceKsh`). */
export type MenuField = 'name' | 'priceKsh' | 'durationMinutes';

export type MenuRowMessages = Partial<Record<MenuField, string>>;

/** What is wrong with a menu: the whole menu's message, and each row's by field (by the row's place; sparse). */
export interface MenuMessages {
  menu?: string;
  rows: MenuRowMessages[];
}

function optionPrice(row: MenuRow): number | null {
  const price = parsePrice(row.priceKsh);
  return price !== null && price >= MIN_PRICE && price <= MAX_PRICE ? price : null;
}

/** The menu's messages by row, as catalog-svc words and places them (the later of two rows of one name). */
export function checkMenu(rows: readonly MenuRow[]): MenuMessages {
  const found: MenuMessages = { rows: [] };
  if (rows.length > MAX_MENU_SERVICES) found.menu = menuMessages.tooMany;
  const seen = new Set<string>();
  rows.forEach((row, index) => {
    const messages: MenuRowMessages = {};
    const name = row.name.trim();
    const length = characters(name);
    if (length < OPTION_NAME_LENGTH.min || length > OPTION_NAME_LENGTH.max || name.includes('\0')) {
      messages.name = menuMessages.name;
    } else if (seen.has(name.toLowerCase())) {
      messages.name = menuMessages.sameName;
    }
    seen.add(name.toLowerCase());
    if (optionPrice(row) === null) messages.priceKsh = menuMessages.priceKsh;
    if (!OPTION_LENGTHS.some((minutes) => String(minutes) === row.durationMinutes)) {
      messages.durationMinutes = menuMessages.durationMinutes;
    }
    if (Object.keys(messages).length > 0) found.rows[index] = messages;
  });
  return found;
}

/** The first of a menu's messages (the whole menu's, else its first row's first), if any. */
export function firstMenuMessage(messages: MenuMessages): string | undefined {
  return messages.menu ?? messages.rows.flatMap((row) => Object.values(row))[0];
}

/** What the menu prices the listing at: its cheapest and its dearest service (of those with a valid price). */
export function menuPriceRange(rows: readonly MenuRow[]): { min: number; max: number } | null {
  const prices = rows.map(optionPrice).filter((price): price is number => price !== null);
  return prices.length > 0 ? { min: Math.min(...prices), max: Math.max(...prices) } : null;
}

function atLeastMinPrice(message: string): Rule<string, ServiceValues> {
  return (value) => {
    const price = parsePrice(value);
    return price !== null && price >= MIN_PRICE ? undefined : message;
  };
}

// A number that is no price is told it is too low (above): only a number can be too high.
function atMostMaxPrice(message: string): Rule<string, ServiceValues> {
  return (value) => {
    const price = parsePrice(value);
    return price !== null && price > MAX_PRICE ? message : undefined;
  };
}

/** At least `min` characters once trimmed, counted as catalog-svc counts them (code points). */
function atLeastCharacters(min: number, message: string): Rule<string, ServiceValues> {
  return (value) => (characters(value) >= min ? undefined : message);
}

function atMostCharacters(max: number, message: string): Rule<string, ServiceValues> {
  return (value) => (characters(value) <= max ? undefined : message);
}

const supportedCharacters: Rule<string, ServiceValues> = (value) =>
  value.includes('\0') ? serviceMessages.unsupportedCharacters : undefined;

const notBelowMinPrice: Rule<string, ServiceValues> = (value, values) => {
  const min = parsePrice(values.minPrice);
  const max = parsePrice(value);
  return min !== null && max !== null && max < min ? serviceMessages.priceOrder : undefined;
};

/** With a menu, the menu prices the listing: its own two prices are not asked for. */
function unlessMenu(rule: Rule<string, ServiceValues>): Rule<string, ServiceValues> {
  return (value, values) => (values.options.length > 0 ? undefined : rule(value, values));
}

const cleansToPhoneNumber: Rule<string, ServiceValues> = (value) =>
  cleanPhoneNumber(value) ? undefined : serviceMessages.phoneAfterCleaning;

const knownCategory: Rule<string, ServiceValues> = (value) =>
  findCategory(value) ? undefined : serviceMessages.unknownCategory;

// A category not on the list has its own message: its subcategory is not judged then.
const subcategoryOfCategory: Rule<string, ServiceValues> = (value, values) =>
  !findCategory(values.category) || findSubcategory(values.category, value)
    ? undefined
    : serviceMessages.unknownSubcategory;

// Keys in the order of the form, which is also the order the messages are read in; each field's
// rules in catalog-svc's order, so that the first broken one says the same on both sides.
export const serviceSchema: Schema<ServiceValues> = {
  serviceName: [
    atLeastCharacters(listingRules.name.min, serviceMessages.serviceName),
    atMostCharacters(listingRules.name.max, serviceMessages.serviceNameTooLong),
    supportedCharacters,
  ],
  minPrice: [
    unlessMenu(atLeastMinPrice(serviceMessages.minPrice)),
    unlessMenu(atMostMaxPrice(serviceMessages.minPriceTooHigh)),
  ],
  maxPrice: [
    unlessMenu(atLeastMinPrice(serviceMessages.maxPrice)),
    unlessMenu(atMostMaxPrice(serviceMessages.maxPriceTooHigh)),
    unlessMenu(notBelowMinPrice),
  ],
  // Each row's messages are shown at the row (checkMenu); this one tells the form that one is wrong.
  options: [(rows) => firstMenuMessage(checkMenu(rows))],
  location: [
    atLeastCharacters(listingRules.location.min, serviceMessages.location),
    atMostCharacters(listingRules.location.max, serviceMessages.locationTooLong),
    supportedCharacters,
  ],
  phoneNumber: [atLeastCharacters(listingRules.phoneNumber.min, serviceMessages.phoneNumber), cleansToPhoneNumber],
  directions: [atMostCharacters(MAX_DIRECTIONS, serviceMessages.directions), supportedCharacters],
  category: [trimmed(minLength(1, serviceMessages.category)), knownCategory],
  subcategory: [trimmed(minLength(1, serviceMessages.subcategory)), subcategoryOfCategory],
  description: [
    atLeastCharacters(listingRules.description.min, serviceMessages.description),
    atMostCharacters(listingRules.description.max, serviceMessages.descriptionTooLong),
    supportedCharacters,
  ],
  durationMinutes: [
    (value) => (SERVICE_LENGTHS.some((length) => String(length) === value) ? undefined : serviceMessages.durationMinutes),
  ],
  servesRadiusKm: [
    (value) => (SERVICE_RADII.some((km) => String(km) === value) ? undefined : serviceMessages.servesRadiusKm),
  ],
  photos: [(photos) => (photos.length >= listingRules.photos.min ? undefined : serviceMessages.photos)],
};

/** The server's names for this form's fields, where they differ (SPEC §3 creation payload). */
const serverFieldNames: Record<string, keyof ServiceValues> = {
  name: 'serviceName',
  images: 'photos',
  // The place is picked in the Location field.
  placeId: 'location',
};

/** A message of the server about one row's field: `options[2].priceKsh`. */
const MENU_ROW_FIELD = /^options\[(\d+)\]\.(name|priceKsh|durationMinutes)$/;

/** The server's per-field messages under this form's field names, those about the menu by row, and the rest. */
export function splitServerErrors(errors: Record<string, string>): {
  fields: Partial<Record<keyof ServiceValues, string>>;
  menu: MenuMessages;
  others: string[];
} {
  const fields: Partial<Record<keyof ServiceValues, string>> = {};
  const menu: MenuMessages = { rows: [] };
  const others: string[] = [];
  for (const [name, message] of Object.entries(errors)) {
    const row = MENU_ROW_FIELD.exec(name);
    if (name === 'options') {
      menu.menu = message;
    } else if (row) {
      const index = Number(row[1]);
      menu.rows[index] = { ...menu.rows[index], [row[2] as MenuField]: message };
    } else {
      const field = serverFieldNames[name] ?? name;
      if (field in serviceSchema) fields[field as keyof ServiceValues] = message;
      else others.push(message);
    }
  }
  return { fields, menu, others };
}
