// The public pages come rendered by the server from the app's own components (src/server, issue 18),
// with their photos on screen before React's code is even asked for (what brings their largest paint
// under 1.5 s on a phone); the app then hydrates them in place: nothing moves, no mismatch is reported,
// what was typed keeps its text and focus, and a button pressed meanwhile still does its work.
import { expect, test, type Page, type Route } from '@playwright/test';
import { DEMO_PASSWORD, field, fillSignUp, hydrated, layoutShift, pageErrors, PASSWORD, uniqueEmail } from './support';

/**
 * Holds back React's file (the `vendor` chunk) until `release` is called, and reports whether the
 * first screen's high-priority photos were on screen when the browser asked for it.
 */
async function holdReact(page: Page) {
  let release!: () => void;
  const released = new Promise<void>((resolve) => (release = resolve));
  let askedFor!: (photosShown: boolean) => void;
  const asked = new Promise<boolean>((resolve) => (askedFor = resolve));
  await page.route(/\/assets\/vendor-[\w-]+\.js$/, async (route: Route) => {
    askedFor(
      await page.evaluate(() => {
        const photos = [...document.querySelectorAll<HTMLImageElement>('#root img[fetchpriority="high"]')];
        return photos.length > 0 && photos.every((photo) => photo.complete && photo.naturalWidth > 0);
      }),
    );
    await released;
    await route.continue();
  });
  return { asked, release };
}

for (const viewport of [
  { name: 'a phone', width: 412, height: 823 },
  { name: 'a desktop', width: 1280, height: 800 },
]) {
  test(`/ shows its sections and photos before React arrives on ${viewport.name}; the app hydrates it without a shift`, async ({
    page,
  }) => {
    const errors = pageErrors(page);
    await page.setViewportSize(viewport);
    const react = await holdReact(page);
    await page.goto('/', { waitUntil: 'domcontentloaded' });
    expect(await react.asked).toBe(true);
    await expect(page.getByRole('heading', { level: 1 })).toHaveText(
      'Find trusted beauty, wellness and lifestyle services near you',
    );
    await expect(page.getByRole('main').getByRole('region').first().getByRole('article')).not.toHaveCount(0);

    react.release();
    await hydrated(page);
    expect(await layoutShift(page)).toBeLessThan(0.01);
    expect(errors).toEqual([]);
  });
}

test('a button pressed before the app has loaded does its work once it has', async ({ page }) => {
  const react = await holdReact(page);
  await page.goto('/', { waitUntil: 'domcontentloaded' });
  await react.asked;
  await page.getByRole('button', { name: 'Book an Appointment' }).click();
  react.release();
  const dialog = page.getByRole('dialog', { name: 'Book an Appointment' });
  await expect(dialog.getByRole('heading', { name: 'Which service would you like to book?' })).toBeVisible();
});

test('/all-services and a service page are drawn before React arrives too', async ({ page }) => {
  // A phone: the page's own styles (the sort control's, the stars', the hearts') must be in the
  // document's first paint, not arrive with the app and move the cards (boot.ts imports them).
  await page.setViewportSize({ width: 412, height: 823 });
  const errors = pageErrors(page);
  let react = await holdReact(page);
  await page.goto('/all-services', { waitUntil: 'domcontentloaded' });
  expect(await react.asked).toBe(true);
  await expect(page.getByRole('heading', { level: 1, name: 'All Services' })).toBeVisible();
  const href = await page.getByRole('article').first().getByRole('heading').getByRole('link').getAttribute('href');
  react.release();
  await hydrated(page);
  expect(await layoutShift(page)).toBeLessThan(0.01);

  await page.unrouteAll();
  react = await holdReact(page);
  await page.goto(href!, { waitUntil: 'domcontentloaded' });
  expect(await react.asked).toBe(true);
  await expect(page.getByRole('region', { name: 'Details and contact' })).toBeVisible();
  react.release();
  await hydrated(page);
  expect(await layoutShift(page)).toBeLessThan(0.01);
  expect(errors).toEqual([]);
});

test('the listing pages by location, subcategory and search are rendered by the server and hydrate cleanly', async ({
  page,
}) => {
  const errors = pageErrors(page);
  for (const [path, heading] of [
    ['/services/location/Nairobi', 'Services in Nairobi'],
    ['/search?q=braids', 'Search results for "braids"'],
  ] as const) {
    const react = await holdReact(page);
    await page.goto(path, { waitUntil: 'domcontentloaded' });
    await expect(page.getByRole('heading', { level: 1, name: heading })).toBeVisible();
    await expect(page.getByRole('article').first()).toBeVisible();
    react.release();
    await hydrated(page);
    await page.unrouteAll();
  }
  expect(errors).toEqual([]);
});

