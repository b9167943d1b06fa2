// Renders a public page on the server from the app's own components: the page's API calls
// (app/first-screen.ts) are made to the gateway and answered, then React renders the page with those
// answers to HTML, which the browser shows at once and the app hydrates (main.tsx). The document
// carries the answers (lib/first-screen-answers.ts), so the app's first render is this one.
import { AsyncLocalStorage } from 'node:async_hooks';
import { StrictMode } from 'react';
import { renderToString } from 'react-dom/server';
import { StaticRouter } from 'react-router';
import { App } from '@/app';
import { serverRenderedPage, startFirstScreen } from '@/app/first-screen';
import { pages } from '@/app/pages';
import { setArea, type Area } from '@/lib/area-state';
import { setDataSaver } from '@/lib/data-saver';
import { collectMeta, collectTitle, documentTitle, type PageMeta } from '@/lib/document-title';
import { loadEveryPart } from '@/lib/preloadable';
import { setPrefetchStore, whenPrefetched, type PrefetchStore } from '@/lib/prefetch';
import type { Gateway, GatewayAnswer } from './gateway';

// The renderer (main.ts) loads this module once per language (dist-server/app.<language>.mjs): what
// it needs of the app in that language comes from here.
export { headTags } from './head';
export { language } from '@/lib/i18n';

/** A call a page made: its URL as the app wrote it, and the gateway's answer. */
export interface PageCall extends GatewayAnswer {
  url: string;
}

/** One page being rendered: its calls' answers, kept apart from the other pages rendered meanwhile. */
interface PageCalls {
  prefetched: PrefetchStore;
  /** Answers already had (a revalidation just fetched them), by URL. */
  known: Map<string, GatewayAnswer>;
  /** Each GET the page made, by the URL the app wrote. */
  answers: Map<string, GatewayAnswer>;
  /** A call got no answer (the gateway down or too slow): the page is left to the browser. */
  unanswered: boolean;
  gateway: Gateway;
  signal: AbortSignal;
}

const calls = new AsyncLocalStorage<PageCalls>();
const outside: PrefetchStore = new Map();
setPrefetchStore(() => calls.getStore()?.prefetched ?? outside);

// The app's reads are fetch('/api/…') calls (lib/api-client.ts): on the server they go to the gateway,
// and their answers are kept for the document.
const networkFetch = globalThis.fetch;
globalThis.fetch = async (input, init) => {
  const page = calls.getStore();
  if (!page || typeof input !== 'string' || !input.startsWith('/api/')) return networkFetch(input, init);
  try {
    const answer = page.known.get(input) ?? (await page.gateway.get(input, page.signal));
    if (!answer) throw new Error(`the gateway answered 304 to ${input} unasked`);
    page.answers.set(input, answer);
    return new Response(answer.text || null, { status: answer.status });
  } catch (error) {
    page.unanswered = true;
    throw error;
  }
};

/**
 * Every page's code, and then the parts of pages with code of their own (a listing's reviews), loaded
 * once at start: a page then renders whole, without suspending (lib/preloadable.ts).
 */
export async function loadPages(): Promise<unknown> {
  await Promise.all(Object.values(pages).map((page) => page.load()));
  return loadEveryPart();
}

export interface RenderedPage {
  /** The page's markup, for #root. */
  html: string;
  title: string;
  /** What the page said of itself for its document's tags (usePageMeta); none: only the title. */
  meta?: PageMeta;
  /** The answers' JSON for the document's first-screen-answers element; '' when the page made no call. */
  answers: string;
  /** The calls the page made, in order, to check later whether their answers have changed. */
  calls: PageCall[];
}

/** The answers a page's calls got, as lib/first-screen-answers.ts reads them; '<' escaped for <script>. */
function answersJson(answers: Map<string, GatewayAnswer>): string {
  if (answers.size === 0) return '';
  const carried: Record<string, { status: number; body: unknown }> = {};
  for (const [url, { status, text }] of answers) {
    let body: unknown = text;
    try {
      // As fetchAnswer reads it: JSON, else the text as it came.
      body = text ? JSON.parse(text) : text;
    } catch {
      // Kept as text.
    }
    carried[url] = { status, body };
  }
  return JSON.stringify(carried).replace(/</g, '\\u003c');
}

export interface RenderOptions {
  gateway: Gateway;
  /** How long the page's calls may take in all. */
  timeoutMs: number;
  /** Answers already had for some of the page's calls. */
  known?: Map<string, GatewayAnswer>;
  /** The page with the data saver on (lib/data-saver.ts): photos as their colours until asked for. */
  dataSaver?: boolean;
  /** The visitor's area (lib/area.ts): its lists nearest first. */
  area?: Area | null;
}

/**
 * The page at `url` rendered, or null when the server does not render it (a page that depends on the
 * visitor, or one the app does not know) or cannot now (a call got no answer, or the gateway failed):
 * the browser then renders it itself.
 */
export async function renderPage(
  url: URL,
  { gateway, timeoutMs, known = new Map(), dataSaver = false, area = null }: RenderOptions,
): Promise<RenderedPage | null> {
  if (!serverRenderedPage(url.pathname)) return null;
  const page: PageCalls = {
    prefetched: new Map(),
    known,
    answers: new Map(),
    unanswered: false,
    gateway,
    signal: AbortSignal.timeout(timeoutMs),
  };
  await calls.run(page, async () => {
    // The calls are written now, from the area (first-pages.ts).
    setArea(area);
    startFirstScreen(url.pathname, url.search, { code: false });
    await whenPrefetched();
  });
  if (page.unanswered || [...page.answers.values()].some(({ status }) => status >= 500)) return null;

  let title = documentTitle();
  let meta: PageMeta | undefined;
  collectTitle((pageTitle) => {
    title = pageTitle;
  });
  collectMeta((pageMeta) => {
    meta = pageMeta;
  });
  try {
    // Synchronous: no other page's calls run meanwhile, and the title collected and the data saver set
    // are this page's.
    setDataSaver(dataSaver);
    setArea(area);
    const html = calls.run(page, () =>
      renderToString(
        <StrictMode>
          <App router={({ children }) => <StaticRouter location={url.pathname + url.search}>{children}</StaticRouter>} />
        </StrictMode>,
      ),
    );
    return {
      html,
      title,
      meta,
      answers: answersJson(page.answers),
      calls: [...page.answers].map(([callUrl, answer]) => ({ url: callUrl, ...answer })),
    };
  } finally {
    collectTitle();
    collectMeta();
  }
}

/**
 * Whether the answers of `before` are still the gateway's (each call made again, conditionally: a 304
 * is a yes); the answers that changed, for rendering the page again without asking twice. A call
 * without an ETag cannot be checked: the page is rendered again.
 */
export async function revalidate(
  before: PageCall[],
  gateway: Gateway,
  timeoutMs: number,
): Promise<{ unchanged: boolean; known: Map<string, GatewayAnswer> }> {
  const signal = AbortSignal.timeout(timeoutMs);
  const known = new Map<string, GatewayAnswer>();
  if (before.some(({ etag }) => !etag)) return { unchanged: false, known };
  const answers = await Promise.all(before.map(({ url, etag }) => gateway.get(url, signal, etag)));
  let unchanged = true;
  answers.forEach((answer, index) => {
    const call = before[index]!;
    if (answer === null) {
      known.set(call.url, call);
    } else {
      unchanged = false;
      known.set(call.url, answer);
    }
  });
  return { unchanged, known };
}
