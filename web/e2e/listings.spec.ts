// The catalogue screens against the running product, which seeds 45 demo listings across all nine
// categories: the home page, a service's page, a subcategory, a location and search.
import { expect, test, type Locator, type Page } from '@playwright/test';
import { demoSeller, hydrated, layoutShift, pageErrors } from './support';

const CATEGORIES = ['Beauty', 'Hair', 'Health', 'Fitness', 'Fashion', 'Bridal', 'Flowers & Gifts', 'Home', 'Photography'];
const PRICE_RANGE = /^Ksh [\d,]+( - Ksh [\d,]+)?$/;

/** The home page's category sections: the regions named by a level-2 heading. */
function homeSections(page: Page): Locator {
  return page.getByRole('main').getByRole('region').filter({ has: page.getByRole('heading', { level: 2 }) });
}

async function cardsOf(page: Page): Promise<Locator> {
  const cards = page.getByRole('article');
  await expect(cards.first()).toBeVisible();
  return cards;
}

test.describe('home', () => {
  test('shows the tagline, then a section per category with up to 4 services and View All', async ({ page }) => {
    await page.goto('/');
    await expect(page).toHaveTitle('Mtaani');
    await expect(
      page.getByRole('heading', { level: 1, name: 'Find trusted beauty, wellness and lifestyle services near you' }),
    ).toBeVisible();
    await expect(page.getByRole('button', { name: 'Book an Appointment' })).toBeVisible();

    const sections = homeSections(page);
    await expect(sections.first()).toBeVisible();
    // Every category is seeded, so none is hidden; they come in the menu's order.
    await expect(sections.getByRole('heading', { level: 2 })).toHaveText(CATEGORIES);
    for (const section of await sections.all()) {
      const count = await section.getByRole('article').count();
      expect(count).toBeGreaterThanOrEqual(1);
      expect(count).toBeLessThanOrEqual(4);
      await expect(section.getByRole('link', { name: 'View All' })).toHaveAttribute('href', '/all-services');
    }
    await expect(page.getByText('No services available in this category yet.')).toHaveCount(0);

    // The first cards are the largest paint: their photos are not lazy.
    const firstPhoto = sections.first().getByRole('article').first().locator('img');
    await expect(firstPhoto).toHaveAttribute('loading', 'eager');
    await expect(firstPhoto).toHaveAttribute('fetchpriority', 'high');
    await expect(sections.nth(1).getByRole('article').first().locator('img')).toHaveAttribute('loading', 'lazy');
  });

  test('Book an Appointment opens the booking dialog, which first asks for the service', async ({ page }) => {
    await page.goto('/');
    await page.getByRole('button', { name: 'Book an Appointment' }).click();
    const dialog = page.getByRole('dialog', { name: 'Book an Appointment' });
    await expect(dialog.getByRole('heading', { name: 'Which service would you like to book?' })).toBeVisible();
    await expect(dialog.getByRole('searchbox', { name: 'Search services' })).toBeFocused();
    await expect(dialog.getByRole('listitem')).toHaveCount(8);
    await page.keyboard.press('Escape');
    await expect(dialog).toBeHidden();
    await expect(page).toHaveURL(/\/$/);
  });

  test('fits a 360 px phone without sideways scrolling', async ({ page }) => {
    await page.setViewportSize({ width: 360, height: 740 });
    await page.goto('/');
    await expect(homeSections(page).first()).toBeVisible();
    expect(await page.evaluate(() => document.documentElement.scrollWidth)).toBeLessThanOrEqual(360);
  });
});

