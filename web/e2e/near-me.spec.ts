// Find it in your neighbourhood (issues 41, 56), through nginx: a visitor in Kasarani taps Near me
// (the browser's position set, and granted) and sees the nearest providers first by their real
// distances, those who travel marked "Comes to you", on pages the server renders for their area too;
// a search from there is the best match until they ask for the nearest, and measures from the place
// its words name; refused, they type their area instead; a seller
// picks Lavington (an estate, not a ward) from the location's suggestions, and the listing is found
// by Lavington, by its sub-county, and by Near me from next door.
import { expect, test, type Page } from '@playwright/test';
import { bearer, hydrated, pageErrors, PHOTO, signIn } from './support';

// Kasarani ward's centre (proto/catalog/v1/places), where the demo's braider of Kasarani is.
const KASARANI = { latitude: -1.22874, longitude: 36.89186 };

const cardLocations = (page: Page) => page.getByRole('main').getByRole('article').locator('.service-card__location');

test('Near me asks for the position when tapped and lists the nearest providers first, with distances', async ({
  page,
  context,
}) => {
  const errors = pageErrors(page);
  await context.setGeolocation(KASARANI);
  await context.grantPermissions(['geolocation']);
  await page.setViewportSize({ width: 390, height: 844 });
  await page.goto('/');
  await hydrated(page);
  await page.getByRole('main').getByRole('button', { name: 'Near me' }).click();

  // The home page opens every service, nearest first by the real distance: the braider in Kasarani at
  // 0.0 km; the cleaner of Tatu City, who travels 15 km, comes to Kasarani from where she is.
  await expect(page).toHaveURL(/\/all-services$/);
  await expect(page.getByText('Nearest to Kasarani first')).toBeVisible();
  await expect(cardLocations(page).first()).toHaveText('0.0 km · Kasarani');
  await expect(cardLocations(page).filter({ hasText: 'Tatu City' })).toHaveText(/^Comes to you · (\d+\.\d) km \(Tatu City\)$/);
  const shown = await cardLocations(page).allTextContents();
  const km = shown.slice(0, 12).map((text) => Number(/([\d.]+) km/.exec(text)?.[1]));
  expect(km.every((d, i) => Number.isFinite(d) && (i === 0 || d >= km[i - 1]!))).toBe(true);
  expect(shown.filter((text) => text.includes('0.0 km')).every((text) => text.endsWith('Kasarani'))).toBe(true);
  await expect(page.getByRole('combobox', { name: 'Sort by' })).toHaveValue('distance');

  // The area is kept: a page the server renders comes nearest first already.
  const document = await page.request.get('/services/hair/braiding', { headers: { Accept: 'text/html' } });
  const html = await document.text();
  expect(html).toContain('km · Kasarani');
  await page.goto('/services/hair/braiding');
  await hydrated(page);
  await expect(cardLocations(page).first()).toHaveText('0.0 km · Kasarani');

  // A search from there: "braids kasarani" answers the braider in Kasarani with her distance.
  await page.goto('/search?q=braids%20kasarani');
  await expect(page.getByRole('main').getByRole('article').first()).toContainText('Cornrows & Kids Braids');

  // A search is the best match, and says so, until the nearest are asked for.
  await page.goto('/search?q=makeup');
  await hydrated(page);
  await expect(page.getByText('Best match near Kasarani')).toBeVisible();
  const sort = page.getByRole('combobox', { name: 'Sort by' });
  await expect(sort).toHaveValue('recommended');
  await sort.selectOption('Nearest first');
  await expect(page).toHaveURL(/sort=distance/);
  await expect(page.getByText('Nearest to Kasarani first')).toBeVisible();
  await expect(cardLocations(page).first()).toContainText(' km');
  // Nearest first among the makeup artists (every order keeps those the words name first).
  const artists = page
    .getByRole('main')
    .getByRole('article')
    .filter({ has: page.locator('.service-card__category', { hasText: /^makeup$/i }) })
    .locator('.service-card__location');
  const found = (await artists.allTextContents()).map((text) => Number(/([\d.]+) km/.exec(text)?.[1]));
  expect(found.length).toBeGreaterThan(1);
  expect(found.every((d, i) => Number.isFinite(d) && (i === 0 || d >= found[i - 1]!)), found.join()).toBe(true);
  // Words that name a place: distances from there, and the header says so.
  await page.goto('/search?q=nails%20kilimani');
  await hydrated(page);
  await expect(page.locator('.near-me__area')).toContainText('Kilimani');
  await expect(page.locator('.near-me__area')).not.toContainText('Kasarani');

  // Cleared: the lists go back to their order, without distances.
  await page.goto('/all-services');
  await page.getByRole('button', { name: 'Clear', exact: true }).click();
  await expect(page.getByRole('main').getByRole('button', { name: 'Near me' })).toBeVisible();
  await expect(cardLocations(page).first()).not.toContainText(' km · ');
  expect(errors).toEqual([]);
});

