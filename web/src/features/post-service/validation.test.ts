// The listing form's rules, as catalog-svc's listing.rs words and places them: every case of the table
// catalog-svc is tested against too, and what the table cannot say (prices as typed, rows as edited).
import { describe, expect, it } from 'vitest';
import { validate } from '@/lib/validation';
import table from '../../../../proto/cases/listing.json';
import {
  checkMenu,
  firstMenuMessage,
  menuMessages,
  menuPriceRange,
  OPTION_LENGTHS,
  radiusChoice,
  SERVICE_RADII,
  serviceSchema,
  splitServerErrors,
  type MenuRow,
  type ServiceValues,
} from './validation';

/** A text of the table: as written, or `{ repeat, times }`. */
type CaseText = string | { repeat: string; times: number };

/** A listing of the table, in the API's field names (prices in whole Ksh; `photos`: how many). */
interface CaseListing {
  name: CaseText;
  minPrice: number;
  maxPrice: number;
  location: CaseText;
  phoneNumber: CaseText;
  category: CaseText;
  subcategory: CaseText;
  description: CaseText;
  directions: CaseText;
  durationMinutes: number;
  servesRadiusKm: number;
  options: { name: CaseText; priceKsh: number; durationMinutes: number }[];
  photos: number;
}

interface ListingCase {
  change: Partial<CaseListing>;
  /** By the API's field names, as the server answers them. */
  errors: Record<string, string>;
  why: string;
}

const { listing, cases } = table as unknown as { listing: CaseListing; cases: ListingCase[] };

function text(value: CaseText): string {
  return typeof value === 'string' ? value : value.repeat.repeat(value.times);
}

/** The form holding the case's listing, typed in as a seller would: numbers as text, photos stored. */
function formValues(change: Partial<CaseListing>): ServiceValues {
  const l = { ...listing, ...change };
  return {
    serviceName: text(l.name),
    minPrice: String(l.minPrice),
    maxPrice: String(l.maxPrice),
    options: l.options.map((option, index) => ({
      key: `row-${index}`,
      name: text(option.name),
      priceKsh: String(option.priceKsh),
      durationMinutes: String(option.durationMinutes),
    })),
    location: text(l.location),
    place: null,
    phoneNumber: text(l.phoneNumber),
    directions: text(l.directions),
    category: text(l.category),
    subcategory: text(l.subcategory),
    description: text(l.description),
    durationMinutes: String(l.durationMinutes),
    servesRadiusKm: String(l.servesRadiusKm),
    photos: Array.from({ length: l.photos }, (_, index) => ({ kind: 'stored', key: `photo-${index}`, src: '' })),
  };
}

describe('the listing rules of proto/cases/listing.json', () => {
  it('are read', () => {
    expect(cases.length).toBeGreaterThanOrEqual(50);
  });

  // The server's answer to the case, put where the form puts a server's answer (splitServerErrors), is
  // exactly what the form says before sending: the same fields, the same texts.
  it.each(cases)('$why', ({ change, errors }) => {
    const values = formValues(change);
    const server = splitServerErrors(errors);
    expect(server.others).toEqual([]);
    const { options, ...fields } = validate(serviceSchema, values);
    expect(fields).toEqual(server.fields);
    expect(checkMenu(values.options)).toEqual(server.menu);
    expect(options).toBe(firstMenuMessage(server.menu));
  });
});

describe('the distance a provider travels', () => {
  it('is one of the choices catalog-svc takes; one stored by another client shows as the choice short of it', () => {
    expect(SERVICE_RADII[0]).toBe(0);
    for (const km of SERVICE_RADII) expect(radiusChoice(km)).toBe(km);
    expect(radiusChoice(7)).toBe(5);
    expect(radiusChoice(49)).toBe(30);
    expect(radiusChoice(500)).toBe(SERVICE_RADII.at(-1));
    expect(radiusChoice(-1)).toBe(0);
  });
});

