// What the language switch (language-switch.tsx) does, fetched when it is pressed: keeps the choice in
// a cookie, which the server reads to send each page in that language (src/server/language.ts), saves
// a signed-in user's choice on their account (their e-mails and texts follow it), and loads the page
// again in the new language, each language being a build of its own (lib/i18n.ts).
import { api } from '@/lib/api-client';
import { LANGUAGE_COOKIE, type Language } from '@/lib/i18n';
import { readSession } from '@/lib/session';

/** How long the account may take to note the choice before the page changes anyway. */
const ACCOUNT_WAIT_MS = 3000;

export async function switchLanguage(to: Language): Promise<void> {
  const secure = location.protocol === 'https:' ? '; secure' : '';
  document.cookie = `${LANGUAGE_COOKIE}=${to}; path=/; max-age=31536000; samesite=lax${secure}`;
  if (readSession()) {
    await Promise.race([
      api.put('/api/me/language', { language: to }).catch(() => undefined),
      new Promise((resolve) => setTimeout(resolve, ACCOUNT_WAIT_MS)),
    ]);
  }
  location.reload();
}
