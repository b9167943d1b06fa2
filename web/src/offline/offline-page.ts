// The offline page (offline.html): what the service worker (worker.ts) answers, without a connection,
// for a page it has not kept. It lists the listings kept on this phone and the visitor's favourites.
//
// A small static document with this script rather than a page of the app: it adds nothing to the app's
// first load (a route would, in the router and the entry's list of pages, where the budget has almost
// no room left), it works whichever of the app's files the phone has kept, and it opens at once. It is
// built per language like the app (scripts/build.mjs, which puts in its texts), and the worker keeps it
// with the shell.
import '@/styles/global.css';
import '@/components/layouts/brand.css';
import '@/components/ui/button.css';
import './offline-page.css';
import { buttonClass } from '@/components/ui/button-class';
import { reloadPage } from '@/lib/browser';
import { readFavourites, type SavedFavourite } from '@/lib/favourites-store';
import { t } from '@/lib/i18n';
import { LISTINGS } from './caches';

export interface KeptListing {
  /** Its page: /service/{id}. */
  path: string;
  name: string;
  /** A photo of it kept on this phone, if any. */
  photo?: string;
}

/** The listings kept on this phone (the worker's listings cache), the last opened first. */
export async function keptListings(): Promise<KeptListing[]> {
  if (typeof caches === 'undefined') return [];
  const cache = await caches.open(LISTINGS);
  const kept: KeptListing[] = [];
  for (const request of [...(await cache.keys())].reverse()) {
    const response = await cache.match(request, { ignoreVary: true });
    if (!response) continue;
    const page = new DOMParser().parseFromString(await response.text(), 'text/html');
    const name = page.querySelector('h1')?.textContent?.trim();
    if (name) kept.push({ path: new URL(request.url).pathname, name, photo: await keptPhoto(page) });
  }
  return kept;
}

/** The listing's first photo in a size kept on this phone. */
async function keptPhoto(page: Document): Promise<string | undefined> {
  const image = page.querySelector('#root main img, #root img');
  if (!image) return undefined;
  const sources = [image.getAttribute('src'), ...(image.getAttribute('srcset') ?? '').split(',').map((source) => source.trim().split(/\s+/)[0])];
  for (const source of sources) {
    if (source && (await caches.match(source, { ignoreVary: true }))) return source;
  }
  return undefined;
}

type Child = Node | string | null | undefined | false;

function element<Tag extends keyof HTMLElementTagNameMap>(
  tag: Tag,
  props: Partial<HTMLElementTagNameMap[Tag]> = {},
  ...children: Child[]
): HTMLElementTagNameMap[Tag] {
  const node = Object.assign(document.createElement(tag), props);
  node.append(...children.filter((child): child is Node | string => Boolean(child)));
  return node;
}

const listingPath = (id: string) => `/service/${encodeURIComponent(id)}`;

function listingItem({ path, name, photo }: KeptListing): HTMLElement {
  return element(
    'li',
    {},
    element(
      'a',
      { className: 'offline-listing', href: path },
      photo
        ? element('img', { src: photo, alt: '', width: 96, height: 72, className: 'offline-listing__photo' })
        : element('span', { className: 'offline-listing__photo' }),
      element('span', { className: 'offline-listing__name' }, name),
    ),
  );
}

function favouriteItem({ id, name }: SavedFavourite, kept: Set<string>): HTMLElement {
  const path = listingPath(id);
  return element(
    'li',
    { className: 'offline-favourite' },
    element('a', { href: path }, name || t('A saved service')),
    !kept.has(path) && element('span', { className: 'offline-favourite__note' }, t('Needs a connection')),
  );
}

function section(id: string, title: string, intro: string | null, items: HTMLElement[], empty: string): HTMLElement {
  const node = element(
    'section',
    { className: 'offline-page__section' },
    element('h2', { id }, title),
    intro && element('p', { className: 'offline-page__intro' }, intro),
    items.length > 0 ? element('ul', { className: 'offline-page__list' }, ...items) : element('p', {}, empty),
  );
  node.setAttribute('aria-labelledby', id);
  return node;
}

/** Draws the page into `root`: the message, then the kept listings and the favourites. */
export function renderOfflinePage(root: HTMLElement, listings: KeptListing[], favourites: SavedFavourite[]): void {
  const kept = new Set(listings.map((listing) => listing.path));
  const retry = element('button', { type: 'button', className: buttonClass() }, t('Try again'));
  retry.addEventListener('click', reloadPage);
  const saved = section(
    'offline-saved',
    t('Saved on this phone'),
    t('Listings you open while online are kept on this phone, so you can read them offline.'),
    listings.map(listingItem),
    t('No listings are saved on this phone yet.'),
  );
  const hearts = section(
    'offline-favourites',
    t('Favourites'),
    null,
    favourites.map((favourite) => favouriteItem(favourite, kept)),
    t('No favourites yet'),
  );
  root.replaceChildren(
    element(
      'header',
      { className: 'page-header' },
      element('h1', {}, t('You are offline')),
      element('p', {}, t('This page is not saved on this phone. It will open once you are back online.')),
    ),
    retry,
    saved,
    hearts,
  );
}

/**
 * Back online, the page asked for is loaded: once the network answers (a small HEAD request, which
 * the worker leaves to the network), not at the `online` event alone, which a connection that comes
 * and goes fires for nothing, and which would otherwise undo a tap on a kept listing meanwhile.
 */
let reloading = false;

export function reloadWhenOnline(): void {
  if (reloading) return;
  reloading = true;
  window.addEventListener('online', () => {
    fetch('/favicon.svg', { method: 'HEAD', cache: 'no-store' }).then(reloadPage, () => undefined);
  });
}

/** Fills the offline page; back online, the page asked for is loaded. */
export async function showOfflinePage(root: HTMLElement): Promise<void> {
  document.title = `${t('You are offline')} · Mtaani`;
  reloadWhenOnline();
  const listings = await keptListings().catch(() => []);
  renderOfflinePage(root, listings, readFavourites().items);
}

const root = typeof document === 'undefined' ? null : document.getElementById('offline');
if (root) void showOfflinePage(root);
