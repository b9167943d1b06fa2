// The data saver (issue 21: visitors on prepaid bundles), through the running product: switched on in
// the footer, or asked for by the browser (Save-Data: on), the listing pages fetch no card photo until
// one is tapped, which fetches that one at 320 px; a listing's page fetches its first photo only (the
// others when chosen); switched off, the photos come back. Counted as the browser's requests for
// /media/….
import { expect, test, type Locator, type Page } from '@playwright/test';
import { hydrated, pageErrors, postListing, registerSeller, uniqueEmail } from './support';

/** Every photo the page asks for from now on (path only). */
function photoRequests(page: Page): string[] {
  const asked: string[] = [];
  page.on('request', (request) => {
    const { pathname } = new URL(request.url());
    if (pathname.startsWith('/media/')) asked.push(pathname);
  });
  return asked;
}

/** Whether an image has arrived and been decoded. */
const loaded = (img: Locator) => img.evaluate((element: HTMLImageElement) => element.complete && element.naturalWidth > 0);

test('the footer’s switch: no card photo until one is tapped, that one at 320 px; switched off, the photos return', async ({
  page,
}) => {
  await page.goto('/all-services');
  await hydrated(page);
  const saver = page.getByRole('contentinfo').getByRole('button', { name: 'Data saver' });
  await expect(saver).toHaveAttribute('aria-pressed', 'false');
  await saver.click();
  await expect(saver).toHaveAttribute('aria-pressed', 'true');
  const cookie = (await page.context().cookies()).find((c) => c.name === 'mtaani_data');
  expect(cookie?.value).toBe('saver');

  // The next visit comes from the server with the placeholders: nothing asked for, before the app or after.
  const photos = photoRequests(page);
  const errors = pageErrors(page);
  await page.goto('/all-services');
  await expect(page.locator('#root[data-saver]')).toHaveCount(1);
  const cards = page.getByRole('main').getByRole('article');
  await expect(cards).not.toHaveCount(0);
  await hydrated(page);
  await page.waitForLoadState('networkidle');
  expect(photos).toEqual([]);
  expect(await page.locator('#root article img').count()).toBe(0);
  // Each placeholder keeps the photo's 4:3 box.
  const box = (await cards.first().getByRole('button', { name: /^Show photo: / }).boundingBox())!;
  expect(Math.abs(box.width / box.height - 4 / 3)).toBeLessThan(0.02);

  // Tapping one fetches that one, at 320 px; its name still links to the listing.
  const second = cards.nth(1);
  await second.getByRole('button', { name: /^Show photo: / }).click();
  await expect.poll(() => loaded(second.locator('img'))).toBe(true);
  expect(photos).toHaveLength(1);
  expect(photos[0]).toMatch(/-320\.webp$/);
  await expect(cards.first().getByRole('button', { name: /^Show photo: / })).toBeVisible();
  expect(errors).toEqual([]);

  // Switched off: the cards show their photos again (the card size), at once.
  await saver.click();
  await expect(saver).toHaveAttribute('aria-pressed', 'false');
  await expect(cards.first().locator('img')).toHaveAttribute('src', /-480\.webp$/);
  await expect.poll(() => loaded(cards.first().locator('img'))).toBe(true);
  expect(photos.filter((path) => path.endsWith('-480.webp')).length).toBeGreaterThan(0);
  expect((await page.context().cookies()).find((c) => c.name === 'mtaani_data')?.value).toBe('full');
  // And the server renders the next visit with them.
  await page.goto('/all-services');
  await expect(page.locator('#root[data-saver]')).toHaveCount(0);
  await expect(cards.first().locator('img')).toHaveCount(1);
});

test('a browser that asks to save data (Save-Data: on) gets the placeholders from the server and no photo', async ({ browser }) => {
  const context = await browser.newContext({ extraHTTPHeaders: { 'Save-Data': 'on' } });
  const page = await context.newPage();
  const photos = photoRequests(page);
  const errors = pageErrors(page);
  await page.goto('/all-services');
  await expect(page.locator('#root[data-saver]')).toHaveCount(1);
  await hydrated(page);
  await page.waitForLoadState('networkidle');
  expect(photos).toEqual([]);
  await expect(page.getByRole('contentinfo').getByRole('button', { name: 'Data saver' })).toHaveAttribute('aria-pressed', 'true');

  const card = page.getByRole('main').getByRole('article').first();
  await card.getByRole('button', { name: /^Show photo: / }).click();
  await expect.poll(() => loaded(card.locator('img'))).toBe(true);
  expect(photos).toHaveLength(1);
  expect(photos[0]).toMatch(/-320\.webp$/);
  // The card's link still opens the listing.
  await card.getByRole('heading').getByRole('link').click();
  await expect(page).toHaveURL(/\/service\//);
  expect(errors).toEqual([]);
  await context.close();
});

test('a listing’s page fetches its first photo only, at 320 px, and the others when chosen', async ({ browser, request }) => {
  // A listing with two photos (the demo listings have one each).
  const token = await registerSeller(request, uniqueEmail('saver'), 'Neema Wanjiku');
  const id = await postListing(request, token, 'Two Photos Nail Studio', 2);
  const listing = (await (await request.get(`/api/service/${id}`)).json()) as {
    _id: string;
    media: { small: string; thumbnail: string; color: string }[];
  };
  expect(listing.media).toHaveLength(2);
  expect(listing.media.every((m) => /-320\.webp$/.test(m.small) && /^#[0-9a-f]{6}$/.test(m.color))).toBe(true);

  try {
    const context = await browser.newContext({ extraHTTPHeaders: { 'Save-Data': 'on' } });
    const page = await context.newPage();
    const photos = photoRequests(page);
    const errors = pageErrors(page);
    await page.goto(`/service/${listing._id}`);
    await hydrated(page);
    await page.waitForLoadState('networkidle');
    expect(photos).toEqual([listing.media[0]!.small]);
    await expect(page.getByRole('img', { name: 'Two Photos Nail Studio, photo 1 of 2' })).toHaveAttribute(
      'src',
      listing.media[0]!.small,
    );

    await page.getByRole('button', { name: 'Show photo 2 of 2' }).click();
    await expect(page.getByRole('img', { name: 'Two Photos Nail Studio, photo 2 of 2' })).toHaveAttribute(
      'src',
      listing.media[1]!.small,
    );
    await expect.poll(() => photos.length).toBe(2);
    expect(photos[1]).toBe(listing.media[1]!.small);
    expect(errors).toEqual([]);

    // Switched off in the footer: the photos and their thumbnails come back.
    await page.getByRole('contentinfo').getByRole('button', { name: 'Data saver' }).click();
    await expect(page.getByRole('list', { name: 'Photos' }).locator('img')).toHaveCount(2);
    await expect.poll(() => photos.some((path) => path === listing.media[0]!.thumbnail)).toBe(true);
    await context.close();
  } finally {
    await request.delete(`/api/service/${listing._id}`, { headers: { Authorization: `Bearer ${token}` } });
  }
});
