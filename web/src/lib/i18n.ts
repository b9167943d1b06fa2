// The app's languages: English (the default; SPEC.md's texts letter for letter) and Kiswahili.
//
// Every text the interface shows is written in English where it is used, through t() (or tx() when
// it holds elements): t('Book Appointment'), t('{count} reviews', { count }). The English is the key.
// Each language has a build of its own (vite.config.ts, `i18n` plugin): there, every t('…') literal is
// replaced by its translation from src/i18n/sw/*.json, and a call without values by the bare string,
// so no dictionary is loaded at run time and English costs nothing. A key missing from the
// dictionary fails the Kiswahili build, and src/i18n/dictionary.test.ts fails on a key in one
// language and not the other. So: the first argument is always a string literal, never a variable.
// tx() is in lib/i18n-elements.ts: this module stays free of React, for the entry (boot.ts) imports it.
export const LANGUAGES = ['en', 'sw'] as const;
export type Language = (typeof LANGUAGES)[number];

/** The language of this build (the `i18n` plugin sets it; English in tests and the dev server). */
export const language: Language = import.meta.env.MTAANI_LANGUAGE === 'sw' ? 'sw' : 'en';

/** For Intl: dates, weekday and month names, numbers. */
export const locale = language === 'sw' ? 'sw-KE' : 'en-KE';

/** The cookie that keeps a visitor's choice (read by the renderer to choose the build). */
export const LANGUAGE_COOKIE = 'mtaani_lang';

type Values = Record<string, string | number>;

export const PLACEHOLDER = /\{(\w+)\}/g;

/** `text` in this build's language, its `{name}` placeholders filled from `values`. */
export function t(text: string, values?: Values): string {
  return values ? text.replace(PLACEHOLDER, (hole, name: string) => (name in values ? String(values[name]) : hole)) : text;
}
