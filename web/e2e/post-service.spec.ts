// Posting a service against the running product: a demo seller posts a listing with a photo and finds
// it everywhere buyers look; a Basic seller meets her photo limit; a seller edits and deletes a listing
// from My Account. Every run posts listings with unique names and deletes them at the end.
import { expect, test, type Page } from '@playwright/test';
import { bearer, field, PHOTO, PHOTO_DATA_URL, signIn } from './support';

const PREMIUM_SELLER = { email: 'wanjiru@demo.mtaani.co.ke', firstName: 'Wanjiru' };
const STANDARD_SELLER = { email: 'achieng@demo.mtaani.co.ke', firstName: 'Achieng' };
const BASIC_SELLER = { email: 'njeri@demo.mtaani.co.ke', firstName: 'Njeri' };

/**
 * A made-up word no listing has, in letters only (search splits words at digits), so that one
 * listing answers a search for it, even misspelt.
 */
function uniqueWord(): string {
  const letters = 'bcdfghjklmnpqrstvwxz';
  let n = Date.now() * 1000 + Math.floor(Math.random() * 1000);
  let word = '';
  while (n > 0) {
    word += letters[n % letters.length];
    n = Math.floor(n / letters.length);
  }
  return `Zu${word.slice(0, 8)}`;
}

async function openPostService(page: Page, firstName: string) {
  await page.getByRole('banner').getByRole('button', { name: firstName, exact: true }).click();
  await page.getByRole('menu').getByRole('menuitem', { name: 'Post a Service' }).click();
  await expect(page).toHaveURL(/\/post-service$/);
  await expect(page.getByRole('heading', { level: 1, name: 'Post a Service' })).toBeVisible();
}

