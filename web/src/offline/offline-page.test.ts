import { screen, waitFor, within } from '@testing-library/react';
import { describe, expect, it, vi } from 'vitest';
import { reloadPage } from '@/lib/browser';
import { writeFavourites } from '@/lib/favourites-store';
import { LISTINGS } from './caches';
import { keptListings, reloadWhenOnline, renderOfflinePage, showOfflinePage } from './offline-page';

vi.mock('@/lib/browser', () => ({ reloadPage: vi.fn() }));

const ORIGIN = location.origin;

/** A listing's page as the renderer writes it: the name in the heading, the gallery's photo. */
const listingPage = (name: string, photo: string) =>
  `<!doctype html><html><body><div id="root" data-rendered="server"><main><h1>${name}</h1>` +
  `<img src="${photo}-1280.webp" srcset="${photo}-720.webp 720w, ${photo}-1280.webp 960w" alt=""></main></div></body></html>`;

/** The worker's caches: the listings kept (oldest first) and the photos kept. */
function keep(listings: [string, string][], photos: string[]) {
  const pages = new Map(listings.map(([path, html]) => [`${ORIGIN}${path}`, html]));
  const listingsCache = {
    keys: () => Promise.resolve([...pages.keys()].map((url) => new Request(url))),
    match: (request: Request) => Promise.resolve(new Response(pages.get(request.url) ?? '')),
  };
  vi.stubGlobal('caches', {
    open: (name: string) => (name === LISTINGS ? Promise.resolve(listingsCache) : Promise.reject(new Error(name))),
    match: (url: string) => Promise.resolve(photos.includes(url) ? new Response('') : undefined),
  });
}

describe('the offline page', () => {
  it('reads the kept listings, the last opened first, each with a photo of it that is kept', async () => {
    keep(
      [
        ['/service/a', listingPage('Knotless Braids &amp; More', '/media/1/aa')],
        ['/service/b', listingPage('Gel Nails', '/media/2/bb')],
      ],
      ['/media/1/aa-720.webp'],
    );
    expect(await keptListings()).toEqual([
      { path: '/service/b', name: 'Gel Nails', photo: undefined },
      { path: '/service/a', name: 'Knotless Braids & More', photo: '/media/1/aa-720.webp' },
    ]);
  });

  it('lists them, and the favourites, saying which need a connection', () => {
    const root = document.createElement('main');
    document.body.append(root);
    renderOfflinePage(
      root,
      [{ path: '/service/a', name: 'Knotless Braids', photo: '/media/1/aa-720.webp' }],
      [
        { id: 'a', name: 'Knotless Braids' },
        { id: 'z', name: 'Bridal Makeup' },
      ],
    );
    expect(screen.getByRole('heading', { level: 1, name: 'You are offline' })).toBeInTheDocument();
    expect(screen.getByRole('button', { name: 'Try again' })).toBeInTheDocument();
    const saved = screen.getByRole('region', { name: 'Saved on this phone' });
    expect(within(saved).getByRole('link', { name: 'Knotless Braids' })).toHaveAttribute('href', '/service/a');
    const favourites = screen.getByRole('region', { name: 'Favourites' });
    const [kept, notKept] = within(favourites).getAllByRole('listitem');
    expect(kept).toHaveTextContent(/^Knotless Braids$/);
    expect(within(notKept!).getByRole('link', { name: 'Bridal Makeup' })).toHaveAttribute('href', '/service/z');
    expect(notKept).toHaveTextContent('Needs a connection');
  });

  it('says when nothing is kept and there are no favourites', async () => {
    keep([], []);
    const root = document.createElement('main');
    document.body.append(root);
    await showOfflinePage(root);
    expect(document.title).toBe('You are offline · Mtaani');
    expect(screen.getByText('No listings are saved on this phone yet.')).toBeInTheDocument();
    expect(screen.getByText('No favourites yet')).toBeInTheDocument();
  });

  it('shows the favourites kept in this browser', async () => {
    keep([], []);
    writeFavourites({ items: [{ id: 'q', name: 'Home Massage' }] });
    const root = document.createElement('main');
    document.body.append(root);
    await showOfflinePage(root);
    expect(screen.getByRole('link', { name: 'Home Massage' })).toHaveAttribute('href', '/service/q');
  });

  it('loads the page asked for once the network answers again, not at a mere online event', async () => {
    const answers = [Promise.reject(new TypeError('Failed to fetch')), Promise.resolve(new Response(null))];
    const fetch = vi.fn(() => answers.shift()!);
    vi.stubGlobal('fetch', fetch);
    reloadWhenOnline();
    window.dispatchEvent(new Event('online'));
    await waitFor(() => expect(fetch).toHaveBeenCalledTimes(1));
    expect(fetch).toHaveBeenCalledWith('/favicon.svg', { method: 'HEAD', cache: 'no-store' });
    await new Promise((resolve) => setTimeout(resolve, 0));
    expect(reloadPage).not.toHaveBeenCalled();
    window.dispatchEvent(new Event('online'));
    await waitFor(() => expect(reloadPage).toHaveBeenCalledTimes(1));
  });
});
