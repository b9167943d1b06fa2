// The renderer: an HTTP server that answers each page's document (web/README "Server rendering").
// nginx (deploy/nginx) or, without nginx, the gateway (gateway/src/web.rs) passes it the paths that
// are no file of the built app, and sets the document's caching (no-cache: asked again on each
// visit); when it is down or slow they serve index.html instead, which renders the page in the
// browser. It calls nothing but the gateway.
//
//   RENDERER_LISTEN  host:port to listen on (default 127.0.0.1:0: a free port, printed at start)
//   GATEWAY_URL      the gateway's origin (default http://127.0.0.1:8080)
//   WEB_DIST         the built web app (default web/dist)
//   RENDER_TIMEOUT_MS  how long a page's API calls may take (default 1500)
//   RENDER_CACHE_PAGES how many rendered pages are kept (default 500)
//   PUBLIC_BASE_URL  the address visitors use, for the documents' canonical and preview URLs (default
//                    http://127.0.0.1:$PORT, as the services' e-mail links)
//
// Each page comes in the visitor's language (src/lib/i18n.ts): the one their `mtaani_lang` cookie
// names, else the one their browser prefers of English and Kiswahili (Accept-Language), else English.
// The app is built once per language: dist-server/app.<language>.mjs, with the documents
// WEB_DIST/index.html (English) and WEB_DIST/<language>/index.html. And with the data saver on or off
// (src/lib/data-saver.ts): the visitor's `mtaani_data` cookie, else their browser's Save-Data; marked
// on #root (data-saver) for the app's first render.
import { readFileSync } from 'node:fs';
import { createServer, type ServerResponse } from 'node:http';
import type { AddressInfo } from 'node:net';
import { join } from 'node:path';
import { performance } from 'node:perf_hooks';
import { areaChoice, type Area } from '@/lib/area-state';
import { chooseDataSaver } from './data-saver';
import { Gateway } from './gateway';
import { LANGUAGES, type Language } from '@/lib/i18n';
import { chooseLanguage } from './language';
import { PageCache } from './page-cache';
import type { PageCall, RenderedPage } from './render';

/** The app in one language: dist-server/app.<language>.mjs, built from ./render.tsx. */
type App = typeof import('./render');

function setting(name: string, fallback: string): string {
  const value = process.env[name]?.trim();
  return value ? value : fallback;
}

function count(name: string, fallback: number): number {
  const value = Number(setting(name, String(fallback)));
  if (!Number.isInteger(value) || value < 0) throw new Error(`${name} must be a whole number, not "${process.env[name]}"`);
  return value;
}

