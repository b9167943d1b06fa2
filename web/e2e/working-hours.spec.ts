// A provider's week against the running product (issue 17): a new seller posts a 90-minute listing and
// opens on Tuesdays 10:00–14:00 only; a visitor sees only Tuesdays bookable and only 10:00 AM to
// 12:30 PM offered, books 11:00 AM, and the overlapping starts disappear; the customer moves the booking
// from the e-mailed link; the reminder goes once when the booking worker's clock (MTAANI_TEST_CLOCK_FILE,
// set by deploy/local/e2e.sh) passes 6 PM the evening before.
import { expect, test, type Locator } from '@playwright/test';
import {
  addDays,
  bearer,
  CLOCK_FILE,
  field,
  MAIL_DIR,
  mails,
  moveWorkerClock,
  nairobiToday,
  PASSWORD,
  PHOTO,
  registerSeller,
  resetWorkerClock,
  signIn,
  uniqueStamp,
} from './support';

/** The first Tuesday at least `after` days from today in Nairobi. */
function tuesday(after: number): string {
  let date = addDays(nairobiToday(), after);
  while (new Date(`${date}T12:00:00Z`).getUTCDay() !== 2) date = addDays(date, 1);
  return date;
}

/** 'Tuesday, December 1, 2026', as the calendar names a day, and 'December 2026', its month. */
function label(date: string): { day: string; month: string } {
  const at = new Date(`${date}T12:00:00Z`);
  const part = (o: Intl.DateTimeFormatOptions) => new Intl.DateTimeFormat('en-US', { ...o, timeZone: 'UTC' }).format(at);
  return {
    day: `${part({ weekday: 'long' })}, ${part({ month: 'long' })} ${part({ day: 'numeric' })}, ${part({ year: 'numeric' })}`,
    month: `${part({ month: 'long' })} ${part({ year: 'numeric' })}`,
  };
}

/** Shows `date`'s month in a calendar (moving forward) and answers the day's button. */
async function showDay(scope: Locator, date: string): Promise<Locator> {
  const { day, month } = label(date);
  for (let i = 0; i < 3 && !(await scope.getByRole('grid', { name: month }).isVisible()); i++) {
    await scope.getByRole('button', { name: 'Next month' }).click();
  }
  return scope.getByRole('button', { name: day, exact: true });
}

/** The start times a dialog or page offers, in order. */
async function offered(scope: Locator): Promise<string[]> {
  await expect(scope.getByRole('status').filter({ hasText: 'Checking which times are free' })).toHaveCount(0);
  return (await scope.locator('.booking-slot').allTextContents()).map((t) => t.trim());
}