test('a seller posts a service with a photo, and buyers find it everywhere', async ({ page }) => {
  const word = uniqueWord();
  const name = `Portrait Sessions ${word}`;
  // One letter left out: a search one edit away still finds it.
  const typo = word.slice(0, 3) + word.slice(4);

  await page.goto('/post-service');
  await expect(page.getByText('Please sign in to post a service')).toBeVisible();
  await expect(page).toHaveURL(/\/signin$/);

  await signIn(page, PREMIUM_SELLER.email);
  await expect(page).toHaveURL(/\/$/);
  await openPostService(page, PREMIUM_SELLER.firstName);
  await expect(page).toHaveTitle('Post a Service · Mtaani');

  const subcategory = field(page, 'Subcategory');
  await expect(subcategory).toBeDisabled();
  await field(page, 'Service name').fill(name);
  await field(page, 'Minimum price').fill('2000');
  await field(page, 'Maximum price').fill('6,500');
  await field(page, 'Location').fill('Milimani, Nakuru');
  await field(page, 'Phone number').fill('0712 345 678');
  await field(page, 'Category').selectOption({ label: 'Photography' });
  await expect(subcategory).toBeEnabled();
  await subcategory.selectOption({ label: 'Portrait Photography' });
  await field(page, 'Description').fill(
    'Relaxed portrait sessions in studio or outdoors around Nakuru, with ten edited photos delivered in a week.',
  );
  await field(page, 'Photos').setInputFiles(PHOTO);
  const preview = page.getByRole('img', { name: 'Photo 1' });
  await expect(preview).toBeVisible();
  await expect.poll(() => preview.evaluate((img: HTMLImageElement) => img.naturalWidth)).toBe(320);
  await expect(page.getByText('1 of 3 photos')).toBeVisible();

  await page.getByRole('button', { name: 'Post Service' }).click();
  await expect(page.getByText('Service posted successfully!')).toBeVisible();
  // The new listing's own page.
  await expect(page).toHaveURL(/\/service\/[^/]+$/);
  await expect(page.getByRole('heading', { level: 1, name })).toBeVisible();
  await page.goto('/all-services');
  const link = page.getByRole('link', { name, exact: true });
  // Featured (Premium) and newest: on the first page.
  await expect(link).toBeVisible();

  // The home page: first in its category's section, being featured and the newest.
  await page.goto('/');
  const photography = page.getByRole('region', { name: 'Photography' });
  await expect(photography.getByRole('article').first().getByRole('link', { name, exact: true })).toBeVisible();

  await page.goto('/services/photography/portrait');
  await expect(page.getByRole('heading', { level: 1, name: 'Portrait Services' })).toBeVisible();
  await expect(link).toBeVisible();

  await page.goto('/services/location/Nakuru');
  await expect(page.getByRole('heading', { level: 1, name: 'Services in Nakuru' })).toBeVisible();
  await expect(link).toBeVisible();

  await page.goto(`/search?q=${typo}`);
  await expect(page.getByRole('heading', { level: 1, name: `Search results for "${typo}"` })).toBeVisible();
  await expect(link).toBeVisible();

  await link.click();
  await expect(page).toHaveURL(/\/service\/[^/]+$/);
  const id = page.url().split('/service/')[1]!;
  await expect(page.getByRole('heading', { level: 1, name })).toBeVisible();
  await expect(page.getByRole('main').getByText('Price range: Ksh 2,000 - Ksh 6,500', { exact: true })).toBeVisible();
  const photo = page.getByRole('tabpanel', { name: 'Gallery' }).getByRole('img', { name });
  await expect(photo).toHaveAttribute('src', /^\/media\//);
  await expect.poll(() => photo.evaluate((img: HTMLImageElement) => img.complete && img.naturalWidth)).toBeGreaterThan(0);
  const chat = page.getByRole('link', { name: /Contact via WhatsApp/ });
  const href = (await chat.getAttribute('href'))!;
  expect(href.startsWith('https://wa.me/2547')).toBe(true);
  const url = new URL(href);
  expect(url.pathname).toBe('/254712345678');
  expect(url.searchParams.get('text')).toContain(name);

  const deleted = await page.request.delete(`/api/service/${id}`, { headers: await bearer(page) });
  expect(deleted.status()).toBe(204);

  // A Basic seller may add one photo, on a phone.
  await page.setViewportSize({ width: 360, height: 740 });
  await signIn(page, BASIC_SELLER.email);
  await expect(page).toHaveURL(/\/$/);
  await page.goto('/post-service');
  await expect(page.getByText('0 of 1 photos')).toBeVisible();
  await field(page, 'Photos').setInputFiles(PHOTO);
  await expect(page.getByText('1 of 1 photos')).toBeVisible();
  await field(page, 'Photos').setInputFiles(PHOTO);
  await expect(page.getByText('Your Basic package allows only 1 photo(s).')).toBeVisible();
  await expect(page.getByRole('img', { name: /^Photo \d$/ })).toHaveCount(1);
  expect(await page.evaluate(() => document.documentElement.scrollWidth)).toBeLessThanOrEqual(360);
});

test('a seller edits and deletes a service from My Account', async ({ page }) => {
  const name = `Gel Nails ${uniqueWord()}`;
  await signIn(page, STANDARD_SELLER.email);
  await expect(page).toHaveURL(/\/$/);

  // The listing to work on, posted straight to the API: the form's own path is the test above.
  const posted = await page.request.post('/api/services', {
    headers: { ...(await bearer(page)), 'Idempotency-Key': crypto.randomUUID() },
    data: {
      name,
      images: [{ data: PHOTO_DATA_URL, name: 'photo.png' }],
      minPrice: 800,
      maxPrice: 1500,
      location: 'Thika',
      phoneNumber: '0722 000 111',
      category: 'beauty',
      subcategory: 'nails',
      description: 'Gel manicures and pedicures with long-lasting colour, at my Thika studio.',
    },
  });
  expect(posted.status()).toBe(201);

  await page.goto('/account');
  const myServices = page.getByRole('region', { name: 'My services' });
  const row = myServices.getByRole('listitem').filter({ has: page.getByRole('heading', { name, exact: true }) });
  await expect(row.getByText('Ksh 800 - Ksh 1,500')).toBeVisible();
  await expect(row.getByText('Thika')).toBeVisible();
  const oldPhoto = await row.locator('img').getAttribute('src');
  expect(oldPhoto).toMatch(/^\/media\//);

  await row.getByRole('link', { name: 'Edit' }).click();
  await expect(page).toHaveURL(/\/post-service\?edit=.+$/);
  await expect(page.getByRole('heading', { level: 1, name: 'Edit service' })).toBeVisible();
  await expect(field(page, 'Service name')).toHaveValue(name);
  await expect(field(page, 'Subcategory')).toHaveValue('nails');
  await expect(page.getByText('1 of 2 photos')).toBeVisible();

  const newName = `${name} Deluxe`;
  await field(page, 'Service name').fill(newName);
  await field(page, 'Maximum price').fill('2500');
  await page.getByRole('button', { name: 'Remove photo 1' }).click();
  await expect(page.getByText('0 of 2 photos')).toBeVisible();
  await field(page, 'Photos').setInputFiles(PHOTO);
  await page.getByRole('button', { name: 'Save changes' }).click();

  await expect(page.getByText('Service updated successfully!')).toBeVisible();
  await expect(page).toHaveURL(/\/account$/);
  const edited = myServices.getByRole('listitem').filter({ has: page.getByRole('heading', { name: newName, exact: true }) });
  await expect(edited.getByText('Ksh 800 - Ksh 2,500')).toBeVisible();
  const newPhoto = await edited.locator('img').getAttribute('src');
  expect(newPhoto).toMatch(/^\/media\//);
  expect(newPhoto).not.toBe(oldPhoto);

  await edited.getByRole('button', { name: 'Delete' }).click();
  await expect(edited.getByText('Delete this service?')).toBeVisible();
  await edited.getByRole('button', { name: 'Cancel' }).click();
  await edited.getByRole('button', { name: 'Delete' }).click();
  await edited.getByRole('button', { name: 'Yes, delete' }).click();
  await expect(page.getByText('Service deleted.')).toBeVisible();
  await expect(myServices.getByRole('heading', { name: newName, exact: true })).toHaveCount(0);

  await page.goto(`/search?q=${encodeURIComponent(newName)}`);
  await expect(page.getByRole('link', { name: newName, exact: true })).toHaveCount(0);
});