// The first screen's API answers come inside the page: through nginx and from the gateway alone
// (`make run`, E2E_GATEWAY_URL), both of which ask the renderer, a first visit asks the API for nothing.
const fronts = [
  { name: 'nginx', base: '' },
  ...(process.env.E2E_GATEWAY_URL ? [{ name: 'the gateway', base: process.env.E2E_GATEWAY_URL }] : []),
];
for (const front of fronts) {
  test(`a first visit of the listing pages asks the API for nothing, through ${front.name}`, async ({ page }) => {
    const asked: string[] = [];
    page.on('request', (request) => {
      const { pathname, search } = new URL(request.url());
      if (pathname.startsWith('/api/')) asked.push(pathname + search);
    });
    await page.goto(`${front.base}/`);
    await expect(page.getByRole('main').getByRole('region').first().getByRole('article').first()).toBeVisible();
    const href = await page.getByRole('article').first().getByRole('heading').getByRole('link').getAttribute('href');
    await page.goto(`${front.base}/all-services`);
    await expect(page.getByRole('article').first()).toBeVisible();
    await page.goto(`${front.base}${href}`);
    await expect(page.getByRole('region', { name: 'Details and contact' })).toBeVisible();
    await hydrated(page);
    expect(asked).toEqual([]);

    // A listing that is not there is known from the page too.
    await page.goto(`${front.base}/service/no-such-listing`);
    await expect(page.getByRole('heading', { level: 1, name: 'Service Not Found' })).toBeVisible();
    expect(asked).toEqual([]);
  });
}

test.describe('the sign-in form rendered by the server', () => {
  const main = (page: Page) => page.getByRole('main');

  test('what is typed and pressed before the app arrives signs the visitor in once it has', async ({ page }) => {
    const react = await holdReact(page);
    await page.goto('/signin', { waitUntil: 'domcontentloaded' });
    await react.asked;
    await field(page, 'Email').fill('wanjiru@demo.mtaani.co.ke');
    await field(page, 'Password').fill(DEMO_PASSWORD);
    await main(page).getByRole('checkbox', { name: 'Remember me' }).check();
    await page.getByRole('button', { name: 'Sign in' }).click();
    // Not sent as a plain form (a GET with the password in the address).
    expect(page.url()).not.toContain('password');

    react.release();
    await expect(page.getByText('Successfully signed in!')).toBeVisible();
    await expect(page).toHaveURL(/\/$/);
  });

  test('a field being typed into keeps the focus when the app takes over', async ({ page }) => {
    const react = await holdReact(page);
    await page.goto('/signin', { waitUntil: 'domcontentloaded' });
    await react.asked;
    await field(page, 'Email').click();
    await page.keyboard.type('wanjiru@');
    react.release();
    await hydrated(page);
    await page.keyboard.type('demo.mtaani.co.ke');
    await expect(field(page, 'Email')).toHaveValue('wanjiru@demo.mtaani.co.ke');
  });

  test('after sign-up, /signin reloaded and typed into before the app arrives keeps the e-mail once (issue 39 §4)', async ({
    page,
  }) => {
    const email = uniqueEmail('amani');
    await page.goto('/signup?type=buyer');
    await fillSignUp(page, { first: 'Amani', last: 'Njoroge', email, phone: '0722000111' });
    await expect(page).toHaveURL(/\/signin$/);
    await expect(main(page).getByRole('heading', { level: 1, name: 'Welcome back' })).toBeVisible();
    await expect(field(page, 'Email')).toHaveValue(email);

    // Reloaded, and the address typed at once, as the app hydrates the server's page (which cannot
    // know the router's state the app filled the field from).
    const errors = pageErrors(page);
    await page.reload({ waitUntil: 'commit' });
    await field(page, 'Email').pressSequentially(email);
    await hydrated(page);
    await expect(field(page, 'Email')).toHaveValue(email);
    expect(errors.filter((error) => /hydrat|did not match/i.test(error))).toEqual([]);

    await field(page, 'Password').fill(PASSWORD);
    await page.getByRole('button', { name: 'Sign in' }).click();
    await expect(page.getByText('Successfully signed in!')).toBeVisible();
  });
});
