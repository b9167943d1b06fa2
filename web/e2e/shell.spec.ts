// The app shell (header, drawer, mega-menu, footer, account menu) and the not-found page.
import { expect, test, type Page } from '@playwright/test';

async function openServices(page: Page) {
  await page.goto('/all-services');
  await expect(page.getByRole('article').first()).toBeVisible();
}

test.describe('header', () => {
  test('shows the brand and searches', async ({ page }) => {
    await openServices(page);
    await expect(page.getByRole('banner').getByRole('link', { name: 'Mtaani' })).toBeVisible();

    const box = page.getByPlaceholder('Find services...');
    await box.fill('   ');
    await box.press('Enter');
    await expect(page).toHaveURL(/\/all-services$/);

    await box.fill('  braids ');
    await box.press('Enter');
    await expect(page).toHaveURL(/\/search\?q=braids$/);
    // The results page keeps the query in the box (issue 39 §6), also when opened from its address.
    await expect(box).toHaveValue('braids');
    await page.goto('/search?q=nails');
    await expect(page.getByRole('heading', { level: 1 })).toContainText('nails');
    await expect(page.getByPlaceholder('Find services...')).toHaveValue('nails');
    await page.getByRole('banner').getByRole('link', { name: 'Mtaani' }).click();
    await expect(page).toHaveURL(/\/$/);
    await expect(page.getByRole('banner').getByPlaceholder('Find services...')).toHaveValue('');
  });

  test('navigates by location', async ({ page }) => {
    await openServices(page);
    const location = page.getByRole('combobox', { name: 'Location' });
    await location.selectOption({ label: 'Nairobi' });
    await expect(page).toHaveURL(/\/services\/location\/Nairobi$/);
    await location.selectOption({ label: 'All Locations' });
    await expect(page).toHaveURL(/\/all-services$/);
  });

  test('gains a shadow after scrolling', async ({ page }) => {
    await openServices(page);
    const header = page.getByRole('banner');
    await expect(header).not.toHaveClass(/site-header--scrolled/);
    await page.evaluate(() => window.scrollTo(0, 400));
    await expect(header).toHaveClass(/site-header--scrolled/);
    expect(await header.evaluate((el) => getComputedStyle(el).boxShadow)).not.toBe('none');
    await page.evaluate(() => window.scrollTo(0, 0));
    await expect(header).not.toHaveClass(/site-header--scrolled/);
  });

  test('desktop mega-menu lists every category', async ({ page }) => {
    await openServices(page);
    const nav = page.getByRole('navigation', { name: 'Main' });
    await nav.getByRole('button', { name: 'Find Services' }).click();
    for (const title of ['Beauty', 'Hair', 'Health', 'Fitness', 'Fashion', 'Bridal', 'Flowers & Gifts', 'Home', 'Photography']) {
      await expect(nav.getByRole('list', { name: title, exact: true })).toBeVisible();
    }
    const link = nav.getByRole('link', { name: 'ASMR Massage' });
    await expect(link).toHaveAttribute('href', '/services/beauty/asmr-massage');
    await page.keyboard.press('Escape');
    await expect(link).toBeHidden();
    await expect(nav.getByRole('link', { name: 'About Us' })).toHaveAttribute('href', '/about');
    await expect(nav.getByRole('link', { name: 'Contact Us' })).toHaveAttribute('href', '/contact');
  });

  test('account menu follows the stored session', async ({ page }) => {
    await openServices(page);
    await page.evaluate(() => {
      localStorage.setItem('token', 'e2e-token');
      localStorage.setItem('user', JSON.stringify({ userName: 'Amina Wanjiru', accountType: 'seller' }));
      // This browser's copy of her favourites is her account's already: the app asks nothing with the
      // made-up token (which the server would refuse, ending the session).
      localStorage.setItem('favourites', JSON.stringify({ owner: 'Amina Wanjiru', items: [] }));
    });
    await page.reload();

    const banner = page.getByRole('banner');
    await banner.getByRole('button', { name: 'Amina' }).click();
    await expect(page.getByRole('menuitem', { name: 'My Account' })).toHaveAttribute('href', '/account');
    await expect(page.getByRole('menuitem', { name: 'Post a Service' })).toHaveAttribute('href', '/post-service');
    await expect(page.getByRole('menuitem', { name: 'Favourites' })).toHaveAttribute('href', '/favourites');

    await page.getByRole('menuitem', { name: 'Logout' }).click();
    expect(await page.evaluate(() => [localStorage.getItem('token'), localStorage.getItem('user')])).toEqual([null, null]);
    await banner.getByRole('button', { name: 'Account' }).click();
    await expect(page.getByRole('menuitem', { name: 'Sign in' })).toHaveAttribute('href', '/signin');
    await expect(page.getByRole('menuitem', { name: 'Sign up' })).toHaveAttribute('href', '/signup-options');
  });
});