const listen = setting('RENDERER_LISTEN', '127.0.0.1:0');
const gateway = new Gateway(setting('GATEWAY_URL', 'http://127.0.0.1:8080'));
const dist = setting('WEB_DIST', 'web/dist');
const timeoutMs = count('RENDER_TIMEOUT_MS', 1500);
const origin = setting('PUBLIC_BASE_URL', `http://127.0.0.1:${setting('PORT', '8080')}`).replace(/\/+$/, '');
if (!/^https?:\/\//.test(origin)) throw new Error(`PUBLIC_BASE_URL must be an http(s) address, not "${origin}"`);
/**
 * Rendered pages' documents, by language, data saver, path and query, with the calls each was rendered
 * from.
 */
const cache = new PageCache<{ calls: PageCall[]; document: string; status: number }>(count('RENDER_CACHE_PAGES', 500));

interface Documents {
  app: App;
  /** index.html: a page the server does not render. */
  shell: string;
  /**
   * server-rendered.html: the same without the app's scripts preloaded (they would compete with the
   * page's photos; boot.ts fetches them after those). Its generic description gives way to each
   * page's own (head.ts).
   */
  template: string;
}
const ROOT = '<div id="root"></div>';

async function load(language: Language): Promise<Documents> {
  const dir = language === 'en' ? dist : join(dist, language);
  const shell = readFileSync(join(dir, 'index.html'), 'utf8');
  const template = readFileSync(join(dir, 'server-rendered.html'), 'utf8').replace(/<meta\s+name="description"[^>]*>\s*/, '');
  if (!template.includes(ROOT)) throw new Error(`${dir}/server-rendered.html has no ${ROOT}`);
  const app = (await import(/* @vite-ignore */ new URL(`./app.${language}.mjs`, import.meta.url).href)) as App;
  if (app.language !== language) throw new Error(`app.${language}.mjs is the app in "${app.language}"`);
  return { app, shell, template };
}
const documents = Object.fromEntries(await Promise.all(LANGUAGES.map(async (language) => [language, await load(language)]))) as Record<
  Language,
  Documents
>;

const escapeHtml = (text: string) =>
  text.replace(/[&<>"]/g, (char) => ({ '&': '&amp;', '<': '&lt;', '>': '&gt;', '"': '&quot;' })[char]!);

/** The document of a rendered page, with its tags for link previews and search engines. */
function documentOf({ app, template }: Documents, page: RenderedPage, url: URL, dataSaver: boolean): string {
  const answers = page.answers
    ? `<script type="application/json" id="first-screen-answers">${page.answers}</script>`
    : '';
  return template
    .replace(
      /<title>[^<]*<\/title>/,
      () => `<title>${escapeHtml(page.title)}</title>${app.headTags(page.title, page.meta, url, origin)}`,
    )
    .replace(ROOT, () => `<div id="root" data-rendered="server"${dataSaver ? ' data-saver' : ''}>${page.html}</div>${answers}`);
}

/**
 * A document: the page rendered (404 when it is a page that is not there: an unknown listing, say) or
 * index.html (200), never an error page.
 */
function send(
  response: ServerResponse,
  language: Language,
  body: string,
  how: string,
  startedAt: number,
  status = 200,
): void {
  response.writeHead(status, {
    'Content-Type': 'text/html; charset=utf-8',
    'Content-Language': language,
    // The same address is a document per language and data saver (nginx and the gateway say the same).
    Vary: 'Cookie, Accept-Language, Save-Data',
    'Content-Length': Buffer.byteLength(body),
    // cached | rendered | browser (the page is left to the browser): for the benchmark and the tests.
    'X-Rendered': how,
    'Server-Timing': `render;dur=${(performance.now() - startedAt).toFixed(1)}`,
  });
  response.end(body);
}

const server = createServer((request, response) => {
  const startedAt = performance.now();
  const url = new URL(request.url ?? '/', 'http://renderer');
  if (url.pathname === '/healthz') {
    response.writeHead(200, { 'Content-Type': 'text/plain' }).end('ok\n');
    return;
  }
  if (request.method !== 'GET' && request.method !== 'HEAD') {
    response.writeHead(405, { Allow: 'GET, HEAD', 'Content-Type': 'application/json' });
    response.end(JSON.stringify({ message: 'Method not allowed' }));
    return;
  }
  const language = chooseLanguage(request.headers.cookie, request.headers['accept-language']);
  const dataSaver = chooseDataSaver(request.headers.cookie, request.headers['save-data']);
  // The visitor's area (lib/area.ts): their lists come nearest first.
  const area = areaChoice(request.headers.cookie ?? '');
  const where = area ? (area.near ?? area.placeId) : '';
  answer(documents[language], url, { dataSaver, area }, `${language}:${dataSaver ? 'saver' : 'full'}:${where}:${url.pathname}${url.search}`)
    .then(([body, how, status]) => send(response, language, body, how, startedAt, status))
    .catch((error: unknown) => {
      // The browser renders the page instead, and reports what it finds.
      console.error(`rendering ${url.pathname} failed:`, error);
      send(response, language, documents[language].shell, 'browser', startedAt);
    });
});

/**
 * The document for `url` and how it was made: a page rendered before whose answers the gateway says
 * are unchanged (cached), rendered now (rendered), or index.html (browser).
 */
async function answer(
  documents: Documents,
  url: URL,
  { dataSaver, area }: { dataSaver: boolean; area: Area | null },
  key: string,
): Promise<[string, string, number]> {
  const { app } = documents;
  const kept = cache.get(key);
  let known;
  if (kept) {
    const checked = await app.revalidate(kept.calls, gateway, timeoutMs).catch(() => null);
    if (checked?.unchanged) return [kept.document, 'cached', kept.status];
    known = checked?.known;
  }
  const page = await app.renderPage(url, { gateway, timeoutMs, known, dataSaver, area });
  if (!page) return [documents.shell, 'browser', 200];
  const document = documentOf(documents, page, url, dataSaver);
  const status = page.meta?.notFound ? 404 : 200;
  cache.set(key, { calls: page.calls, document, status });
  return [document, 'rendered', status];
}
// Behind nginx's and the gateway's pooled connections.
server.keepAliveTimeout = 65_000;

const [host, port] = [listen.slice(0, listen.lastIndexOf(':')), Number(listen.slice(listen.lastIndexOf(':') + 1))];
await Promise.all(Object.values(documents).map(({ app }) => app.loadPages()));
server.listen(port, host.replace(/^\[|\]$/g, ''), () => {
  const address = server.address() as AddressInfo;
  const shown = address.family === 'IPv6' ? `[${address.address}]` : address.address;
  // The first line on standard output: the all-in-one run reads the address from it.
  console.log(`renderer listening on http://${shown}:${address.port}`);
});

// Started by the all-in-one run (gateway/all-in-one/src/renderer.rs): its standard input is that
// process, and it ends with it, however that ends.
if (process.env.RENDERER_EXIT_WITH_STDIN === '1') {
  process.stdin.on('end', () => process.exit(0));
  process.stdin.on('error', () => process.exit(0));
  process.stdin.resume();
}

// SIGTERM (a rolling restart) and Ctrl-C: no new connections, the pages in flight finished.
for (const signal of ['SIGTERM', 'SIGINT'] as const) {
  process.on(signal, () => {
    server.close(() => process.exit(0));
    server.closeIdleConnections();
    setTimeout(() => process.exit(0), 10_000).unref();
  });
}
