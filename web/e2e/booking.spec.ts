// Booking against the running product: a visitor books the first free start of a demo provider's first
// open day from a listing's page, no longer sees that start on reopening the dialog, and the listing's
// seller — Njeri confirms each request — confirms it in My Account. With the embedded run's SMS
// folder, the provider is texted the request and the customer the confirmation, whose short link
// opens their change-or-cancel page. A provider who books instantly (Wanjiru) has nothing to confirm;
// the dialog ends with what was booked (in English and in Kiswahili), and the phone's Back button
// closes it without leaving the page.
import { expect, test, type APIRequestContext, type Locator, type Page } from '@playwright/test';

import { calendarAnswer, demoSeller, pickOpenDay, signIn, SMS_DIR, texts } from './support';

interface ServiceJson {
  _id: string;
  name: string;
  sellerId?: string;
}

/** The dialog's words the tests go by, in each build's language. */
const WORDS = {
  en: {
    region: 'Details and contact',
    title: 'Book an Appointment',
    loading: 'Loading…',
    services: 'Choose your services',
    nextMonth: 'Next month',
    checking: 'Checking which times are free',
  },
  sw: {
    region: 'Maelezo na mawasiliano',
    title: 'Weka Miadi',
    loading: 'Inapakia…',
    services: 'Chagua huduma zako',
    nextMonth: 'Mwezi ujao',
    checking: 'Inaangalia saa zilizo wazi',
  },
};

/** Opens the dialog from the service page and chooses the first day the provider can take. */
async function openOnFirstOpenDay(page: Page, words = WORDS.en): Promise<{ dialog: Locator; day: string }> {
  const asked = calendarAnswer(page);
  await page.getByRole('region', { name: words.region }).getByRole('button', { name: words.title }).click();
  const dialog = page.getByRole('dialog', { name: words.title });
  await expect(dialog).toBeVisible();
  // A listing with a service menu (issue 42) asks for one of its services before its calendar; a
  // provider's team starts on anyone available.
  await expect(dialog.getByRole('status').filter({ hasText: new RegExp(`^${words.loading}$`) })).toHaveCount(0);
  const services = dialog.getByRole('group', { name: words.services });
  if ((await services.count()) > 0) await services.getByRole('checkbox').first().check();
  // Today may have nothing left; tomorrow or later always has, in a provider's working week.
  const pick = async (open: Locator) => ((await open.count()) > 1 ? open.nth(1) : undefined);
  const day = await pickOpenDay(page, dialog, asked, pick, words.nextMonth);
  const name = (await day.getAttribute('aria-label'))!;
  await day.click();
  await expect(dialog.getByText(name, { exact: true })).toBeVisible();
  await expect(dialog.getByRole('status').filter({ hasText: words.checking })).toHaveCount(0);
  return { dialog, day: name };
}

/** The calendar invite behind a confirmation's "Add to calendar" link, as the browser downloads it. */
async function invite(page: Page, link: Locator): Promise<string> {
  const href = (await link.getAttribute('href'))!;
  expect(href).toMatch(/^\/api\/appointments\/invite\.ics\?token=/);
  const answer = await page.request.get(href);
  expect(answer.ok()).toBe(true);
  expect(answer.headers()['content-type']).toContain('text/calendar');
  // Its long lines unfolded (RFC 5545 folds them at 75 octets).
  return (await answer.text()).replace(/\r\n /g, '');
}

