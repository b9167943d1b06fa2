import { describe, expect, it } from 'vitest';
import { chooseLanguage, preferredLanguage } from './language';

describe('the language of a document', () => {
  it('follows the browser before any choice', () => {
    expect(preferredLanguage('sw-KE,sw;q=0.9,en-US;q=0.8,en;q=0.7')).toBe('sw');
    expect(preferredLanguage('sw')).toBe('sw');
    expect(preferredLanguage('en-US,en;q=0.9,sw;q=0.8')).toBe('en');
    expect(preferredLanguage('fr-FR,fr;q=0.9,sw;q=0.5')).toBe('sw');
    expect(preferredLanguage('en;q=0.5,sw;q=0.6')).toBe('sw');
    expect(preferredLanguage('fr')).toBe('en');
    expect(preferredLanguage(undefined)).toBe('en');
    expect(preferredLanguage('sw;q=0')).toBe('en');
    expect(preferredLanguage('sw;q=abc')).toBe('en');
  });

  it('follows the visitor’s choice over the browser', () => {
    expect(chooseLanguage('a=1; mtaani_lang=sw', 'en')).toBe('sw');
    expect(chooseLanguage('mtaani_lang=en', 'sw')).toBe('en');
    expect(chooseLanguage('mtaani_lang=fr', 'sw')).toBe('sw');
    expect(chooseLanguage('xmtaani_lang=sw', undefined)).toBe('en');
  });
});
