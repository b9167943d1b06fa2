// A listing's rules as the listing form checks them and builds its choices from them: the contract's
// data file (proto/catalog/v1/listing-rules.json), which catalog-svc enforces too. proto/cases/listing.json
// holds the cases the form and the service are both tested on.
import rules from '../../../proto/catalog/v1/listing-rules.json';

/** A text's length in characters (code points), once trimmed: what the rules' lengths count. */
export function characters(text: string): number {
  return [...text.trim()].length;
}

/** From `min` to `max` in steps of `step` (each a multiple of it). */
function steps({ min, max, step }: { min: number; max: number; step: number }): readonly number[] {
  return Array.from({ length: Math.floor((max - min) / step) + 1 }, (_, index) => min + index * step);
}

export const listingRules = {
  name: rules.name,
  location: rules.location,
  /** As typed, before the number is cleaned. */
  phoneNumber: rules.phoneNumber,
  description: rules.description,
  directions: rules.directions,
  /** Whole Ksh: a listing's two prices, and each price of its menu. */
  priceKsh: rules.priceKsh,
  photos: rules.photos,
  /** How long one booking of a listing may take, in minutes: the form's choices. */
  durationMinutes: steps(rules.durationMinutes),
  /** What a listing that gives no length takes, in minutes. */
  defaultDurationMinutes: rules.durationMinutes.defaultMinutes,
  /** How far a provider may say they travel to customers, in km (0: customers come to them): the form's choices. */
  servesRadiusKm: rules.servesRadiusKm as readonly number[],
  menu: {
    maxOptions: rules.menu.maxOptions,
    optionName: rules.menu.optionName,
    /** How long one service of a menu may take, in minutes: the form's choices. */
    optionDurationMinutes: steps(rules.menu.optionDurationMinutes),
  },
} as const;
