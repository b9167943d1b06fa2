// Search that understands (issue 41), through nginx on a phone's screen, in both languages: what
// Kenyans type finds what they mean ("manicure", "kucha", "nywele"); a place named is a filter
// ("braids kasarani"); where nothing there matches, the page says so and shows the nearest, on the
// page the server renders too; a search is in the order picked, and its header says which, from where.
import { expect, test, type Page } from '@playwright/test';
import { hydrated, pageErrors } from './support';

const results = (page: Page) => page.getByRole('main').getByRole('article');

test.beforeEach(async ({ page }) => {
  await page.setViewportSize({ width: 390, height: 844 });
});

test('the words people type find what they mean', async ({ page }) => {
  const errors = pageErrors(page);
  // Nail studios first (other tests post some of their own), the demo's among them.
  for (const typed of ['manicure', 'kucha', 'pedicure']) {
    await page.goto(`/search?q=${typed}`);
    await expect(results(page).first().locator('.service-card__category')).toHaveText(/^nails$/i);
    await expect(page.getByRole('link', { name: 'Gel & Acrylic Nail Studio', exact: true })).toBeVisible();
  }
  await page.goto('/search?q=nywele');
  await hydrated(page);
  await expect(page.getByRole('link', { name: 'Complete Hair Care Lounge', exact: true })).toBeVisible();
  await expect(page.getByRole('link', { name: 'Gel & Acrylic Nail Studio', exact: true })).toHaveCount(0);
  // A place named: its braider first, nothing said of elsewhere.
  await page.goto('/search?q=braids%20kasarani');
  await expect(results(page).first()).toContainText('Cornrows & Kids Braids');
  await expect(page.getByText(/yet\. The nearest/)).toHaveCount(0);
  expect(errors).toEqual([]);
});

test('where nothing in the place named matches, the page says so and shows the nearest', async ({ page, baseURL }) => {
  const errors = pageErrors(page);
  const html = await (await page.request.get('/search?q=massage%20nakuru', { headers: { Accept: 'text/html' } })).text();
  expect(html).toContain('No massage in Nakuru yet. The nearest:');
  await page.goto('/search?q=massage%20nakuru');
  await hydrated(page);
  await expect(page.getByText('No massage in Nakuru yet. The nearest:')).toBeVisible();
  await expect(page.getByText('Nearest to Nakuru first')).toBeVisible();
  await expect(page.getByRole('combobox', { name: 'Sort by' })).toHaveValue('distance');
  await expect(results(page).first()).toContainText('Tranquil Touch ASMR Massage');
  await expect(results(page).first().locator('.service-card__location')).toContainText(' km · ');
  // Counted as it is said: one service, or more.
  const count = await results(page).count();
  await expect(page.getByRole('status').filter({ hasText: /shown$/ })).toHaveText(
    count === 1 ? '1 service shown' : `${count} services shown`,
  );

  // In Kiswahili.
  await page.context().addCookies([{ name: 'mtaani_lang', value: 'sw', url: baseURL! }]);
  await page.goto('/search?q=masaji%20nairobi');
  await hydrated(page);
  await expect(page.getByText('Bado hakuna masaji katika Nairobi. Walio karibu zaidi:')).toBeVisible();
  await expect(page.getByText('Walio karibu na Nairobi kwanza')).toBeVisible();
  await expect(results(page).first()).toContainText('Tranquil Touch ASMR Massage');
  expect(errors).toEqual([]);
});

test('words naming a kind of service none is listed of: the page says so and answers what is close to it', async ({
  page,
  baseURL,
}) => {
  const errors = pageErrors(page);
  // "kinyozi" is a barber: no barber is listed, so ladies' haircuts are answered, and the page says so.
  const html = await (await page.request.get('/search?q=kinyozi', { headers: { Accept: 'text/html' } })).text();
  expect(html).toContain('No kinyozi listed yet. Close to it:');
  await page.goto('/search?q=kinyozi');
  await hydrated(page);
  await expect(page.getByText('No kinyozi listed yet. Close to it:')).toBeVisible();
  await expect(page.getByRole('link', { name: 'Ladies Cut & Style', exact: true })).toBeVisible();
  // Braids are listed: nothing more is said.
  await page.goto('/search?q=wasusi');
  await hydrated(page);
  await expect(page.getByRole('link', { name: 'Knotless Braids by Achieng', exact: true })).toBeVisible();
  await expect(page.getByText(/listed yet/)).toHaveCount(0);

  await page.context().addCookies([{ name: 'mtaani_lang', value: 'sw', url: baseURL! }]);
  await page.goto('/search?q=vinyozi');
  await hydrated(page);
  await expect(page.getByText('Bado hakuna vinyozi hapa Mtaani. Huduma zinazofanana:')).toBeVisible();
  expect(errors).toEqual([]);
});

test('the search box suggests categories, listings and places from two letters, in both languages', async ({ page, baseURL }) => {
  const errors = pageErrors(page);
  await page.goto('/');
  await hydrated(page);
  const box = page.getByRole('main').getByRole('combobox', { name: 'Search services' });
  await box.pressSequentially('kuch');
  const suggestions = page.getByRole('main').getByRole('listbox', { name: 'Suggestions' });
  await expect(suggestions.getByRole('option').first()).toHaveText('NailsBeauty');
  await expect(suggestions.getByRole('option', { name: /Gel & Acrylic Nail Studio/ })).toBeVisible();
  await suggestions.getByRole('option', { name: /Gel & Acrylic Nail Studio/ }).click();
  await expect(page).toHaveURL(/\/service\/[\w-]+$/);
  await expect(page.getByRole('heading', { level: 1, name: 'Gel & Acrylic Nail Studio' })).toBeVisible();

  // A place: the search of its name lists what is there.
  await page.goto('/');
  await hydrated(page);
  await box.pressSequentially('kasar');
  await suggestions.getByRole('option', { name: /^Kasarani, Nairobi/ }).first().click();
  await expect(page).toHaveURL(/\/search\?q=Kasarani/);
  await expect(results(page).first()).toContainText('Cornrows & Kids Braids');

  // In Kiswahili, the arrows and Enter pick a category.
  await page.context().addCookies([{ name: 'mtaani_lang', value: 'sw', url: baseURL! }]);
  await page.goto('/');
  await hydrated(page);
  const sanduku = page.getByRole('main').getByRole('combobox', { name: 'Tafuta huduma' });
  await sanduku.pressSequentially('nywele');
  await expect(page.getByRole('main').getByRole('listbox').getByRole('option').first()).toContainText('Nywele');
  await sanduku.press('ArrowDown');
  await sanduku.press('Enter');
  await expect(page).toHaveURL(/\/category\/hair$/);
  expect(errors).toEqual([]);
});