/** A demo listing of the demo seller `name`. */
async function listingOf(request: APIRequestContext, name: string): Promise<ServiceJson> {
  const found = await request.get('/api/services', { params: { limit: 100 } });
  expect(found.ok()).toBe(true);
  const listing = ((await found.json()) as ServiceJson[]).find((l) => l.sellerId === demoSeller(name).id);
  expect(listing, `a demo listing of ${name}`).toBeDefined();
  return listing!;
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
  await expect(dialog.getByRole('tab', { name: 'Your details', selected: true })).toBeVisible();
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
  await expect(end.getByRole('link', { name: 'Add to calendar' })).toHaveCount(0);
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

test('a provider who books instantly: the visitor is told it is booked, sees what, when and where, and it is confirmed in her My Account', async ({
  page,
  request,
}) => {
  const listing = await listingOf(request, 'Wanjiru Kamau');
  const customer = `Baraka Instant ${Date.now()}`;

  await page.goto(`/service/${listing._id}`);
  const { dialog, day } = await openOnFirstOpenDay(page);
  const free = dialog.locator('.booking-slot').first();
  const time = (await free.textContent())!.trim();
  await free.click();
  await dialog.getByLabel('Name', { exact: true }).fill(customer);
  await dialog.getByLabel('Email', { exact: true }).fill('baraka.instant@example.com');
  await dialog.getByRole('button', { name: 'Book Appointment' }).click();
  await expect(page.getByText('Appointment booked successfully!')).toBeVisible();

  // The dialog ends with what was booked: the day and time, where, with whom, and what to do next.
  const end = dialog.getByRole('region', { name: 'Booking confirmed' });
  await expect(end.getByRole('heading', { name: 'Booking confirmed' })).toBeFocused();
  await expect(end).toContainText(listing.name);
  await expect(end).toContainText(`${day}, ${time}`);
  await expect(end).toContainText('Wanjiru Kamau');
  await expect(end.getByText('Where', { exact: true })).toBeVisible();
  const ics = await invite(page, end.getByRole('link', { name: 'Add to calendar' }));
  expect(ics).toContain('BEGIN:VEVENT');
  expect(ics).toMatch(/LOCATION:.+/);
  const whatsapp = new URL((await end.getByRole('link', { name: 'Send to WhatsApp' }).getAttribute('href'))!);
  expect(whatsapp.origin + whatsapp.pathname).toBe('https://wa.me/');
  expect(whatsapp.searchParams.get('text')).toContain(`When: ${day}, ${time}`);
  await expect(end.getByRole('link', { name: 'Change or cancel' })).toHaveAttribute('href', /\/appointments\/cancel\?token=/);
  await end.getByRole('button', { name: 'Close' }).click();
  await expect(dialog).toBeHidden();

  const booking = await sellersBooking(page, demoSeller(listing.sellerId!).email, customer);
  await expect(booking).toHaveCount(1);
  await expect(booking.getByText(time)).toBeVisible();
  await expect(booking.getByText('Confirmed')).toBeVisible();
  await expect(booking.getByRole('button', { name: 'Confirm' })).toHaveCount(0);
});

test('in Kiswahili: the second step is "Maelezo yako" and a booking ends with what was booked, on the 24-hour clock', async ({
  page,
  request,
  baseURL,
}) => {
  await page.context().addCookies([{ name: 'mtaani_lang', value: 'sw', url: baseURL! }]);
  const listing = await listingOf(request, 'Wanjiru Kamau');

  await page.goto(`/service/${listing._id}`);
  const { dialog, day } = await openOnFirstOpenDay(page, WORDS.sw);
  const free = dialog.locator('.booking-slot').first();
  const time = (await free.textContent())!.trim();
  expect(time).toMatch(/^\d\d:\d\d$/);
  await free.click();
  await expect(dialog.getByRole('tab', { name: 'Maelezo yako', selected: true })).toBeVisible();
  await dialog.getByLabel('Jina', { exact: true }).fill(`Zawadi Kiswahili ${Date.now()}`);
  await dialog.getByLabel('Barua pepe', { exact: true }).fill('zawadi.kiswahili@example.com');
  await dialog.getByRole('button', { name: 'Weka Miadi', exact: true }).click();

  await expect(page.getByText('Miadi imewekwa!')).toBeVisible();
  const end = dialog.getByRole('region', { name: 'Miadi imethibitishwa' });
  await expect(end).toContainText(`${day}, ${time}`);
  await expect(end).not.toContainText(/\b[AP]M\b/);
  await expect(end.getByRole('link', { name: 'Ongeza kwenye kalenda' })).toBeVisible();
  await expect(end.getByRole('link', { name: 'Tuma kwa WhatsApp' })).toBeVisible();
  // The invite is written in the booking's language, as its e-mails.
  expect(await invite(page, end.getByRole('link', { name: 'Ongeza kwenye kalenda' }))).toContain('Badilisha au ghairi');
  await expect(end.getByRole('link', { name: 'Badilisha au ghairi' })).toBeVisible();
});

test("the phone's Back button closes the dialog and stays on the page, keeping the choices", async ({ page, request }) => {
  const listing = await listingOf(request, 'Wanjiru Kamau');
  await page.goto('/');
  await page.goto(`/service/${listing._id}`);
  const { dialog, day } = await openOnFirstOpenDay(page);
  await dialog.locator('.booking-slot').first().click();
  await dialog.getByLabel('Name', { exact: true }).fill('Back Button');

  await page.goBack();
  await expect(dialog).toBeHidden();
  await expect(page).toHaveURL(new RegExp(`/service/${listing._id}$`));
  await expect(page.getByRole('heading', { level: 1, name: listing.name })).toBeVisible();

  // Opened again: what was chosen and typed is there.
  await page.getByRole('region', { name: 'Details and contact' }).getByRole('button', { name: 'Book an Appointment' }).click();
  await expect(dialog.getByRole('tab', { name: 'Your details' })).toBeEnabled();
  await expect(dialog.getByLabel('Name', { exact: true })).toHaveValue('Back Button');
  await expect(dialog.getByText(day, { exact: true }).first()).toBeVisible();

  // Closed with its × button, the dialog's step goes with it: Back then leaves the page.
  await dialog.getByRole('button', { name: 'Close', exact: true }).click();
  await expect(dialog).toBeHidden();
  await page.goBack();
  await expect(page).toHaveURL(/\/$/);
});
