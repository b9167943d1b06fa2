// Booking against the running product: a visitor books tomorrow's first free slot from a demo
// listing's page, sees that slot taken on reopening the dialog, and the listing's seller confirms the
// request in My Account.
import { expect, test, type Locator, type Page } from '@playwright/test';

/** The demo sellers (README.md), by the id a listing's JSON names as its sellerId. */
const DEMO_SELLERS: Record<string, string> = {
  '0193a000-0000-7000-8000-000000000001': 'wanjiru@demo.mtaani.co.ke',
  '0193a000-0000-7000-8000-000000000002': 'achieng@demo.mtaani.co.ke',
  '0193a000-0000-7000-8000-000000000003': 'njeri@demo.mtaani.co.ke',
  '0193a000-0000-7000-8000-000000000004': 'fatuma@demo.mtaani.co.ke',
  '0193a000-0000-7000-8000-000000000005': 'kiprono@demo.mtaani.co.ke',
  '0193a000-0000-7000-8000-000000000006': 'mercy@demo.mtaani.co.ke',
};
const DEMO_PASSWORD = 'mtaani-demo';

interface ServiceJson {
  _id: string;
  name: string;
  sellerId?: string;
}

/** Tomorrow in Nairobi as the calendar names it ('Sunday, November 22, 2026') and its month's name. */
function tomorrowInNairobi(): { label: string; month: string } {
  const now = new Date();
  const today = new Intl.DateTimeFormat('en-CA', { timeZone: 'Africa/Nairobi' }).format(now);
  const [year, month, day] = today.split('-').map(Number) as [number, number, number];
  const tomorrow = new Date(Date.UTC(year, month - 1, day + 1, 12));
  const part = (options: Intl.DateTimeFormatOptions) =>
    new Intl.DateTimeFormat('en-US', { ...options, timeZone: 'UTC' }).format(tomorrow);
  return {
    label: `${part({ weekday: 'long' })}, ${part({ month: 'long' })} ${part({ day: 'numeric' })}, ${part({ year: 'numeric' })}`,
    month: `${part({ month: 'long' })} ${part({ year: 'numeric' })}`,
  };
}

/** Opens the dialog from the service page and chooses tomorrow; returns the dialog. */
async function openOnTomorrow(page: Page): Promise<Locator> {
  await page.getByRole('region', { name: 'Details and contact' }).getByRole('button', { name: 'Book an Appointment' }).click();
  const dialog = page.getByRole('dialog', { name: 'Book an Appointment' });
  await expect(dialog).toBeVisible();
  const { label, month } = tomorrowInNairobi();
  // Tomorrow may be the first day of next month.
  if (!(await dialog.getByRole('grid', { name: month }).isVisible())) {
    await dialog.getByRole('button', { name: 'Next month' }).click();
  }
  await dialog.getByRole('button', { name: label, exact: true }).click();
  await expect(dialog.getByText(label, { exact: true })).toBeVisible();
  await expect(dialog.getByRole('status').filter({ hasText: 'Checking which times are free' })).toHaveCount(0);
  return dialog;
}

test('a visitor books tomorrow from a service page, the slot is then taken, and the seller confirms it', async ({
  page,
  request,
}) => {
  // A demo listing with a demo seller, from the catalogue's own answers.
  const found = await request.get('/api/services/search', { params: { query: 'makeup', limit: 48 } });
  expect(found.ok()).toBe(true);
  const listings = (await found.json()) as ServiceJson[];
  let listing: ServiceJson | undefined;
  for (const candidate of listings) {
    const detail = (await (await request.get(`/api/service/${candidate._id}`)).json()) as ServiceJson;
    if (detail.sellerId && DEMO_SELLERS[detail.sellerId]) {
      listing = detail;
      break;
    }
  }
  expect(listing, 'a demo listing owned by a demo seller').toBeDefined();
  const sellerEmail = DEMO_SELLERS[listing!.sellerId!]!;
  const customer = `Amina Test ${Date.now()}`;

  await page.goto(`/service/${listing!._id}`);
  await expect(page.getByRole('heading', { level: 1, name: listing!.name })).toBeVisible();

  // Book tomorrow's first free slot.
  let dialog = await openOnTomorrow(page);
  await expect(dialog.getByRole('group')).toHaveCount(3);
  const free = dialog.locator('.booking-slot:not([disabled])').first();
  const time = (await free.textContent())!.trim();
  await free.click();
  await expect(dialog.getByRole('tab', { name: 'Enquiry', selected: true })).toBeVisible();
  await expect(dialog.getByLabel('Name', { exact: true })).toBeFocused();
  await dialog.getByLabel('Name', { exact: true }).fill(customer);
  await dialog.getByLabel('Email', { exact: true }).fill('amina.test@example.com');
  await dialog.getByLabel('Message (optional)').fill('Booked by the browser test.');
  await dialog.getByRole('button', { name: 'Book Appointment' }).click();

  await expect(page.getByText('Appointment booked successfully!')).toBeVisible();
  await expect(dialog).toBeHidden();

  // Reopened, the same slot is taken.
  dialog = await openOnTomorrow(page);
  const taken = dialog.getByRole('button', { name: time, exact: true });
  await expect(taken).toBeDisabled();
  await expect(taken).toHaveAttribute('title', 'Already booked');
  await page.keyboard.press('Escape');
  await expect(dialog).toBeHidden();

  // The seller confirms it in My Account.
  await page.goto('/signin');
  await expect(page.getByRole('heading', { level: 1, name: 'Welcome back' })).toBeVisible();
  await page.getByLabel('Email', { exact: true }).fill(sellerEmail);
  await page.getByLabel('Password', { exact: true }).fill(DEMO_PASSWORD);
  await page.getByRole('button', { name: 'Sign in' }).click();
  await expect(page.getByText('Successfully signed in!')).toBeVisible();
  await page.goto('/account');

  const booking = page.getByRole('region', { name: 'Bookings' }).getByRole('article').filter({ hasText: customer });
  await expect(booking).toHaveCount(1);
  await expect(booking.getByText(listing!.name)).toBeVisible();
  await expect(booking.getByText(time)).toBeVisible();
  await expect(booking.getByText('Awaiting your reply')).toBeVisible();
  await booking.getByRole('button', { name: 'Confirm' }).click();
  await expect(booking.getByText('Confirmed')).toBeVisible();
  await expect(booking.getByRole('button', { name: 'Confirm' })).toHaveCount(0);
});
