// Entry point. A page the server rendered (src/server/render.tsx) is on screen already: this holds the
// visitor's presses (app/before-hydration.ts) and fetches the app once the page's photos are on screen
// and painted, so that its scripts do not slow them down, and the app then hydrates the page. Any other page: the
// page's data and code are started at once, beside the app, which renders it. This module and what it
// imports stay free of React, so they run as soon as they arrive.
// Global styles first (index.html links them before the app's), so that component styles win ties.
import './styles/global.css';
// The styles of the server-rendered pages, in <head> with the entry's own (they would otherwise come
// with each page's chunk, after the page has painted).
import '@/components/ui/badge.css';
import '@/components/ui/button.css';
import '@/components/ui/form-field.css';
import '@/components/ui/icon-button.css';
import '@/components/ui/status-message.css';
import '@/features/auth/components/auth.css';
import '@/components/ui/breadcrumb.css';
import '@/components/ui/page-hero.css';
import '@/components/ui/skeleton.css';
import '@/components/ui/tabs.css';
import '@/components/ui/rating.css';
import '@/components/ui/favourite-button.css';
import '@/components/ui/avatar.css';
import '@/components/listings/listing-grid.css';
import '@/components/listings/service-card.css';
import '@/components/reviews/reviews.css';
import '@/features/home/components/category-section.css';
import '@/features/home/routes/home.css';
import '@/features/listings/components/listings-feed-view.css';
import '@/features/listings/components/service-gallery.css';
import '@/features/listings/routes/service-detail.css';
import '@/features/listings/components/sort-select.css';
import '@/features/listings/routes/category.css';
import '@/features/providers/routes/provider.css';
import '@/features/blog/components/blog.css';
import '@/components/places/near-me.css';
// The connection banner's (offline/start.ts, loaded late): 0.3 KiB of CSS rather than JS on the first load.
import './offline/connection-banner.css';
import { holdPresses } from './app/before-hydration';
import { startFirstScreen } from './app/first-screen';

/** The longest the app waits for the page's photos before it loads anyway. */
const PHOTOS_WAIT_MS = 3000;

/** Once the browser has painted the page's first content (the Paint Timing API says so). */
function firstContentfulPaint(): Promise<unknown> {
  return new Promise((resolve) => {
    if (!PerformanceObserver.supportedEntryTypes?.includes('paint')) return resolve(undefined);
    const observer = new PerformanceObserver((list) => {
      if (list.getEntriesByName('first-contentful-paint').length === 0) return;
      observer.disconnect();
      resolve(undefined);
    });
    observer.observe({ type: 'paint', buffered: true });
  });
}

/**
 * Once the browser has painted the next frame (the page with its photos): the app's scripts then
 * begin after the first paints, not beside them. A tab in the background paints no frame: it waits
 * a moment at most.
 */
function afterNextPaint(): Promise<unknown> {
  return Promise.race([
    new Promise((resolve) => requestAnimationFrame(() => setTimeout(resolve, 0))),
    new Promise((resolve) => setTimeout(resolve, 250)),
  ]);
}

/** Once the photos the page has asked for so far have loaded (or failed). */
function photosShown(root: HTMLElement): Promise<unknown> {
  const pending = [...root.querySelectorAll('img')].filter((img) => img.loading !== 'lazy' && !img.complete);
  return Promise.all(
    pending.map(
      (img) =>
        new Promise((resolve) => {
          img.addEventListener('load', resolve, { once: true });
          img.addEventListener('error', resolve, { once: true });
        }),
    ),
  );
}

const root = document.getElementById('root');
if (root?.dataset.rendered === 'server') {
  holdPresses(root);
  const deadline = new Promise((resolve) => setTimeout(resolve, PHOTOS_WAIT_MS));
  const shown = Promise.all([photosShown(root), firstContentfulPaint()]).then(afterNextPaint);
  void Promise.race([shown, deadline])
    .then(() => import('./main'))
    .then(({ hydrate }) => hydrate(root));
} else {
  const firstPage = startFirstScreen(window.location.pathname, window.location.search);
  void import('./main').then(({ mount }) => mount(firstPage));
}
