// Started once the first page has loaded and the browser is idle (main.tsx imports it then, so none of
// it is on the first load): the banner that says when there is no connection, and the service worker
// (worker.ts, served as /sw.js) that keeps the app and the pages opened for offline use.
import { language, t } from '@/lib/i18n';

/** How long "You are back online" stays. */
const BACK_ONLINE_MS = 4000;

export function start(): void {
  showConnection();
  if ('serviceWorker' in navigator) {
    registerWorker(navigator.serviceWorker).catch((error: unknown) => {
      console.error('The service worker could not be registered', error);
    });
  }
}

/**
 * A banner at the foot of the screen while the browser has no connection, then "You are back online"
 * for a moment. Fixed, over the page: nothing moves when it shows. One element, there from the start
 * and empty while online, so that screen readers announce its changes (role=status). Its rules
 * (connection-banner.css) are in the entry's stylesheet (boot.ts): a stylesheet of this chunk's own
 * would put its name in the app's first-load chunk.
 */
export function showConnection(): HTMLElement {
  const banner = document.createElement('div');
  banner.className = 'connection-banner';
  banner.setAttribute('role', 'status');
  document.body.append(banner);
  let clear: ReturnType<typeof setTimeout> | undefined;
  const update = () => {
    clearTimeout(clear);
    if (!navigator.onLine) {
      banner.dataset.state = 'offline';
      banner.textContent = t('You are offline. Listings you have opened before still open.');
    } else if (banner.dataset.state === 'offline') {
      banner.dataset.state = 'online';
      banner.textContent = t('You are back online.');
      clear = setTimeout(() => {
        delete banner.dataset.state;
        banner.textContent = '';
      }, BACK_ONLINE_MS);
    }
  };
  window.addEventListener('online', update);
  window.addEventListener('offline', update);
  update();
  return banner;
}

/**
 * Registers the worker for this page's language (its shell: the first-load files of this language's
 * build). A page the worker did not load (the first visit) sends it its address and the files it has
 * loaded, for the worker to keep them too: they come from the browser's cache.
 */
export async function registerWorker(container: ServiceWorkerContainer): Promise<void> {
  const controlled = Boolean(container.controller);
  await container.register(`/sw.js?lang=${language}`, { scope: '/' });
  if (controlled) return;
  const registration = await container.ready;
  const kept = (name: string) => [`${location.origin}/assets/`, `${location.origin}/media/`].some((start) => name.startsWith(start));
  registration.active?.postMessage({
    type: 'keep',
    page: location.href,
    files: performance.getEntriesByType('resource').map((entry) => entry.name).filter(kept),
  });
}
