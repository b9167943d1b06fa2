// Sets the browser tab title of a route page ("All Services · Mtaani"); on the server, the page's
// <title> in the document (src/server/render.tsx).
import { useEffect } from 'react';

export const APP_NAME = 'Mtaani';

/** The whole title for a page's `title`. */
export const documentTitle = (title?: string) => (title ? `${title} · ${APP_NAME}` : APP_NAME);

let serverTitle: ((title: string) => void) | undefined;

/** On the server: `collect` is told the title of the page being rendered (none: stop telling). */
export function collectTitle(collect?: (title: string) => void): void {
  serverTitle = collect;
}

export function useDocumentTitle(title?: string): void {
  // Effects do not run on the server.
  serverTitle?.(documentTitle(title));
  useEffect(() => {
    document.title = documentTitle(title);
    return () => {
      document.title = APP_NAME;
    };
  }, [title]);
}