test.describe('service page', () => {
  test('a card opens its page with the price range, details and a working WhatsApp link', async ({ page }) => {
    await page.goto('/');
    const card = homeSections(page).first().getByRole('article').first();
    const name = (await card.getByRole('heading').textContent())!.trim();
    const price = (await card.getByText(PRICE_RANGE).textContent())!.trim();
    const requests: string[] = [];
    page.on('request', (request) => requests.push(new URL(request.url()).pathname));

    await card.getByRole('link', { name, exact: true }).click();

    await expect(page).toHaveURL(/\/service\/[^/]+$/);
    await expect(page.getByRole('heading', { level: 1, name })).toBeVisible();
    await expect(page).toHaveTitle(`${name} · Mtaani`);
    await expect(page.getByRole('main').getByText(`Price range: ${price}`, { exact: true })).toBeVisible();
    // One listing is asked for, not the whole list.
    expect(requests.filter((path) => path.startsWith('/api/')).every((path) => path.startsWith('/api/service/'))).toBe(
      true,
    );

    const breadcrumb = page.getByRole('navigation', { name: 'Breadcrumb' });
    await expect(breadcrumb.getByRole('link', { name: 'Home' })).toHaveAttribute('href', '/');
    await expect(breadcrumb.getByRole('link', { name: 'Beauty' })).toHaveAttribute('href', '/category/beauty');
    await expect(breadcrumb.getByText(name)).toHaveAttribute('aria-current', 'page');

    const details = page.getByRole('region', { name: 'Details and contact' });
    await expect(details.getByRole('link', { name: 'Beauty' })).toBeVisible();
    await expect(details.getByRole('link', { name: /^\+\d+$/ })).toHaveAttribute('href', /^tel:\+\d{10,15}$/);

    const chat = page.getByRole('link', { name: /Contact via WhatsApp/ });
    await expect(chat).toHaveAttribute('target', '_blank');
    await expect(chat).toHaveAttribute('rel', 'noopener noreferrer');
    const href = new URL((await chat.getAttribute('href'))!);
    expect(href.origin).toBe('https://wa.me');
    expect(href.pathname).toMatch(/^\/\d{10,15}$/);
    expect(href.searchParams.get('text')).toBe(`Hello, I'm interested in your service "${name}" (${price}) on Mtaani.`);

    // The gallery shows the large photo, loaded; the Description tab the seller's text.
    const photo = page.getByRole('tabpanel', { name: 'Gallery' }).getByRole('img', { name });
    await expect(photo).toHaveAttribute('src', /^\/media\/.+-1280\.webp$/);
    await expect.poll(() => photo.evaluate((img: HTMLImageElement) => img.complete && img.naturalWidth)).toBeGreaterThan(0);
    await page.getByRole('tab', { name: 'Description' }).click();
    await expect(page.getByRole('tabpanel', { name: 'Description' })).not.toBeEmpty();
    await expect(page.getByRole('button', { name: 'Book an Appointment' })).toBeVisible();
  });

  test('an unknown id shows Service Not Found with a way home', async ({ page }) => {
    await page.goto('/service/00000000-0000-7000-8000-000000000000');
    await expect(page.getByRole('heading', { level: 1, name: 'Service Not Found' })).toBeVisible();
    await expect(page.getByText(/^Service not found\./)).toBeVisible();
    await page.getByRole('link', { name: 'Back to Homepage' }).click();
    await expect(page).toHaveURL(/\/$/);
  });

  test('fits a 360 px phone without sideways scrolling', async ({ page }) => {
    await page.setViewportSize({ width: 360, height: 740 });
    await page.goto('/search?q=braids');
    await page.getByRole('link', { name: 'Knotless Braids by Achieng', exact: true }).click();
    await expect(page.getByRole('heading', { level: 1, name: 'Knotless Braids by Achieng' })).toBeVisible();
    expect(await page.evaluate(() => document.documentElement.scrollWidth)).toBeLessThanOrEqual(360);
  });
});

