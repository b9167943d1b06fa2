// Installable and usable offline (issue 21), against the running product: the manifest and its icons
// (and Chromium's own installability check, as Lighthouse 12 no longer has a PWA category), the service
// worker controlling the pages, and a visitor who opened two listings, then lost the connection: both
// still open with their photos, the banner says so, the booking dialog says booking needs a connection,
// and a listing never opened gets the offline page, with the kept listings and the favourites. Back
// online, that page loads. A visitor who switches to Kiswahili gets the worker of that language (the
// other's shell deleted as a new release's would be), and the offline page in Kiswahili.
import { chromium, expect, test, type BrowserContext, type Page } from '@playwright/test';
import config from '../playwright.config';
import { hydrated, layoutShift } from './support';

interface ServiceJson {
  _id: string;
  name: string;
}

async function listings(page: Page, count: number): Promise<ServiceJson[]> {
  const answer = await page.request.get('/api/services', { params: { limit: count } });
  expect(answer.ok()).toBe(true);
  const found = (await answer.json()) as ServiceJson[];
  expect(found.length).toBe(count);
  return found;
}

/** The worker is registered once the page has loaded and the browser is idle (main.tsx), then installs. */
async function workerReady(page: Page): Promise<void> {
  await expect
    .poll(() => page.evaluate(async () => Boolean((await navigator.serviceWorker.getRegistration())?.active)), {
      timeout: 20_000,
    })
    .toBe(true);
}

/** Whether the worker has kept `path` among the listings (caches.ts). */
function kept(page: Page, path: string): Promise<boolean> {
  return page.evaluate(
    async (url) => Boolean(await (await caches.open('mtaani-listings-v1')).match(url, { ignoreVary: true })),
    new URL(path, page.url()).href,
  );
}

/** The listing page's first photo is on screen (loaded, not broken). */
async function photoShown(page: Page): Promise<void> {
  const photo = page.getByRole('main').locator('img').first();
  await expect.poll(() => photo.evaluate((img: HTMLImageElement) => img.complete && img.naturalWidth > 0)).toBe(true);
}

/** The width and height of a PNG, from its header. */
function pngSize(body: Buffer): [number, number] {
  expect(body.subarray(1, 4).toString()).toBe('PNG');
  return [body.readUInt32BE(16), body.readUInt32BE(20)];
}

test('the manifest, its icons and the worker are served so that the app installs', async ({ request }) => {
  for (const [path, lang] of [
    ['/manifest.webmanifest', 'en-KE'],
    ['/sw/manifest.webmanifest', 'sw-KE'],
  ] as const) {
    const answer = await request.get(path);
    expect(answer.ok()).toBe(true);
    expect(answer.headers()['content-type']).toContain('application/manifest+json');
    expect(answer.headers()['cache-control']).toBe('no-cache');
    const manifest = (await answer.json()) as { icons: { src: string; sizes: string; purpose: string }[] };
    expect(manifest).toMatchObject({
      name: 'Mtaani',
      short_name: 'Mtaani',
      start_url: '/',
      scope: '/',
      display: 'standalone',
      theme_color: '#b23c13',
      lang,
    });
    expect(manifest.icons.map((icon) => `${icon.sizes} ${icon.purpose}`).sort()).toEqual([
      '192x192 any',
      '192x192 maskable',
      '512x512 any',
      '512x512 maskable',
    ]);
    for (const icon of manifest.icons) {
      const image = await request.get(icon.src);
      expect(image.headers()['content-type']).toBe('image/png');
      const [width, height] = pngSize(await image.body());
      expect(`${width}x${height}`).toBe(icon.sizes);
    }
  }
  const worker = await request.get('/sw.js?lang=en');
  expect(worker.ok()).toBe(true);
  expect(worker.headers()['content-type']).toMatch(/javascript/);
  expect(worker.headers()['cache-control']).toBe('no-cache');
});

