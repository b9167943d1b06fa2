import { describe, expect, it } from 'vitest';
import { chooseDataSaver } from './data-saver';

describe('the data saver of a document', () => {
  it('follows the browser’s Save-Data before any choice', () => {
    expect(chooseDataSaver(undefined, 'on')).toBe(true);
    expect(chooseDataSaver('mtaani_lang=sw', ' On ')).toBe(true);
    expect(chooseDataSaver(undefined, undefined)).toBe(false);
    expect(chooseDataSaver(undefined, 'off')).toBe(false);
    expect(chooseDataSaver(undefined, ['off', 'on'])).toBe(true);
  });

  it('follows the visitor’s choice over the browser', () => {
    expect(chooseDataSaver('a=1; mtaani_data=saver', undefined)).toBe(true);
    expect(chooseDataSaver('mtaani_data=full', 'on')).toBe(false);
    expect(chooseDataSaver('mtaani_data=other', 'on')).toBe(true);
    expect(chooseDataSaver('xmtaani_data=saver', undefined)).toBe(false);
  });
});
