// Booking against the running product: a visitor books the first free start of a demo provider's first
// open day from a listing's page, no longer sees that start on reopening the dialog, and the listing's
// seller — Njeri confirms each request — confirms it in My Account. With the embedded run's SMS
// folder, the provider is texted the request and the customer the confirmation, whose short link
// opens their change-or-cancel page. A provider who books instantly (Wanjiru) has nothing to confirm.
import { expect, test, type Locator, type Page } from '@playwright/test';

import { calendarAnswer, demoSeller, pickOpenDay, signIn, SMS_DIR, texts } from './support';

interface ServiceJson {
  _id: string;
  name: string;
  sellerId?: string;
}

/** Opens the dialog from the service page and chooses the first day the provider can take. */
async function openOnFirstOpenDay(page: Page): Promise<{ dialog: Locator; day: string }> {
  const asked = calendarAnswer(page);
  await page.getByRole('region', { name: 'Details and contact' }).getByRole('button', { name: 'Book an Appointment' }).click();
  const dialog = page.getByRole('dialog', { name: 'Book an Appointment' });
  await expect(dialog).toBeVisible();
  // A listing with a service menu (issue 42) asks for one of its services before its calendar; a
  // provider's team starts on anyone available.
  await expect(dialog.getByRole('status').filter({ hasText: /^Loading…$/ })).toHaveCount(0);
  const services = dialog.getByRole('group', { name: 'Choose your services' });
  if ((await services.count()) > 0) await services.getByRole('checkbox').first().check();
  // Today may have nothing left; tomorrow or later always has, in a provider's working week.
  const day = await pickOpenDay(page, dialog, asked, async (open) => ((await open.count()) > 1 ? open.nth(1) : undefined));
  const name = (await day.getAttribute('aria-label'))!;
  await day.click();
  await expect(dialog.getByText(name, { exact: true })).toBeVisible();
  await expect(dialog.getByRole('status').filter({ hasText: 'Checking which times are free' })).toHaveCount(0);
  return { dialog, day: name };
}

/** Signs in as the demo seller `email` and answers their My Account's booking by `customer`. */
async function sellersBooking(page: Page, email: string, customer: string): Promise<Locator> {
  await signIn(page, email);
  await page.goto('/account');
  return page.getByRole('region', { name: 'Bookings' }).getByRole('article').filter({ hasText: customer });
}