test.describe('service page on a phone (issue 39 §6)', () => {
  test.use({ viewport: { width: 375, height: 812 }, hasTouch: true });

  test('WhatsApp, Call and Book stay at the foot of the first screen, under the provider and their hours', async ({
    page,
  }) => {
    const errors = pageErrors(page);
    await page.goto('/search?q=braids');
    const href = await page.getByRole('link', { name: 'Knotless Braids by Achieng', exact: true }).getAttribute('href');
    await page.goto(href!);
    await hydrated(page);
    const title = page.getByRole('heading', { level: 1, name: 'Knotless Braids by Achieng' });
    await expect(title).toBeVisible();
    // Under the title: the provider, linked to their page, and when they work today.
    const provider = page.getByRole('link', { name: 'Achieng Otieno' });
    await expect(provider).toBeVisible();
    expect(await provider.getAttribute('href')).toBe(`/provider/${demoSeller('Achieng Otieno').id}`);
    await expect(page.getByText(/^(Open today \d|Closed today)/)).toBeVisible();

    const bar = page.getByRole('region', { name: 'Contact and book' });
    const actions = [
      bar.getByRole('link', { name: /^WhatsApp/ }),
      bar.getByRole('link', { name: 'Call' }),
      bar.getByRole('button', { name: 'Book' }),
    ];
    for (const action of actions) {
      const box = (await action.boundingBox())!;
      expect(box.y + box.height, 'on the first screen').toBeLessThanOrEqual(812);
      expect(box.height, 'a finger-sized target').toBeGreaterThanOrEqual(44);
    }
    const barBox = (await bar.boundingBox())!;
    expect(barBox.y + barBox.height).toBeCloseTo(812, 0);
    expect(await layoutShift(page)).toBeLessThan(0.01);
    expect(await bar.getByRole('link', { name: 'Call' }).getAttribute('href')).toMatch(/^tel:\+2547\d{8}$/);
    // The end of the page scrolls clear of the bar.
    await page.evaluate(() => window.scrollTo(0, document.body.scrollHeight));
    const footerEnd = await page.evaluate(() => document.querySelector('footer')!.getBoundingClientRect().bottom);
    expect(footerEnd).toBeLessThanOrEqual(barBox.y + 1);

    await bar.getByRole('button', { name: 'Book' }).tap();
    const dialog = page.getByRole('dialog', { name: 'Book an Appointment' });
    await expect(dialog.getByText('Knotless Braids by Achieng')).toBeVisible();
    await page.keyboard.press('Escape');
    await expect(dialog).toBeHidden();

    // A field with the keyboard up: the bar makes way.
    await page.getByRole('button', { name: 'Open menu' }).tap();
    await page.getByRole('dialog', { name: 'Menu' }).getByPlaceholder('Find services...').focus();
    await expect(bar).toBeHidden();
    expect(errors).toEqual([]);
  });

  test.describe('in Kiswahili', () => {
    test.use({ locale: 'sw-KE', extraHTTPHeaders: { 'Accept-Language': 'sw-KE,sw;q=0.9,en;q=0.8' } });

    test('the page and its bar fit the phone, the hours on the 24-hour clock', async ({ page }) => {
      await page.goto('/search?q=braids');
      const href = await page.getByRole('link', { name: 'Knotless Braids by Achieng', exact: true }).getAttribute('href');
      await page.goto(href!);
      await hydrated(page);
      await expect(page.locator('html')).toHaveAttribute('lang', 'sw-KE');
      await expect(page.getByText('Mtoa huduma:')).toBeVisible();
      const opening = page.getByText(/^(Wazi leo \d\d:\d\d|Imefungwa leo)/);
      await expect(opening).toBeVisible();
      expect(await opening.textContent()).not.toMatch(/[AP]M/);
      const bar = page.getByRole('region', { name: 'Wasiliana au weka miadi' });
      await expect(bar.getByRole('link', { name: 'Piga simu' })).toBeVisible();
      await expect(bar.getByRole('button', { name: 'Weka miadi' })).toBeVisible();
      expect(await page.evaluate(() => document.documentElement.scrollWidth)).toBeLessThanOrEqual(375);
    });
  });
});

test('a subcategory page lists its services under its title', async ({ page }) => {
  await page.goto('/services/hair/braiding');
  await expect(page.getByRole('heading', { level: 1, name: 'Braiding Services' })).toBeVisible();
  await expect(page).toHaveTitle('Braiding Services · Mtaani');
  const cards = await cardsOf(page);
  for (const card of await cards.all()) {
    await expect(card.getByText('Braiding', { exact: true })).toBeVisible();
  }
});

test('a location page lists only the services of that town', async ({ page }) => {
  await page.goto('/services/location/Nakuru');
  await expect(page.getByRole('heading', { level: 1, name: 'Services in Nakuru' })).toBeVisible();
  const cards = await cardsOf(page);
  expect(await cards.count()).toBeGreaterThan(0);
  for (const card of await cards.all()) {
    await expect(card.locator('.service-card__location')).toContainText('Nakuru');
  }
});

test.describe('search', () => {
  test('finds a service by a word of its name from the header', async ({ page }) => {
    await page.goto('/');
    const box = page.getByRole('banner').getByPlaceholder('Find services...');
    await box.fill('braids');
    await box.press('Enter');
    await expect(page).toHaveURL(/\/search\?q=braids$/);
    await expect(page.getByRole('heading', { level: 1, name: 'Search results for "braids"' })).toBeVisible();
    await expect(page.getByRole('link', { name: 'Knotless Braids by Achieng', exact: true })).toBeVisible();
  });

  test('asks for words when the query is blank', async ({ page }) => {
    await page.goto('/search?q=%20%20');
    await expect(page.getByText('No search query provided.')).toBeVisible();
    await expect(page.getByRole('article')).toHaveCount(0);
  });

  test('says so when nothing matches', async ({ page }) => {
    await page.goto('/search?q=zzzqqqxxx');
    await expect(page.getByText('No services found')).toBeVisible();
  });
});
