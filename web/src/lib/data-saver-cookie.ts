// The data saver's cookie: the footer's switch keeps the visitor's choice in it (lib/data-saver.ts);
// the app and the renderer (src/server/data-saver.ts) read it. Free of React, for the renderer.

/** The choice kept in `cookie` (a Cookie header, or document.cookie): on, off, or undefined when none. */
export function dataSaverChoice(cookie: string): boolean | undefined {
  const chosen = /(?:^|;\s*)mtaani_data=(saver|full)(?:;|$)/.exec(cookie);
  return chosen ? chosen[1] === 'saver' : undefined;
}

/** The cookie that keeps the choice `on` for a year. */
export function dataSaverCookie(on: boolean): string {
  return `mtaani_data=${on ? 'saver' : 'full'}; path=/; max-age=31536000; samesite=lax`;
}