test('a provider sets her week; visitors book inside it, move it by link, and are reminded once', async ({ page, request, browser }) => {
  test.skip(!MAIL_DIR || !CLOCK_FILE, 'needs the e-mail folder and the test clock of deploy/local/e2e.sh');
  test.setTimeout(180_000);
  const stamp = uniqueStamp();
  const sellerEmail = `zawadi.${stamp}@example.com`;
  const customerEmail = `amina.${stamp}@example.com`;
  const serviceName = `Knotless Braids ${stamp}`;
  await registerSeller(request, sellerEmail, 'Zawadi Wekesa');

  // The seller signs in and posts a 90-minute listing, their first.
  await signIn(page, sellerEmail, PASSWORD);
  await page.goto('/post-service');
  await expect(page.getByRole('heading', { level: 1, name: 'Post your first service' })).toBeVisible();
  await field(page, 'Service name').fill(serviceName);
  await field(page, 'Minimum price').fill('2500');
  await field(page, 'Maximum price').fill('4500');
  await field(page, 'Location').fill('Kilimani, Nairobi');
  await field(page, 'Category').selectOption({ label: 'Hair' });
  await field(page, 'Subcategory').selectOption({ label: 'Braiding' });
  await field(page, 'Service length').selectOption({ label: '1 hour 30 minutes' });
  await field(page, 'Description').fill('Waist-length knotless braids, neat and light, by appointment in Kilimani.');
  await field(page, 'Photos').setInputFiles(PHOTO);
  await page.getByRole('button', { name: 'Post Service' }).click();
  await expect(page.getByText('Service posted successfully!')).toBeVisible();
  const mine = (await (await request.get('/api/account/services', { headers: await bearer(page) })).json()) as {
    _id: string;
    name: string;
    durationMinutes: number;
  }[];
  const listing = mine.find((l) => l.name === serviceName)!;
  expect(listing.durationMinutes).toBe(90);

  // Tuesdays 10:00–14:00 only.
  await page.goto('/account');
  const hours = page.getByRole('region', { name: 'Working hours' });
  await expect(hours.getByRole('checkbox', { name: 'Monday' })).toBeChecked();
  for (const day of ['Monday', 'Wednesday', 'Thursday', 'Friday', 'Saturday']) {
    await hours.getByRole('checkbox', { name: day }).uncheck();
  }
  await hours.getByRole('combobox', { name: 'Tuesday from' }).selectOption('10:00');
  await hours.getByRole('combobox', { name: 'Tuesday to' }).selectOption('14:00');
  await hours.getByRole('button', { name: 'Save working hours' }).click();
  await expect(page.getByText('Working hours saved.')).toBeVisible();

  // A visitor (another browser context: not signed in) books it.
  const visitor = await (await browser.newContext()).newPage();
  const tue = tuesday(3);
  const wed = addDays(tue, 1);
  await visitor.goto(`/service/${listing._id}`);
  await expect(visitor.getByRole('heading', { level: 1, name: serviceName })).toBeVisible();
  await visitor.getByRole('region', { name: 'Details and contact' }).getByRole('button', { name: 'Book an Appointment' }).click();
  let dialog = visitor.getByRole('dialog', { name: 'Book an Appointment' });
  await expect(dialog).toBeVisible();
  const tuesdayButton = await showDay(dialog, tue);
  await expect(tuesdayButton).toBeVisible();
  await expect(tuesdayButton).not.toHaveAttribute('aria-disabled', 'true');
  // Every other day of that week says why it is out.
  const closed = dialog.getByRole('button', { name: `${label(wed).day}: The provider is closed on that day.` });
  if (label(wed).month === label(tue).month) await expect(closed).toHaveAttribute('aria-disabled', 'true');
  await tuesdayButton.click();
  expect(await offered(dialog)).toEqual(['10:00 AM', '10:30 AM', '11:00 AM', '11:30 AM', '12:00 PM', '12:30 PM']);
  await dialog.getByRole('button', { name: '11:00 AM', exact: true }).click();
  await dialog.getByLabel('Name', { exact: true }).fill('Amina Test');
  await dialog.getByLabel('Email', { exact: true }).fill(customerEmail);
  await dialog.getByRole('button', { name: 'Book Appointment' }).click();
  await expect(visitor.getByText('Appointment booked successfully!')).toBeVisible();
  await dialog.getByRole('region', { name: 'Booking confirmed' }).getByRole('button', { name: 'Close' }).click();

  // Reopened, the starts that would overlap 11:00–12:30 are gone.
  await visitor.getByRole('region', { name: 'Details and contact' }).getByRole('button', { name: 'Book an Appointment' }).click();
  dialog = visitor.getByRole('dialog', { name: 'Book an Appointment' });
  await (await showDay(dialog, tue)).click();
  expect(await offered(dialog)).toEqual(['12:30 PM']);
  await visitor.keyboard.press('Escape');

  // The customer moves it to the next Tuesday at 10:00 AM from the e-mailed link.
  let link = '';
  await expect
    .poll(
      () => {
        const mail = mails().find((m) => m.includes(`To: "Amina Test" <${customerEmail}>`) && m.includes('appointments/cancel?token='));
        link = /appointments\/cancel\?token=([A-Za-z0-9._-]+)/.exec(mail ?? '')?.[1] ?? '';
        return link;
      },
      { timeout: 20_000 },
    )
    .not.toBe('');
  await visitor.goto(`/appointments/cancel?token=${link}`);
  await expect(visitor.getByRole('heading', { level: 1, name: 'Change or cancel your booking' })).toBeVisible();
  const booking = visitor.getByRole('region', { name: 'Your booking' });
  await expect(booking.getByText('11:00 AM – 12:30 PM')).toBeVisible();
  const next = addDays(tue, 7);
  await (await showDay(booking, next)).click();
  expect(await offered(booking)).toContain('10:00 AM');
  await booking.getByRole('button', { name: '10:00 AM', exact: true }).click();
  await booking.getByRole('button', { name: `Move to 10:00 AM, ${label(next).day}` }).click();
  await expect(booking.getByText(`Your booking is moved to ${label(next).day} at 10:00 AM.`)).toBeVisible();
  await expect(booking.getByText('10:00 AM – 11:30 AM')).toBeVisible();
  // The first Tuesday is all free again.
  const day = (await (await request.get(`/api/appointments/availability?serviceId=${listing._id}&date=${tue}`)).json()) as {
    slots: string[];
  };
  expect(day.slots).toEqual(['10:00 AM', '10:30 AM', '11:00 AM', '11:30 AM', '12:00 PM', '12:30 PM']);

  // The evening before the new day, 6 PM Nairobi (UTC+3) passes on the worker's clock: one reminder.
  const evening = Date.parse(`${addDays(next, -1)}T18:01:00+03:00`);
  moveWorkerClock(evening);
  try {
    const reminders = () => mails().filter((m) => m.includes(`<${customerEmail}>`) && m.includes('Subject: Reminder:'));
    await expect.poll(() => reminders().length, { timeout: 30_000 }).toBe(1);
    expect(reminders()[0]).toContain('text/calendar');
    expect(reminders()[0]).toContain('DTSTART;TZID=Africa/Nairobi:');
    // The next morning on the worker's clock, the provider's morning list arrives: the worker has gone
    // round again since the reminder (reminders first, then morning lists), and sent no second one.
    moveWorkerClock(Date.parse(`${next}T07:01:00+03:00`));
    const morningList = () => mails().filter((m) => m.includes(`<${sellerEmail}>`) && m.includes('Subject: Today on Mtaani'));
    await expect.poll(() => morningList().length, { timeout: 30_000 }).toBe(1);
    expect(reminders()).toHaveLength(1);
  } finally {
    resetWorkerClock();
  }
});
