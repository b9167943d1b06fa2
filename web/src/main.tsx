// The app, started by boot.ts: it hydrates a page the server rendered, or renders any other into #root.
import { StrictMode, startTransition } from 'react';
import { createRoot, hydrateRoot } from 'react-dom/client';
import { App } from './app';
import { releasePresses, stopHoldingPresses } from './app/before-hydration';
import { startFirstScreen } from './app/first-screen';
import type { PageName } from './app/page-table';
import { pages } from './app/pages';
import { loadAxiosInstance } from './lib/api-client';
import { whenPageShown } from './lib/page-shown';
import { whenPrefetched } from './lib/prefetch';

/** How long the first render waits for the first page's code before showing the frame with a loader. */
const FIRST_PAGE_WAIT_MS = 1000;

/** How long after the page's load event (at the least) axios and the offline part come, when the browser is idle. */
const IDLE_AFTER_LOAD_MS = 1500;

/**
 * Once the page has loaded and the browser is idle. axios: the first screen needs none
 * (lib/api-client.ts), the visitor's first action (the booking dialog, a form, "Load more") does; then
 * it is there, without delaying the first screen on a slow connection. And the offline part
 * (offline/start.ts: the service worker, registered late so that it does not compete with the page, and
 * the connection banner), none of which is on the first load.
 */
function startWhenIdle(): void {
  const fetchIt = () => {
    void loadAxiosInstance().catch(() => undefined);
    if (import.meta.env.PROD) void import('./offline/start').then(({ start }) => start(), () => undefined);
  };
  const later = () =>
    setTimeout(() => {
      if ('requestIdleCallback' in window) window.requestIdleCallback(fetchIt, { timeout: 5000 });
      else fetchIt();
    }, IDLE_AFTER_LOAD_MS);
  if (document.readyState === 'complete') later();
  else window.addEventListener('load', later, { once: true });
}

/**
 * Renders the app once the first page's code is here (boot.ts started it), so that the page appears
 * whole rather than after a loader, which React would keep on screen for 300 ms at least.
 */
export function mount(firstPage: PageName | null): void {
  const root = document.getElementById('root');
  if (!root) throw new Error('The page has no #root element to mount the app into');

  const render = () =>
    // A transition: React renders in slices that leave the main thread free between them.
    startTransition(() => {
      createRoot(root).render(
        <StrictMode>
          <App />
        </StrictMode>,
      );
    });

  startWhenIdle();
  if (!firstPage) {
    render();
    return;
  }
  // A failed download shows the app at once: the page's render tries again and reports it.
  const code = pages[firstPage].load().catch(() => undefined);
  const timeout = new Promise((resolve) => setTimeout(resolve, FIRST_PAGE_WAIT_MS));
  void Promise.race([code, timeout]).then(render);
}

/**
 * Hydrates the page the server rendered into `root`: the same answers (the document carries them,
 * lib/first-screen-answers.ts) and the page's code first, so that the first render is the server's.
 */
export async function hydrate(root: HTMLElement): Promise<void> {
  const { pathname, search } = window.location;
  const page = startFirstScreen(pathname, search, { code: false });
  startWhenIdle();
  await Promise.all([page && pages[page].load().catch(() => undefined), whenPrefetched()]);
  // Once, when the page has hydrated (lib/page-shown.ts).
  whenPageShown(() => {
    // The page is the app's now (and tests can tell).
    root.dataset.rendered = 'hydrated';
    releasePresses(root);
  });
  stopHoldingPresses(root);
  hydrateRoot(
    root,
    <StrictMode>
      <App />
    </StrictMode>,
  );
}
