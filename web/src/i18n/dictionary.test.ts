// Every text of the interface has its Kiswahili, and every Kiswahili its text (issue 21): the same
// extraction the build uses (keys.ts), over the app's modules.
import { join } from 'node:path';
import { describe, expect, it } from 'vitest';
import { apiTexts, calls, loadDictionary, placeholders, textsFile, translate, usedTexts } from './keys';

// Vitest runs in web/.
const src = join(process.cwd(), 'src');
// The app's own texts, and with them the API's (the contract's proto/i18n/<language>.json, by code),
// as the build reads them.
const own = loadDictionary(join(src, 'i18n', 'sw'));
const api = apiTexts(join(process.cwd(), '..', 'proto', 'i18n'), 'sw');
const sw = loadDictionary(join(src, 'i18n', 'sw'), [api]);

describe('the Kiswahili dictionary', () => {
  const used = usedTexts(src);

  it('has every text the app shows', () => {
    expect([...used].filter((text) => !sw.has(text))).toEqual([]);
  });

  it('has no text the app does not show (the API texts may be the gateway alone)', () => {
    expect([...own.keys()].filter((text) => !used.has(text))).toEqual([]);
  });

  it('writes a text the API answers too in the API store only', () => {
    expect(sw.size).toBeGreaterThan(own.size + 100);
    // A key of the shared store written again in the app's own files fails the build.
    expect(() => loadDictionary(join(src, 'i18n', 'sw'), [textsFile(join(src, 'i18n', 'sw', 'shell.json'))])).toThrow(/write it once/);
  });

  it('keeps each text’s placeholders', () => {
    expect([...sw].filter(([key, value]) => placeholders(key).join() !== placeholders(value).join())).toEqual([]);
  });

  it('writes the currency "Ksh" in both languages (issue 39 §6)', () => {
    expect([...sw].filter(([key, value]) => /KSh|KSH/.test(key + value))).toEqual([]);
  });

  it('covers a real part of the interface', () => {
    expect(used.size).toBeGreaterThan(500);
  });
});

describe('the build’s extraction', () => {
  const module = `import { t } from '@/lib/i18n';
import { tx } from '@/lib/i18n-elements';
const a = t('Book Appointment');
const b = t("Don't \\"go\\"", { n: 1 });
const c = tx(
  'By {x}',
  { x: 1 },
);`;

  it('reads the literals and replaces them', () => {
    expect(calls(module, 'm.ts').map((call) => [call.fn, call.text, call.alone])).toEqual([
      ['t', 'Book Appointment', true],
      ['t', 'Don\'t "go"', false],
      ['tx', 'By {x}', false],
    ]);
    const dictionary = new Map([
      ['Book Appointment', 'Weka miadi'],
      ['Don\'t "go"', 'Usiende'],
      ['By {x}', 'Na {x}'],
    ]);
    const code = translate(module, 'm.ts', dictionary)!.code;
    expect(code).toContain('const a = "Weka miadi";');
    expect(code).toContain('const b = t("Usiende", { n: 1 });');
    expect(code).toContain('tx(\n  "Na {x}",');
    expect(translate(module, 'm.ts', null)!.code).toContain('const a = "Book Appointment";');
  });

  it('refuses a text it cannot read or translate', () => {
    expect(() => calls(`import { t } from '@/lib/i18n';\nt(label);`, 'm.ts')).toThrow(/m\.ts:2: .*string literal/);
    expect(() => calls(`import { t } from '@/lib/i18n';\nt('a' + b);`, 'm.ts')).toThrow(/string literal/);
    expect(() => calls('import { t } from "@/lib/i18n";\nt(`a`);', 'm.ts')).toThrow(/string literal/);
    expect(() => translate(module, 'm.ts', new Map())).toThrow(/no translation for "Book Appointment"/);
    // A module that does not import them is not read.
    expect(calls(`const t = (x: string) => x;\nt(label);`, 'm.ts')).toEqual([]);
  });
});

describe('the Kiswahili category titles', () => {
  it('name every category and subcategory of the data file, and nothing else', async () => {
    const { default: tree } = await import('../../../proto/catalog/v1/categories.json');
    const { default: titles } = await import('../../../proto/catalog/v1/categories.sw.json');
    const wanted = tree.categories.flatMap(({ title, subcategories }) => [title, ...subcategories.map((s) => s.title)]);
    expect(Object.keys(titles).sort()).toEqual([...new Set(wanted)].sort());
    expect(Object.values(titles).every((value) => value.trim() !== '')).toBe(true);
  });
});
