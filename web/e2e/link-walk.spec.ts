// No dead ends (issue 22): a crawler that follows the links of every page from / finds no page that is
// not there. Every internal link of each page visited (the rendered page, as a visitor sees it) is
// followed once; a page answers below 400 and shows none of the app's not-found titles.
import { expect, test } from '@playwright/test';

const NOT_FOUND = /^(Page|Service|Provider|Category|Article) Not Found$/;
/** Enough for the demo marketplace's every page, bounded so the walk ends. */
const MAX_PAGES = 400;

test('following the links from / finds no page that is not there', async ({ page }) => {
  test.setTimeout(240_000);
  const seen = new Set<string>(['/']);
  const queue = ['/'];
  const broken: string[] = [];
  let visited = 0;
  while (queue.length > 0 && visited < MAX_PAGES) {
    const path = queue.shift()!;
    visited += 1;
    // The document is enough to start: the page's heading shows once it is drawn (server or app).
    const response = await page.goto(path, { waitUntil: 'domcontentloaded' });
    await expect(page.locator('#root h1').first()).toBeVisible();
    const heading = (await page.locator('#root h1').first().textContent())?.trim() ?? '';
    if (!response || response.status() >= 400 || NOT_FOUND.test(heading)) {
      broken.push(`${path} (${response?.status() ?? 'no answer'}: ${heading})`);
      continue;
    }
    const hrefs = await page.locator('a[href^="/"]').evaluateAll((links) =>
      links.map((link) => (link as HTMLAnchorElement).getAttribute('href') ?? ''),
    );
    for (const href of hrefs) {
      const url = new URL(href, 'http://mtaani.test');
      // Photos are files, not pages; an admin's console is not for crawlers.
      if (url.pathname.startsWith('/media/') || url.pathname.startsWith('/admin')) continue;
      const key = url.pathname + url.search;
      if (!seen.has(key)) {
        seen.add(key);
        queue.push(key);
      }
    }
  }
  expect(broken, `links to pages that are not there, after ${visited} pages`).toEqual([]);
  expect(queue, `more than ${MAX_PAGES} pages: raise the bound`).toEqual([]);
  // What the walk must have reached: each kind of page this issue made reachable.
  for (const kind of [/^\/service\//, /^\/provider\//, /^\/category\//, /^\/blog\//, /^\/services\/location\//]) {
    expect([...seen].some((path) => kind.test(path)), String(kind)).toBe(true);
  }
});