let rows = 0;
function row(name: string, priceKsh = '500', durationMinutes = '60', id?: string): MenuRow {
  rows += 1;
  return { key: `row-${rows}`, ...(id ? { id } : {}), name, priceKsh, durationMinutes };
}

describe('the service menu rules', () => {
  it('offers half an hour to ten hours, in steps of 30 minutes', () => {
    expect(OPTION_LENGTHS).toHaveLength(20);
    expect(OPTION_LENGTHS[0]).toBe(30);
    expect(OPTION_LENGTHS.at(-1)).toBe(600);
    expect(OPTION_LENGTHS.every((minutes, index) => minutes === (index + 1) * 30)).toBe(true);
  });

  it('passes a good menu', () => {
    const menu = [row('Wash and blow-dry', '500', '30'), row(' Knotless, shoulder length ', '2,500', '180'), row('Waist', '10,000,000', '600')];
    expect(checkMenu(menu)).toEqual({ rows: [] });
    expect(firstMenuMessage(checkMenu(menu))).toBeUndefined();
  });

  it('wants a price of 100 to 10,000,000 Ksh, digits with commas allowed', () => {
    for (const price of ['', '99', '10,000,001', 'Ksh 500', '-200']) {
      expect(checkMenu([row('Wash', price)]).rows[0], price).toEqual({ priceKsh: menuMessages.priceKsh });
    }
    expect(checkMenu([row('Wash', '100'), row('Braids', '1,500')]).rows).toEqual([]);
  });

  it('wants one of the lengths', () => {
    for (const minutes of ['', '0', '45', '630']) {
      expect(checkMenu([row('Wash', '500', minutes)]).rows[0], minutes).toEqual({
        durationMinutes: menuMessages.durationMinutes,
      });
    }
  });

  it('prices the listing from its cheapest to its dearest service', () => {
    expect(menuPriceRange([row('Wash', '500'), row('Waist', '6,000'), row('Cornrows', '800')])).toEqual({ min: 500, max: 6000 });
    // A price not yet valid counts for nothing.
    expect(menuPriceRange([row('Wash', '50'), row('Waist', '6000')])).toEqual({ min: 6000, max: 6000 });
    expect(menuPriceRange([row('Wash', '')])).toBeNull();
  });

  it('asks for the two prices only without a menu', () => {
    const values = { minPrice: '', maxPrice: '', options: [] } as unknown as ServiceValues;
    const priceRules = { minPrice: serviceSchema.minPrice, maxPrice: serviceSchema.maxPrice, options: serviceSchema.options };
    expect(validate(priceRules, values)).toEqual({
      minPrice: 'Minimum price must be at least 100 Ksh',
      maxPrice: 'Maximum price must be at least 100 Ksh',
    });
    expect(validate(priceRules, { ...values, options: [row('Wash', '500', '30')] })).toEqual({});
    expect(validate(priceRules, { ...values, options: [row('Wash', '5', '30')] })).toEqual({ options: menuMessages.priceKsh });
  });
});

describe("the server's messages about the menu", () => {
  it('go to their row and field, and the menu', () => {
    const { fields, menu, others } = splitServerErrors({
      'options[0].name': 'Bad name',
      'options[2].priceKsh': 'Bad price',
      'options[2].durationMinutes': 'Bad length',
      options: 'Too many',
      'options[1].colour': 'What?',
      minPrice: 'Too low',
    });
    expect(fields).toEqual({ minPrice: 'Too low' });
    expect(menu.menu).toBe('Too many');
    expect(menu.rows[0]).toEqual({ name: 'Bad name' });
    expect(menu.rows[1]).toBeUndefined();
    expect(menu.rows[2]).toEqual({ priceKsh: 'Bad price', durationMinutes: 'Bad length' });
    expect(others).toEqual(['What?']);
    expect(firstMenuMessage(menu)).toBe('Too many');
    expect(firstMenuMessage({ rows: menu.rows })).toBe('Bad name');
  });
});
