// What several browser tests do against the running product: sign up and sign in, read the e-mails
// and SMS the embedded run wrote, move the booking worker's clock, register a seller with a paid
// package, post a listing, find an open day in the booking dialog.
import { readdirSync, readFileSync, writeFileSync } from 'node:fs';
import { join } from 'node:path';
import { fileURLToPath } from 'node:url';
import { expect, type APIRequestContext, type Locator, type Page, type Response } from '@playwright/test';

/** A real 320×240 PNG, which the server decodes and re-encodes like any phone photo. */
export const PHOTO = fileURLToPath(new URL('./fixtures/photo.png', import.meta.url));
/** The same photo as a data URL, as the listing form sends it. */
export const PHOTO_DATA_URL = `data:image/png;base64,${readFileSync(PHOTO).toString('base64')}`;

/** The demo sellers as the services seed them (proto/demo/sellers.json), each with the README's password. */
export const DEMO_SELLERS = JSON.parse(
  readFileSync(new URL('../../proto/demo/sellers.json', import.meta.url), 'utf8'),
) as { id: string; name: string; email: string }[];
export const DEMO_PASSWORD = 'mtaani-demo';

/** The demo seller named `name` ('Achieng Otieno') or with the id `id`. */
export function demoSeller(nameOrId: string): { id: string; name: string; email: string } {
  const seller = DEMO_SELLERS.find((s) => s.name === nameOrId || s.id === nameOrId);
  if (!seller) throw new Error(`no demo seller ${nameOrId} in proto/demo/sellers.json`);
  return seller;
}

/** The password of the accounts the tests register. */
export const PASSWORD = 'mtaani-2026';
export const MAIL_DIR = process.env.E2E_MAIL_DIR;
export const CLOCK_FILE = process.env.E2E_CLOCK_FILE;
export const SMS_DIR = process.env.E2E_SMS_DIR;

/** Digits no other run has used, to make names and addresses unique. */
export function uniqueStamp(): string {
  return `${Date.now()}${Math.floor(Math.random() * 1000)}`;
}

/** An e-mail address no account has yet. */
export function uniqueEmail(name: string): string {
  return `${name}.${Date.now()}.${Math.floor(Math.random() * 1000)}@example.com`;
}

/**
 * A form's field inside the page (the header has a Location drop-down of its own). Labels are
 * matched exactly: 'Password' must not also find 'Show password' or 'Confirm password'.
 */
export const field = (page: Page, label: string) => page.getByRole('main').getByLabel(label, { exact: true });

/** Fills the sign-up form (the kind of account already chosen) and creates the account. */
export async function fillSignUp(
  page: Page,
  person: { first: string; last: string; email: string; phone: string },
  password = PASSWORD,
) {
  await field(page, 'First name').fill(person.first);
  await field(page, 'Last name').fill(person.last);
  await field(page, 'Email').fill(person.email);
  await field(page, 'Phone number').fill(person.phone);
  await field(page, 'Password').fill(password);
  await field(page, 'Confirm password').fill(password);
  await page.getByRole('button', { name: 'Create Account' }).click();
}

/** Opens /signin and sends `email` and `password`; what the page answers is the caller's to check. */
export async function submitSignIn(page: Page, email: string, password = DEMO_PASSWORD) {
  await page.goto('/signin');
  // The URL changes before the lazily loaded page replaces the previous one, which may have the same labels.
  await expect(page.getByRole('heading', { level: 1, name: 'Welcome back' })).toBeVisible();
  await field(page, 'Email').fill(email);
  await field(page, 'Password').fill(password);
  await page.getByRole('button', { name: 'Sign in' }).click();
}

/** Signs `email` in on /signin (a demo account unless `password` is given). */
export async function signIn(page: Page, email: string, password = DEMO_PASSWORD) {
  await submitSignIn(page, email, password);
  await expect(page.getByText('Successfully signed in!')).toBeVisible();
}

/** Signs in on /signin where a sign-up has just led, the e-mail filled in already. */
export async function signInAfterSignUp(page: Page, email: string, password = PASSWORD) {
  await expect(page.getByRole('heading', { level: 1, name: 'Welcome back' })).toBeVisible();
  await expect(field(page, 'Email')).toHaveValue(email);
  await field(page, 'Password').fill(password);
  await page.getByRole('button', { name: 'Sign in' }).click();
  await expect(page.getByText('Successfully signed in!')).toBeVisible();
}

/** The signed-in session's `Authorization` header, for the calls a test makes itself. */
export async function bearer(page: Page): Promise<Record<string, string>> {
  const token = await page.evaluate(() => localStorage.getItem('token'));
  expect(token).toBeTruthy();
  return { Authorization: `Bearer ${token}` };
}

/** The e-mails written so far (the embedded run's files), quoted-printable soft breaks undone. */
export function mails(): string[] {
  if (!MAIL_DIR) return [];
  try {
    return readdirSync(MAIL_DIR)
      .filter((n) => n.endsWith('.eml'))
      .map((n) => readFileSync(join(MAIL_DIR, n), 'utf8').replace(/=\r?\n/g, '').replace(/=3D/g, '='));
  } catch {
    return [];
  }
}

/** The SMS written so far (the embedded run's files): the recipient's number and the text. */
export function texts(): { to: string; text: string }[] {
  if (!SMS_DIR) return [];
  try {
    return readdirSync(SMS_DIR)
      .filter((n) => n.endsWith('.txt'))
      .map((n) => readFileSync(join(SMS_DIR, n), 'utf8'))
      .map((file) => {
        const [head = '', ...rest] = file.split('\n\n');
        return { to: head.replace(/^To: /, ''), text: rest.join('\n\n').trim() };
      });
  } catch {
    return [];
  }
}