test('Chromium finds the app installable', async ({ baseURL }, testInfo) => {
  // A profile of its own: Playwright's usual contexts are off the record, where Chromium installs no app.
  const context = await chromium.launchPersistentContext(testInfo.outputPath('profile'), {
    ...config.use?.launchOptions,
    baseURL,
  });
  try {
    const page = context.pages()[0] ?? (await context.newPage());
    await page.goto('/');
    await workerReady(page);
    const cdp = await context.newCDPSession(page);
    const manifest = await cdp.send('Page.getAppManifest');
    expect(manifest.url).toMatch(/\/manifest\.webmanifest$/);
    expect(manifest.errors).toEqual([]);
    expect((JSON.parse(manifest.data ?? '{}') as { name?: string }).name).toBe('Mtaani');
    const { installabilityErrors } = await cdp.send('Page.getInstallabilityErrors');
    expect(installabilityErrors).toEqual([]);
    // What Lighthouse's PWA checks asked too: the worker controls the start URL, which answers 200
    // offline (the home page the visitor opened, kept by the worker).
    const { start_url: startUrl } = JSON.parse(manifest.data ?? '{}') as { start_url: string };
    await expect
      .poll(() => page.evaluate(async (url) => Boolean(await caches.match(url, { ignoreVary: true })), startUrl))
      .toBe(true);
    await context.setOffline(true);
    const offline = await page.goto(startUrl);
    expect(offline?.status()).toBe(200);
    expect(offline?.fromServiceWorker()).toBe(true);
    expect(await page.evaluate(() => navigator.serviceWorker.controller !== null)).toBe(true);
    await hydrated(page);
    await expect(page.getByRole('heading', { level: 1, name: 'You are offline' })).toHaveCount(0);
    await context.setOffline(false);
  } finally {
    await context.close();
  }
});

test('listings opened stay readable offline; others get the offline page; booking says it is offline', async ({
  page,
  context,
}) => {
  const [first, second, never] = await listings(page, 3);
  // A first visit: the worker starts after this page has loaded, and keeps it and its photos then.
  await page.goto(`/service/${first!._id}`);
  await expect(page.getByRole('heading', { level: 1, name: first!.name })).toBeVisible();
  await workerReady(page);
  await expect.poll(() => kept(page, `/service/${first!._id}`), { timeout: 10_000 }).toBe(true);

  // The next page is the worker's: kept as it comes. Its heart saves a favourite.
  await page.goto(`/service/${second!._id}`);
  await expect(page.getByRole('heading', { level: 1, name: second!.name })).toBeVisible();
  expect(await page.evaluate(() => navigator.serviceWorker.controller !== null)).toBe(true);
  await photoShown(page);
  await hydrated(page);
  await page.getByRole('button', { name: `Save ${second!.name} to favourites` }).first().click();
  await expect.poll(() => kept(page, `/service/${second!._id}`)).toBe(true);

  await context.setOffline(true);
  const started = Date.now();
  await page.reload();
  await expect(page.getByRole('heading', { level: 1, name: second!.name })).toBeVisible();
  await photoShown(page);
  const reloadMs = Date.now() - started;
  test.info().annotations.push({ type: 'offline reload of a listing (ms)', description: String(reloadMs) });
  console.log(`offline reload of a listing: heading and photo shown in ${reloadMs} ms`);
  await expect(page.getByRole('status').filter({ hasText: 'You are offline.' })).toBeVisible({ timeout: 10_000 });
  // The banner is fixed over the page: it moves nothing (the page's CLS, hydration included, stays small).
  expect(await layoutShift(page)).toBeLessThanOrEqual(0.05);

  // The booking dialog opens (the worker kept its code) and says that booking needs a connection.
  await hydrated(page);
  await page.getByRole('region', { name: 'Details and contact' }).getByRole('button', { name: 'Book an Appointment' }).click();
  const dialog = page.getByRole('dialog', { name: 'Book an Appointment' });
  await expect(dialog.getByRole('status').filter({ hasText: /^You are offline\. Booking needs a connection/ })).toBeVisible();
  await page.keyboard.press('Escape');
  await expect(dialog).toHaveCount(0);

  // The first listing, kept on the first visit, opens too.
  await page.goto(`/service/${first!._id}`);
  await expect(page.getByRole('heading', { level: 1, name: first!.name })).toBeVisible();
  await photoShown(page);

  // A link in the app to a page whose code the phone never fetched: the offline page, not an error.
  await hydrated(page);
  await page.getByRole('contentinfo').getByRole('link', { name: 'About Us' }).click();
  await expect(page.getByRole('heading', { level: 1, name: 'You are offline' })).toBeVisible();
  await expect(page).toHaveURL(/\/about$/);

  // A listing never opened: the offline page, with the kept listings and the favourite.
  await page.goto(`/service/${never!._id}`);
  await expect(page.getByRole('heading', { level: 1, name: 'You are offline' })).toBeVisible();
  await expect(page).toHaveTitle('You are offline · Mtaani');
  const saved = page.getByRole('region', { name: 'Saved on this phone' });
  await expect(saved.getByRole('link', { name: first!.name })).toHaveAttribute('href', `/service/${first!._id}`);
  await expect(saved.getByRole('link', { name: second!.name })).toBeVisible();
  await expect(page.getByRole('region', { name: 'Favourites' }).getByRole('link', { name: second!.name })).toBeVisible();
  // A kept listing opens from there.
  await saved.getByRole('link', { name: first!.name }).click();
  await expect(page.getByRole('heading', { level: 1, name: first!.name })).toBeVisible();

  // Back online, the page that was not kept loads.
  await page.goBack();
  await expect(page.getByRole('heading', { level: 1, name: 'You are offline' })).toBeVisible();
  await context.setOffline(false);
  await expect(page.getByRole('heading', { level: 1, name: never!.name })).toBeVisible({ timeout: 10_000 });
});