test('refused, Near me offers the place typeahead; the location menu asks too', async ({ page }) => {
  // No permission granted: the browser refuses the position.
  await page.goto('/all-services');
  await hydrated(page);
  await page.getByRole('main').getByRole('button', { name: 'Near me' }).click();
  const where = page.getByRole('combobox', { name: 'Where are you?' });
  await expect(where).toBeVisible();
  await where.fill('kasarni');
  // The sub-county and the ward of that name: the ward.
  await page.getByRole('listbox', { name: 'Suggestions' }).getByRole('option', { name: 'Kasarani, Nairobi Ward' }).click();
  await expect(page.getByText('Nearest to Kasarani first')).toBeVisible();
  await expect(cardLocations(page).first()).toContainText(' km · ');
  await page.getByRole('button', { name: 'Clear', exact: true }).click();

  // The header's location menu: Near me opens every service and asks there.
  await page.setViewportSize({ width: 1280, height: 900 });
  await page.goto('/');
  await hydrated(page);
  await page.getByRole('banner').getByRole('combobox', { name: 'Location' }).selectOption('Near me');
  await expect(page).toHaveURL(/\/all-services$/);
  await expect(page.getByRole('combobox', { name: 'Where are you?' })).toBeVisible();
});

test('a seller picks Lavington from the suggestions; the listing is found by it, its sub-county and Near me', async ({
  page,
  context,
}) => {
  const name = `Silk Press Lavington ${Date.now().toString(36)}`;
  await signIn(page, 'wanjiru@demo.mtaani.co.ke');
  await page.goto('/post-service');
  const main = page.getByRole('main');
  await expect(main.getByRole('heading', { level: 1, name: 'Post a Service' })).toBeVisible();
  await main.getByLabel('Service name', { exact: true }).fill(name);
  await main.getByLabel('Minimum price', { exact: true }).fill('2000');
  await main.getByLabel('Maximum price', { exact: true }).fill('4500');
  const location = main.getByRole('combobox', { name: 'Location' });
  await location.fill('lavingtn');
  await main.getByRole('listbox', { name: 'Suggestions' }).getByRole('option', { name: /^Lavington, Dagoretti North, Nairobi/ }).click();
  await expect(location).toHaveValue('Lavington, Dagoretti North, Nairobi');
  await expect(location).toHaveAccessibleDescription('Customers near Lavington, Dagoretti North, Nairobi find you first.');
  await main.getByLabel('Category', { exact: true }).selectOption('hair');
  await main.getByLabel('Subcategory', { exact: true }).selectOption('weaving');
  await main.getByLabel('Do you travel to customers?', { exact: true }).selectOption('0');
  await main.getByLabel('Description', { exact: true }).fill('Silk press, trims and treatments in a quiet studio near the mall.');
  await main.getByLabel('Photos').setInputFiles(PHOTO);
  await main.getByRole('button', { name: 'Post Service' }).click();
  await expect(page.getByText('Service posted successfully!')).toBeVisible();

  // Found by the estate's name, by its sub-county, and by Near me from next door (Kilimani).
  for (const query of ['lavington', 'dagoretti']) {
    const found = await page.request.get(`/api/services/search?query=${query}&limit=100`);
    const names = ((await found.json()) as { name: string }[]).map((s) => s.name);
    expect(names, query).toContain(name);
  }
  await context.setGeolocation({ latitude: -1.2897, longitude: 36.7873 });
  await context.grantPermissions(['geolocation']);
  await page.goto('/services/hair/weaving');
  await hydrated(page);
  await main.getByRole('button', { name: 'Near me' }).click();
  const card = main.getByRole('article').filter({ hasText: name });
  await expect(card.locator('.service-card__location')).toHaveText(/^\d+\.\d km · Lavington$/);
  const near = await page.request.get('/api/subcategory?subcategory=/services/hair/weaving&near=-1.2897,36.7873&limit=3');
  expect(((await near.json()) as { name: string }[]).map((s) => s.name)).toContain(name);

  // Clean up: the listing goes.
  const id = await card.getByRole('link').first().getAttribute('href');
  await page.request.delete(`/api/service/${id!.split('/').pop()}`, { headers: await bearer(page) });
  await page.getByRole('button', { name: 'Clear', exact: true }).click();
});

