// The first screen of a page: which page a path opens and the API calls it makes on mount (the
// `firstScreen` of its entry in page-table.ts). The server renderer (src/server/render.tsx) starts those calls, waits for them and renders the page from the
// React components with their answers; in the browser, boot.ts starts them again before the app
// hydrates (the document carries their answers, lib/first-screen-answers.ts) or, on a page the server
// did not render, before React has loaded, beside the page's chunk. Free of React and of the router.
import { pageTable, type PageName, type Params } from './page-table';

/**
 * The parameters of `pattern` ('/service/:id') in `pathname`, or null when it does not match. As the
 * router matches: whole segments, any case, a trailing slash allowed, parameters decoded.
 */
export function matchPath(pattern: string, pathname: string): Params | null {
  const want = pattern.split('/').filter(Boolean);
  const got = pathname.split('/').filter(Boolean);
  if (want.length !== got.length) return null;
  const params: Params = {};
  for (const [index, segment] of want.entries()) {
    const value = got[index]!;
    if (segment.startsWith(':')) {
      try {
        params[segment.slice(1)] = decodeURIComponent(value);
      } catch {
        return null;
      }
    } else if (segment.toLowerCase() !== value.toLowerCase()) {
      return null;
    }
  }
  return params;
}

/** The first screens of the page table, in its order. */
const screens = (Object.keys(pageTable) as PageName[]).flatMap((name) => {
  const { path, firstScreen } = pageTable[name];
  return firstScreen ? [{ name, path, ...firstScreen }] : [];
});

/** The first screen for `pathname`, with its parameters. */
function findScreen(pathname: string) {
  for (const screen of screens) {
    const params = matchPath(screen.path, pathname);
    if (params) return { screen, params };
  }
  return null;
}

/** The page the server renders at `pathname`; null for a page only the browser renders. */
export function serverRenderedPage(pathname: string): PageName | null {
  const found = findScreen(pathname);
  return found?.screen.serverRendered ? found.screen.name : null;
}

/**
 * Starts the data of the page at `pathname` and, unless `{ code: false }` (the server, and a page
 * whose code the app loads itself), its code; names that page (null: no first screen there). A
 * failed download is left to the page's render, which tries again and reports it.
 */
export function startFirstScreen(pathname: string, search = '', { code = true } = {}): PageName | null {
  const found = findScreen(pathname);
  if (!found) return null;
  const { screen, params } = found;
  const page = screen.shown?.() ?? screen.name;
  if (code) pageTable[page].code().catch(() => undefined);
  screen.data?.(params, new URLSearchParams(search));
  return page;
}