test('a tap in the app on a listing the phone has not kept gives the offline page, as its address does (issue 39 §6)', async ({
  page,
  context,
}) => {
  await page.goto('/all-services');
  await workerReady(page);
  await expect
    .poll(() =>
      page.evaluate(async (url) => Boolean(await (await caches.open('mtaani-pages-v1')).match(url, { ignoreVary: true })), page.url()),
    )
    .toBe(true);

  await context.setOffline(true);
  await page.reload();
  await hydrated(page);
  const card = page.getByRole('main').getByRole('article').first().getByRole('heading').getByRole('link');
  const href = await card.getAttribute('href');
  await card.click();
  await expect(page.getByRole('heading', { level: 1, name: 'You are offline' })).toBeVisible();
  await expect(page).toHaveURL(new RegExp(`${href}$`));
  await context.setOffline(false);
});

test('a visitor who switches to Kiswahili gets the worker’s Kiswahili shell, and the offline page in it', async ({
  page,
  context,
  baseURL,
}) => {
  const [first, never] = await listings(page, 2);
  await page.goto(`/service/${first!._id}`);
  await workerReady(page);
  await expect.poll(() => kept(page, `/service/${first!._id}`), { timeout: 10_000 }).toBe(true);
  const shells = () => page.evaluate(async () => (await caches.keys()).filter((name) => name.startsWith('mtaani-shell-')));
  await expect.poll(shells).toEqual([expect.stringMatching(/^mtaani-shell-en-\w+$/)]);

  // The switch sets the cookie and loads the page again: the page registers the worker of its language,
  // which takes over and deletes the other shell; what was kept stays.
  await context.addCookies([{ name: 'mtaani_lang', value: 'sw', url: baseURL! }]);
  await page.reload();
  await expect(page.locator('html')).toHaveAttribute('lang', 'sw-KE');
  await expect
    .poll(async () => page.evaluate(async () => (await navigator.serviceWorker.getRegistration())?.active?.scriptURL), {
      timeout: 20_000,
    })
    .toMatch(/\/sw\.js\?lang=sw$/);
  await expect.poll(shells).toEqual([expect.stringMatching(/^mtaani-shell-sw-\w+$/)]);
  expect(await kept(page, `/service/${first!._id}`)).toBe(true);

  await offline(context, async () => {
    await page.goto(`/service/${never!._id}`);
    await expect(page.locator('html')).toHaveAttribute('lang', 'sw-KE');
    await expect(page.getByRole('heading', { level: 1, name: 'Uko nje ya mtandao' })).toBeVisible();
    await expect(page.getByRole('region', { name: 'Yaliyohifadhiwa kwenye simu hii' }).getByRole('link')).toHaveCount(1);
    // The kept listing, in the language it was last opened in.
    await page.goto(`/service/${first!._id}`);
    await expect(page.locator('html')).toHaveAttribute('lang', 'sw-KE');
    await expect(page.getByRole('heading', { level: 1, name: first!.name })).toBeVisible();
  });
});

async function offline(context: BrowserContext, run: () => Promise<void>): Promise<void> {
  await context.setOffline(true);
  try {
    await run();
  } finally {
    await context.setOffline(false);
  }
}
