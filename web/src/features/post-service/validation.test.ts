// The service menu's rules (issue 42), as catalog-svc's listing.rs words and places them.
import { describe, expect, it } from 'vitest';
import { validate } from '@/lib/validation';
import {
  checkMenu,
  firstMenuMessage,
  menuMessages,
  menuPriceRange,
  OPTION_LENGTHS,
  serviceSchema,
  splitServerErrors,
  type MenuRow,
  type ServiceValues,
} from './validation';

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

  it('wants a name of 2 to 80 characters once trimmed, counted as the server counts', () => {
    expect(checkMenu([row(' A ')]).rows[0]).toEqual({ name: menuMessages.name });
    expect(checkMenu([row('a'.repeat(81))]).rows[0]).toEqual({ name: menuMessages.name });
    expect(checkMenu([row('Ab')]).rows).toEqual([]);
    // 80 characters beyond the basic plane are 160 UTF-16 units: still 80 characters.
    expect(checkMenu([row('😀'.repeat(80))]).rows).toEqual([]);
  });

  it('names the later of two services with one name, whatever their case and spaces', () => {
    const found = checkMenu([row('Wash'), row('Cornrows'), row(' wash ')]);
    expect(found.rows[0]).toBeUndefined();
    expect(found.rows[1]).toBeUndefined();
    expect(found.rows[2]).toEqual({ name: menuMessages.sameName });
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

  it('says every wrong field of a row, and a menu of more than 30 services', () => {
    expect(checkMenu([row('W', '5', '')]).rows[0]).toEqual({
      name: menuMessages.name,
      priceKsh: menuMessages.priceKsh,
      durationMinutes: menuMessages.durationMinutes,
    });
    const many = Array.from({ length: 31 }, (_, index) => row(`Style ${index}`));
    expect(checkMenu(many)).toEqual({ menu: menuMessages.tooMany, rows: [] });
    expect(checkMenu(many.slice(1))).toEqual({ rows: [] });
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
