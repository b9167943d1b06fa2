// The app, mounted into #root by boot.ts.
import { StrictMode, startTransition } from 'react';
import { createRoot } from 'react-dom/client';
import { App } from './app';
import type { PageName } from './app/page-code';
import { pages } from './app/pages';

/** How long the first render waits for the first page's code before showing the frame with a loader. */
const FIRST_PAGE_WAIT_MS = 1000;

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

  if (!firstPage) {
    render();
    return;
  }
  // A failed download shows the app at once: the page's render tries again and reports it.
  const code = pages[firstPage].load().catch(() => undefined);
  const timeout = new Promise((resolve) => setTimeout(resolve, FIRST_PAGE_WAIT_MS));
  void Promise.race([code, timeout]).then(render);
}
