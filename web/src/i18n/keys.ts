// The texts of the interface and their translations, as the build sees them (Node only: the app never
// imports this). Used by the `i18n` plugin (vite.config.ts), which writes each language's build, and
// by dictionary.test.ts, which checks that every text has its Kiswahili and every Kiswahili its text.
import { readdirSync, readFileSync } from 'node:fs';
import { join } from 'node:path';

export type Dictionary = Map<string, string>;

/** A call of t() or tx() with its first argument, a string literal in single or double quotes. */
const CALL = /\b(tx?)\(\s*('(?:[^'\\\n]|\\.)*'|"(?:[^"\\\n]|\\.)*")\s*([,)])/g;
/** A call whose first argument is anything else (a variable, a template, a concatenation). */
const NOT_LITERAL = /\btx?\(\s*(?!['"\s])|\btx?\(\s*(['"])(?:(?!\1)[^\\\n]|\\.)*\1\s*\+/g;
/** A module that imports the app's t() or tx(). */
const IMPORTS_I18N = /import\s*\{[^}]*\btx?\b[^}]*\}\s*from\s*['"](?:@\/lib\/|\.{1,2}\/(?:\.\.\/)*(?:lib\/)?)i18n(?:-elements)?['"]/;

/** The texts index.html shows (its description and the message without JavaScript). */
export const DOCUMENT_TEXTS = [
  'Mtaani helps you find trusted beauty, hair, health, fitness, fashion, bridal, gifts, home and photography services near you in Kenya.',
  'Mtaani needs JavaScript to show services.',
];

const ESCAPES: Record<string, string> = { n: '\n', t: '\t', r: '\r', b: '\b', f: '\f', v: '\v', 0: '\0' };

/** The value of a JavaScript string literal in quotes. */
export function stringValue(literal: string): string {
  return literal
    .slice(1, -1)
    .replace(/\\(u\{[0-9a-fA-F]+\}|u[0-9a-fA-F]{4}|x[0-9a-fA-F]{2}|\n|.)/g, (_, escape: string) => {
      if (escape.startsWith('u{')) return String.fromCodePoint(parseInt(escape.slice(2, -1), 16));
      if (/^[ux]/.test(escape) && escape.length > 1) return String.fromCharCode(parseInt(escape.slice(1), 16));
      if (escape === '\n') return '';
      return ESCAPES[escape] ?? escape;
    });
}

export interface Call {
  /** Where the literal starts and ends in the source. */
  start: number;
  end: number;
  /** Where the whole call starts, and whether it has no other argument (`t('…')`). */
  callStart: number;
  alone: boolean;
  fn: 't' | 'tx';
  text: string;
}

/** The t()/tx() calls of a module, or none when it does not import them. */
export function calls(source: string, file: string): Call[] {
  if (!IMPORTS_I18N.test(source)) return [];
  const misuse = NOT_LITERAL.exec(source);
  NOT_LITERAL.lastIndex = 0;
  if (misuse) {
    const line = source.slice(0, misuse.index).split('\n').length;
    throw new Error(`${file}:${line}: t() and tx() take one string literal as their first argument (i18n keys are extracted at build time)`);
  }
  const found: Call[] = [];
  for (const match of source.matchAll(CALL)) {
    const [whole, fn, literal, after] = match as unknown as [string, 't' | 'tx', string, string];
    const start = match.index + whole.indexOf(literal, fn.length);
    found.push({
      start,
      end: start + literal.length,
      callStart: match.index,
      alone: after === ')',
      fn,
      text: stringValue(literal),
    });
  }
  return found;
}

/** The placeholders of a text, sorted: '{count} of {total}' -> ['count', 'total']. */
export function placeholders(text: string): string[] {
  return [...text.matchAll(/\{(\w+)\}/g)].map((match) => match[1]!).sort();
}

/** Texts from elsewhere that a dictionary takes in: where they come from, and English -> translation. */
export interface SharedTexts {
  name: string;
  entries: Record<string, string>;
}

/**
 * The API's texts in `language` as English -> translation: the contract's dictionaries
 * (`proto/i18n/<language>.json`, code -> text, which the gateway and messaging-svc read too) joined
 * by code with the English one.
 */
export function apiTexts(folder: string, language: string): SharedTexts {
  const read = (name: string) => JSON.parse(readFileSync(join(folder, `${name}.json`), 'utf8')) as Record<string, string>;
  const english = read('en');
  const translated = read(language);
  const entries: Record<string, string> = {};
  for (const [code, text] of Object.entries(english)) {
    if (!(code in translated)) throw new Error(`i18n: ${folder}/${language}.json has no "${code}"`);
    entries[text] = translated[code]!;
  }
  return { name: join(folder, `${language}.json`), entries };
}

/** A JSON file of texts as shared texts (a test's). */
export function textsFile(file: string): SharedTexts {
  return { name: file, entries: JSON.parse(readFileSync(file, 'utf8')) as Record<string, string> };
}

/**
 * A language's dictionary: every JSON file in `dir` (src/i18n/<language>/), and the `shared` texts
 * (the API's: `apiTexts`), merged. The same key in two of the app's files must have the same
 * translation; a key of the shared texts may not be written again in the app's; a translation must
 * have its key's placeholders.
 */
export function loadDictionary(dir: string, shared: SharedTexts[] = []): Dictionary {
  const dictionary: Dictionary = new Map();
  const problems: string[] = [];
  const files = readdirSync(dir)
    .filter((name) => name.endsWith('.json'))
    .sort()
    .map((name) => join(dir, name));
  const sharedKeys = new Set<string>();
  const sources: [string, Record<string, unknown>, boolean][] = [
    ...shared.map((texts): [string, Record<string, unknown>, boolean] => [texts.name, texts.entries, false]),
    ...files.map((file): [string, Record<string, unknown>, boolean] => [
      file,
      JSON.parse(readFileSync(file, 'utf8')) as Record<string, unknown>,
      true,
    ]),
  ];
  for (const [file, entries, own] of sources) {
    for (const [key, value] of Object.entries(entries)) {
      if (!own) sharedKeys.add(key);
      if (typeof value !== 'string' || value.trim() === '') {
        problems.push(`${file}: "${key}" has no translation`);
      } else if (own && sharedKeys.has(key)) {
        problems.push(`${file}: "${key}" is in ${shared.map((texts) => texts.name).join(', ')} already: write it once`);
      } else if (dictionary.has(key) && dictionary.get(key) !== value) {
        problems.push(`${file}: "${key}" is translated twice, differently: "${dictionary.get(key)}" and "${value}"`);
      } else if (placeholders(key).join() !== placeholders(value).join()) {
        problems.push(`${file}: "${key}" and its translation "${value}" have different placeholders`);
      } else {
        dictionary.set(key, value);
      }
    }
  }
  if (problems.length > 0) throw new Error(`i18n: ${dir}:\n  ${problems.join('\n  ')}`);
  return dictionary;
}

/** Every .ts/.tsx module of the app under `dir` (tests and this folder aside). */
export function appModules(dir: string): string[] {
  const modules: string[] = [];
  for (const entry of readdirSync(dir, { withFileTypes: true })) {
    const path = join(dir, entry.name);
    if (entry.isDirectory()) {
      if (entry.name !== 'i18n' && entry.name !== 'testing') modules.push(...appModules(path));
    } else if (/\.tsx?$/.test(entry.name) && !/\.test\.tsx?$/.test(entry.name) && !entry.name.endsWith('.d.ts')) {
      modules.push(path);
    }
  }
  return modules;
}

/** Every text the app's modules under `dir` pass to t() and tx(), and index.html's. */
export function usedTexts(dir: string): Set<string> {
  const texts = new Set(DOCUMENT_TEXTS);
  for (const file of appModules(dir)) {
    for (const call of calls(readFileSync(file, 'utf8'), file)) texts.add(call.text);
  }
  return texts;
}

/**
 * `source` with its t()/tx() texts in the language of `dictionary` (none: English): `t('…')` alone
 * becomes the bare string, the others keep their call with the text replaced. Throws on a text the
 * dictionary lacks. Returns null when the module has no call.
 */
export function translate(
  source: string,
  file: string,
  dictionary: Dictionary | null,
): { code: string; edits: { start: number; end: number; text: string }[] } | null {
  const found = calls(source, file);
  if (found.length === 0) return null;
  const missing = dictionary ? found.filter((call) => !dictionary.has(call.text)) : [];
  if (missing.length > 0) {
    throw new Error(`${file}: no translation for ${missing.map((call) => JSON.stringify(call.text)).join(', ')} (src/i18n/sw/*.json)`);
  }
  const edits = found.map((call) => {
    const text = JSON.stringify(dictionary ? dictionary.get(call.text)! : call.text);
    if (call.fn === 't' && call.alone) {
      // Up to and including the closing parenthesis.
      const close = source.indexOf(')', call.end);
      return { start: call.callStart, end: close + 1, text };
    }
    return { start: call.start, end: call.end, text };
  });
  let code = '';
  let at = 0;
  for (const edit of edits) {
    code += source.slice(at, edit.start) + edit.text;
    at = edit.end;
  }
  return { code: code + source.slice(at), edits };
}