test('the account menu links open their pages', async ({ page }) => {
  await openServices(page);
  const banner = page.getByRole('banner');
  await banner.getByRole('button', { name: 'Account' }).click();
  await page.getByRole('menuitem', { name: 'Sign in' }).click();
  await expect(page).toHaveURL(/\/signin$/);
  await expect(page.getByRole('heading', { level: 1, name: 'Welcome back' })).toBeVisible();

  await banner.getByRole('button', { name: 'Account' }).click();
  await page.getByRole('menuitem', { name: 'Sign up' }).click();
  await expect(page).toHaveURL(/\/signup-options$/);
  await expect(page.getByRole('heading', { level: 1, name: 'Join Mtaani' })).toBeVisible();
  await expect(page.getByRole('heading', { name: 'Page Not Found' })).toHaveCount(0);
});

test.describe('mobile drawer', () => {
  test.use({ viewport: { width: 360, height: 740 }, hasTouch: true });

  test('opens with search, location, Find Services, pages and Book', async ({ page }) => {
    await openServices(page);
    await page.getByRole('button', { name: 'Open menu' }).tap();

    const drawer = page.getByRole('dialog', { name: 'Menu' });
    await expect(drawer).toBeVisible();
    await expect(drawer.getByPlaceholder('Find services...')).toBeVisible();
    await expect(drawer.getByRole('combobox', { name: 'Location' })).toBeVisible();
    await expect(drawer.getByRole('link', { name: 'Blogs' })).toHaveAttribute('href', '/blogs');
    await expect(drawer.getByRole('link', { name: 'About Us' })).toHaveAttribute('href', '/about');
    await expect(drawer.getByRole('link', { name: 'Contact Us' })).toHaveAttribute('href', '/contact');

    await drawer.getByRole('button', { name: 'Find Services' }).tap();
    await drawer.getByRole('button', { name: 'Hair' }).tap();
    await expect(drawer.getByRole('link', { name: 'Wig Makeovers' })).toHaveAttribute('href', '/services/hair/wig-makeovers');

    await drawer.getByRole('button', { name: 'Book' }).tap();
    await expect(drawer).toBeHidden();
    // No service on this page: the booking dialog first asks which one.
    const booking = page.getByRole('dialog', { name: 'Book an Appointment' });
    await expect(booking.getByRole('heading', { name: 'Which service would you like to book?' })).toBeVisible();
    expect(await page.evaluate(() => document.documentElement.scrollWidth)).toBeLessThanOrEqual(360);
  });

  test('searches from the drawer and closes it', async ({ page }) => {
    await openServices(page);
    await page.getByRole('button', { name: 'Open menu' }).tap();
    const drawer = page.getByRole('dialog', { name: 'Menu' });
    await drawer.getByPlaceholder('Find services...').fill('nails');
    await drawer.getByRole('button', { name: 'Search' }).tap();
    await expect(page).toHaveURL(/\/search\?q=nails$/);
    await expect(drawer).toBeHidden();
  });

  for (const language of ['en', 'sw']) {
    test(`has no empty gaps around its search box (${language}, issue 39 §6)`, async ({ page, context, baseURL }) => {
      await context.addCookies([{ name: 'mtaani_lang', value: language, url: baseURL! }]);
      await openServices(page);
      await page.locator('.site-header__menu-button').tap();
      const drawer = page.getByRole('dialog');
      const header = (await drawer.locator('.drawer__header').boundingBox())!;
      const form = (await drawer.getByRole('search').boundingBox())!;
      const input = (await drawer.getByRole('search').getByRole('combobox').boundingBox())!;
      const location = (await drawer.locator('select').boundingBox())!;
      // The box is as tall as its field, right below the drawer's header, and the location right below it.
      expect(form.height).toBeLessThanOrEqual(input.height + 1);
      expect(input.y - (header.y + header.height)).toBeLessThanOrEqual(24);
      expect(location.y - (input.y + input.height)).toBeLessThanOrEqual(24);
    });
  }

  test('the home page shows the search box on its first screen (issue 39 §6)', async ({ page }) => {
    await page.goto('/');
    const box = page.getByRole('main').getByRole('combobox', { name: 'Search services' });
    await expect(box).toBeInViewport({ ratio: 1 });
    await box.fill('braids');
    await box.press('Enter');
    await expect(page).toHaveURL(/\/search\?q=braids$/);
  });

  test('fits the narrow screen without sideways scrolling', async ({ page }) => {
    await openServices(page);
    expect(await page.evaluate(() => document.documentElement.scrollWidth)).toBeLessThanOrEqual(360);
  });
});

