import { afterEach, describe, expect, it } from 'vitest';
import { areaChoice, areaCookie, areaParams, chooseArea, currentArea, roundedPosition, setArea } from './area-state';

describe('the visitor’s area', () => {
  afterEach(() => chooseArea(null));

  it('keeps a position or a place, with its label, in a cookie that reads back', () => {
    const near = { near: roundedPosition(-1.21764, 36.896912), label: 'Kasarani' };
    expect(near.near).toBe('-1.218,36.897');
    const cookie = areaCookie(near);
    expect(cookie).toMatch(/^mtaani_area=[^;\s]+; path=\/; max-age=2592000; samesite=lax$/);
    expect(areaChoice(`a=1; ${cookie.split(';')[0]}; b=2`)).toEqual(near);
    const place = { placeId: 'nairobi~lavington', label: 'Lavington' };
    expect(areaChoice(areaCookie(place).split(';')[0]!)).toEqual(place);
  });

  it('reads nothing odd as an area', () => {
    for (const cookie of [
      '',
      'mtaani_area=',
      'mtaani_area=near%7Cnowhere%7CX',
      'mtaani_area=place%7CNAIROBI%3Cscript%3E%7CX',
      'mtaani_area=%E0%A4%A',
      'xmtaani_area=near%7C-1.2%2C36.8%7CX',
      'mtaani_area=tap%7C-1.2%2C36.8%7CX',
    ]) {
      expect(areaChoice(cookie)).toBeNull();
    }
  });

  it('adds near or placeId to a list’s call, and nothing without an area', () => {
    expect(areaParams({ near: '-1.218,36.897', label: 'Kasarani' })).toEqual({ near: '-1.218,36.897' });
    expect(areaParams({ placeId: 'nairobi.kasarani', label: 'Kasarani' })).toEqual({ placeId: 'nairobi.kasarani' });
    expect(areaParams(null)).toEqual({});
  });

  it('is chosen in the browser (kept for the next pages) and set by the renderer for one page', () => {
    chooseArea({ placeId: 'nairobi~lavington', label: 'Lavington' });
    expect(currentArea()).toEqual({ placeId: 'nairobi~lavington', label: 'Lavington' });
    expect(areaChoice(document.cookie)).toEqual({ placeId: 'nairobi~lavington', label: 'Lavington' });
    chooseArea(null);
    expect(areaChoice(document.cookie)).toBeNull();
    setArea({ near: '-1.2,36.8', label: 'X' });
    expect(currentArea()?.near).toBe('-1.2,36.8');
  });
});
