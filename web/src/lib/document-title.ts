// Sets the browser tab title of a route page ("All Services · Mtaani"); on the server, the page's
// <title> in the document (src/server/render.tsx), and what the document says of the page to link
// previews and search engines (describePage).
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

/** What a page's document says of it (src/server/main.ts writes the tags). */
export interface PageMeta {
  /** The meta description and og:description: a sentence or two. */
  description: string;
  /** og:image: a URL on this site (/media/…, /og-default.jpg); the branded picture when absent. */
  image?: string;
  /** The image's width and height when known (og:image:width, og:image:height). */
  imageSize?: readonly [number, number];
  /** og:type: 'website' when absent. */
  type?: 'website' | 'article' | 'profile';
  /** schema.org objects for the page's JSON-LD. */
  jsonLd?: readonly object[];
  /** The page is not there: its document answers 404, with no tags of what it was asked for. */
  notFound?: boolean;
}

let serverMeta: ((meta: PageMeta) => void) | undefined;

/** On the server: `collect` is told the meta of the page being rendered (none: stop telling). */
export function collectMeta(collect?: (meta: PageMeta) => void): void {
  serverMeta = collect;
}

/**
 * The page's meta for its server-rendered document. Call it as `if (import.meta.env.SSR)
 * describePage(…)`: the browser's build then carries neither the call nor what builds the meta.
 */
export function describePage(meta: PageMeta): void {
  serverMeta?.(meta);
}
