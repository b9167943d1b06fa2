// Which language a document is in (src/lib/i18n.ts): the visitor's choice, kept in the mtaani_lang
// cookie by the language switch; before any choice, the one their browser prefers.
import { LANGUAGE_COOKIE, LANGUAGES, type Language } from '@/lib/i18n';

const COOKIE = new RegExp(`(?:^|;\\s*)${LANGUAGE_COOKIE}=(${LANGUAGES.join('|')})(?:;|$)`);

/**
 * English or Kiswahili, whichever `Accept-Language` ranks higher ("sw-KE,sw;q=0.9,en;q=0.8": sw;
 * "en-US,en;q=0.9,sw;q=0.8": en); English when it names neither, or both alike.
 */
export function preferredLanguage(acceptLanguage: string | undefined): Language {
  let best: Language = 'en';
  let bestQuality = 0;
  for (const range of (acceptLanguage ?? '').split(',')) {
    const [tag = '', ...parameters] = range.trim().toLowerCase().split(';');
    const primary = tag.trim().split('-')[0] as Language;
    if (!LANGUAGES.includes(primary)) continue;
    const q = parameters.map((parameter) => /^\s*q\s*=(.*)$/.exec(parameter)?.[1]).find((value) => value !== undefined);
    // A weight that is not a number between 0 and 1 leaves the range out.
    const quality = q === undefined ? 1 : /^\s*[01](\.\d*)?\s*$/.test(q) ? Number(q) : NaN;
    if (Number.isFinite(quality) && quality > bestQuality) {
      best = primary;
      bestQuality = quality;
    }
  }
  return best;
}

/** The language of a request: its mtaani_lang cookie, else its Accept-Language. */
export function chooseLanguage(cookie: string | undefined, acceptLanguage: string | undefined): Language {
  return (COOKIE.exec(cookie ?? '')?.[1] as Language | undefined) ?? preferredLanguage(acceptLanguage);
}