/** Today in Nairobi, 'YYYY-MM-DD'. */
export function nairobiToday(): string {
  return new Intl.DateTimeFormat('en-CA', { timeZone: 'Africa/Nairobi' }).format(new Date());
}

/** `date` ('YYYY-MM-DD') plus `days`. */
export function addDays(date: string, days: number): string {
  const [y, m, d] = date.split('-').map(Number) as [number, number, number];
  return new Date(Date.UTC(y, m - 1, d + days, 12)).toISOString().slice(0, 10);
}

/**
 * Moves the booking worker's clock (CLOCK_FILE, set by deploy/local/e2e.sh) so that it reads `at` (epoch
 * ms); accounts-svc's goes with it (a package near its end).
 */
export function moveWorkerClock(at: number) {
  writeFileSync(CLOCK_FILE!, String(Math.round((at - Date.now()) / 1000)));
}

/** Sets the booking worker's (and accounts-svc's) clock back to the real time. */
export function resetWorkerClock() {
  writeFileSync(CLOCK_FILE!, '0');
}

/** A new seller with a paid package; answers their session token. */
export async function registerSeller(request: APIRequestContext, email: string, name: string): Promise<string> {
  const phone = `07${String(Math.floor(Math.random() * 1e8)).padStart(8, '1')}`;
  const registered = await request.post('/api/register', {
    data: { userName: name, email, phoneNumber: phone, password: PASSWORD, accountType: 'seller', packageId: 'standard' },
  });
  expect(registered.status()).toBe(201);
  const payment = ((await registered.json()) as { payment: { id: string } }).payment.id;
  await expect
    .poll(async () => ((await (await request.get(`/api/payments/${payment}`)).json()) as { status: string }).status, {
      timeout: 20_000,
    })
    .toBe('succeeded');
  const login = await request.post('/api/login', { data: { email, password: PASSWORD } });
  return ((await login.json()) as { token: string }).token;
}

/** Posts a one-hour beauty listing with the fixture photo (`photos` times); answers its id. */
export async function postListing(request: APIRequestContext, token: string, name: string, photos = 1): Promise<string> {
  const posted = await request.post('/api/services', {
    headers: { Authorization: `Bearer ${token}` },
    data: {
      name,
      images: Array.from({ length: photos }, () => PHOTO_DATA_URL),
      minPrice: 1500,
      maxPrice: 3000,
      location: 'Kilimani, Nairobi',
      phoneNumber: '0712345678',
      category: 'beauty',
      subcategory: 'nails',
      description: 'Gel manicures and pedicures, by appointment in Kilimani.',
    },
  });
  expect(posted.status()).toBe(201);
  return ((await posted.json()) as { _id: string })._id;
}

/** The booking dialog's calendar answer to come (which days the provider can take). */
export function calendarAnswer(page: Page): Promise<Response> {
  return page.waitForResponse((r) => r.url().includes('/api/appointments/calendar') && r.ok());
}

/**
 * The day `pick` chooses among the open days of the booking dialog's calendar, month after month
 * (three at most), each month once its answer (`asked`, then the next's) has come; `nextMonth` is
 * the label of the button to the next (the build's language).
 */
export async function pickOpenDay(
  page: Page,
  dialog: Locator,
  asked: Promise<Response>,
  pick: (open: Locator) => Promise<Locator | undefined>,
  nextMonth = 'Next month',
): Promise<Locator> {
  for (let months = 0; months < 3; months++) {
    // Once the answer is shown: its first day the provider cannot take is marked so in the grid.
    const answer = (await (await asked).json()) as { days: { date: string; bookable: boolean }[] };
    const closed = answer.days.find((day) => !day.bookable);
    if (closed) await expect(dialog.locator(`[data-date="${closed.date}"][aria-disabled="true"]`)).toBeAttached();
    // The calendar marks the days the provider cannot take (aria-disabled, with why).
    const day = await pick(dialog.locator('.booking-calendar__day:not([disabled]):not([aria-disabled="true"])'));
    if (day) return day;
    asked = calendarAnswer(page);
    await dialog.getByRole('button', { name: nextMonth }).click();
  }
  throw new Error('no day to pick in three months');
}

/** Sums the layout shifts the page has had so far (what Lighthouse reports as CLS, for one window). */
export function layoutShift(page: Page): Promise<number> {
  return page.evaluate(
    () =>
      new Promise<number>((resolve) => {
        new PerformanceObserver((list) => {
          const entries = list.getEntries() as unknown as { value: number; hadRecentInput: boolean }[];
          resolve(entries.filter((entry) => !entry.hadRecentInput).reduce((sum, entry) => sum + entry.value, 0));
        }).observe({ type: 'layout-shift', buffered: true });
        setTimeout(() => resolve(0), 500);
      }),
  );
}

/** Everything the page reports as an error (a hydration mismatch among them: React's error #418). */
export function pageErrors(page: Page): string[] {
  const errors: string[] = [];
  page.on('console', (message) => {
    if (message.type() === 'error' || message.type() === 'warning') errors.push(message.text());
  });
  page.on('pageerror', (error) => errors.push(error.message));
  return errors;
}

/** The app has hydrated the server's page (main.tsx marks #root once it has). */
export async function hydrated(page: Page) {
  await expect(page.locator('#root[data-rendered="hydrated"]')).toHaveCount(1);
}