test('a visitor books the first open day of a provider, the time is then gone, and the provider confirms it', async ({
  page,
  request,
}) => {
  // A listing of Njeri's: she serves one customer at a time, so a booked start leaves the list.
  const found = await request.get('/api/services', { params: { limit: 100 } });
  expect(found.ok()).toBe(true);
  const listings = (await found.json()) as ServiceJson[];
  const listing = listings.find((l) => l.sellerId === demoSeller('Njeri Mwangi').id);
  expect(listing, 'a demo listing of Njeri').toBeDefined();
  const sellerEmail = demoSeller(listing!.sellerId!).email;
  const customer = `Amina Test ${Date.now()}`;
  // A number of their own, to find this customer's SMS among the other tests'.
  const phone = `07${String(Date.now()).slice(-8)}`;
  const international = `+254${phone.slice(1)}`;

  await page.goto(`/service/${listing!._id}`);
  await expect(page.getByRole('heading', { level: 1, name: listing!.name })).toBeVisible();

  // Book the first free start of the first open day.
  const first = await openOnFirstOpenDay(page);
  const day = first.day;
  let dialog = first.dialog;
  const free = dialog.locator('.booking-slot').first();
  const time = (await free.textContent())!.trim();
  await free.click();
  await expect(dialog.getByRole('tab', { name: 'Enquiry', selected: true })).toBeVisible();
  await expect(dialog.getByLabel('Name', { exact: true })).toBeFocused();
  await dialog.getByLabel('Name', { exact: true }).fill(customer);
  await dialog.getByLabel('Email', { exact: true }).fill('amina.test@example.com');
  await dialog.getByLabel('Phone number (optional)').fill(phone);
  await dialog.getByLabel('Message (optional)').fill('Booked by the browser test.');
  await dialog.getByRole('button', { name: 'Book Appointment' }).click();

  // Njeri confirms each request herself: not "booked" yet. The dialog ends with what was asked for,
  // where, for how much, and the change-or-cancel link.
  await expect(page.getByText('Request sent. Njeri will confirm by SMS or e-mail.')).toBeVisible();
  await expect(page.getByText('Appointment booked successfully!')).toHaveCount(0);
  const end = dialog.getByRole('region', { name: 'Request sent' });
  await expect(end).toContainText(day);
  await expect(end).toContainText(time);
  await expect(end).toContainText('Ksh ');
  await expect(end.getByRole('link', { name: 'Change or cancel' })).toHaveAttribute('href', /\/appointments\/cancel\?token=/);
  await end.getByRole('button', { name: 'Close' }).click();
  await expect(dialog).toBeHidden();

  // Reopened on the same day, that start is no longer offered.
  ({ dialog } = await openOnFirstOpenDay(page));
  await expect(dialog.getByText(day, { exact: true })).toBeVisible();
  await expect(dialog.getByRole('button', { name: time, exact: true })).toHaveCount(0);
  await page.keyboard.press('Escape');
  await expect(dialog).toBeHidden();

  // The seller confirms it in My Account.
  const booking = await sellersBooking(page, sellerEmail, customer);
  await expect(booking).toHaveCount(1);
  await expect(booking.getByText(listing!.name)).toBeVisible();
  await expect(booking.getByText(time)).toBeVisible();
  await expect(booking.getByText('Awaiting your reply')).toBeVisible();
  await booking.getByRole('button', { name: 'Confirm' }).click();
  await expect(booking.getByText('Confirmed')).toBeVisible();
  await expect(booking.getByRole('button', { name: 'Confirm' })).toHaveCount(0);

  if (!SMS_DIR) return;
  // Njeri (+254733345603, README's demo accounts) was texted the request.
  await expect
    .poll(() => texts().filter((t) => t.to === '+254733345603' && t.text.includes(`from Amina for `)).length)
    .toBeGreaterThan(0);
  // The customer's confirmation: one SMS, with a short link to the page where they change or cancel it.
  const confirmation = () => texts().filter((t) => t.to === international && t.text.includes('is confirmed.'));
  await expect.poll(() => confirmation().length, { timeout: 15_000 }).toBe(1);
  const sms = confirmation()[0]!;
  // Where to go (issue 39 §5), then the link.
  expect(sms.text).toMatch(/is confirmed\. Where: .+\. Change or cancel: /);
  expect(sms.text.length).toBeLessThanOrEqual(160);
  const short = new URL(sms.text.split(' ').at(-1)!);
  expect(short.pathname).toMatch(/^\/s\/[0-9A-Za-z]{10}$/);
  await page.goto(short.pathname);
  await expect(page).toHaveURL(/\/appointments\/cancel\?token=/);
  await expect(page.getByText(listing!.name).first()).toBeVisible();
  await expect(page.getByText(time).first()).toBeVisible();
});

test('a provider who books instantly: the visitor is told it is booked, and it is confirmed in her My Account', async ({
  page,
  request,
}) => {
  const found = await request.get('/api/services', { params: { limit: 100 } });
  const listings = (await found.json()) as ServiceJson[];
  const listing = listings.find((l) => l.sellerId === demoSeller('Wanjiru Kamau').id);
  expect(listing, 'a demo listing of Wanjiru').toBeDefined();
  const customer = `Baraka Instant ${Date.now()}`;

  await page.goto(`/service/${listing!._id}`);
  const { dialog } = await openOnFirstOpenDay(page);
  const free = dialog.locator('.booking-slot').first();
  const time = (await free.textContent())!.trim();
  await free.click();
  await dialog.getByLabel('Name', { exact: true }).fill(customer);
  await dialog.getByLabel('Email', { exact: true }).fill('baraka.instant@example.com');
  await dialog.getByRole('button', { name: 'Book Appointment' }).click();
  await expect(page.getByText('Appointment booked successfully!')).toBeVisible();
  await expect(dialog).toBeHidden();

  const booking = await sellersBooking(page, demoSeller(listing!.sellerId!).email, customer);
  await expect(booking).toHaveCount(1);
  await expect(booking.getByText(time)).toBeVisible();
  await expect(booking.getByText('Confirmed')).toBeVisible();
  await expect(booking.getByRole('button', { name: 'Confirm' })).toHaveCount(0);
});