test('any place has its page, rendered by the server in both languages, reached from all services, in the sitemap', async ({
  page,
}) => {
  const errors = pageErrors(page);
  // As a search engine reads it: the server's HTML, with the place's own title and description.
  const html = await (await page.request.get('/services/location/Kasarani', { headers: { Accept: 'text/html' } })).text();
  expect(html).toContain('<title>Services in Kasarani, Nairobi');
  expect(html).toMatch(/<meta name="description" content="[^"]*Braiding[^"]* in Kasarani, Nairobi on Mtaani: /);
  expect(html).toContain('Cornrows &amp; Kids Braids');
  const swahili = await page.request.get('/services/location/Kasarani', {
    headers: { Accept: 'text/html', 'Accept-Language': 'sw-KE,sw;q=0.9' },
  });
  const swHtml = await swahili.text();
  expect(swHtml).toContain('<title>Huduma katika Kasarani, Nairobi');
  expect(swHtml).toMatch(/<meta name="description" content="[^"]* katika Kasarani, Nairobi kwenye Mtaani: /);
  // The sitemap lists the pages of the places with listings: the ward's sub-county, an estate's.
  const sitemap = await (await page.request.get('/sitemap.xml')).text();
  expect(sitemap).toContain('/services/location/Kasarani</loc>');
  expect(sitemap).toContain('/services/location/Nairobi</loc>');

  // A visitor on a phone filters every service by a place, and comes back to all of them.
  await page.setViewportSize({ width: 390, height: 844 });
  await page.goto('/all-services');
  await hydrated(page);
  const main = page.getByRole('main');
  await main.getByRole('button', { name: 'Filter by place' }).click();
  await main.getByRole('combobox', { name: 'Show the services in' }).fill('kasaran');
  await main.getByRole('listbox', { name: 'Suggestions' }).getByRole('option', { name: /^Kasarani, Nairobi/ }).click();
  await expect(page).toHaveURL(/\/services\/location\/Kasarani$/);
  await expect(main.getByRole('heading', { level: 1, name: 'Services in Kasarani, Nairobi' })).toBeVisible();
  await expect(main.getByRole('article').filter({ hasText: 'Cornrows & Kids Braids' })).toBeVisible();
  await expect(page).toHaveTitle(/^Services in Kasarani, Nairobi/);
  await main.getByRole('link', { name: 'All places' }).click();
  await expect(page).toHaveURL(/\/all-services$/);
  expect(errors).toEqual([]);
});