test('footer links', async ({ page }) => {
  await openServices(page);
  const footer = page.getByRole('contentinfo');
  for (const href of [
    '/about',
    '/blogs',
    '/contact',
    '/terms',
    '/services/beauty/makeup',
    '/services/hair/braiding',
    '/services/fashion/african',
    '/services/health/skin-consultation',
  ]) {
    await expect(footer.locator(`a[href="${href}"]`).first()).toBeVisible();
  }
  await expect(footer.getByRole('link', { name: 'hello@mtaani.co.ke' })).toHaveAttribute('href', 'mailto:hello@mtaani.co.ke');
  for (const social of ['Facebook', 'Instagram', 'Twitter']) {
    await expect(footer.getByText(social, { exact: true })).toBeVisible();
    await expect(footer.getByRole('link', { name: social })).toHaveCount(0);
  }
});

test('not-found page', async ({ page }) => {
  const errors: string[] = [];
  page.on('console', (message) => {
    if (message.type() === 'error' || message.type() === 'warning') errors.push(message.text());
  });
  await page.goto('/no-such-page');
  await expect(page.getByText('404', { exact: true })).toBeVisible();
  await expect(page.getByRole('heading', { level: 1, name: 'Page Not Found' })).toBeVisible();
  expect(errors.some((text) => text.includes('/no-such-page'))).toBe(true);

  await page.getByRole('link', { name: 'Contact Support' }).click();
  await expect(page).toHaveURL(/\/contact$/);

  await page.goto('/no-such-page');
  await page.getByRole('link', { name: 'Go to Homepage' }).click();
  await expect(page).toHaveURL(/\/$/);
  await expect(page.getByRole('heading', { name: 'Page Not Found' })).toHaveCount(0);
});

// Crawlers read /robots.txt as plain text: the SPA's index.html there would be an invalid file.
test('robots.txt is the crawl rules, not the app', async ({ request }) => {
  const answer = await request.get('/robots.txt');
  expect(answer.status()).toBe(200);
  expect(answer.headers()['content-type']).toMatch(/^text\/plain/);
  const rules = await answer.text();
  expect(rules).toMatch(/^User-agent: \*$/m);
  expect(rules).toMatch(/^Disallow: \/account$/m);
  expect(rules).not.toContain('<html');
});
