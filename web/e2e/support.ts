// What several browser tests do against the running product: read the e-mails the embedded run
// wrote, register a seller with a paid package, post a listing.
import { readdirSync, readFileSync } from 'node:fs';
import { join } from 'node:path';
import { fileURLToPath } from 'node:url';
import { expect, type APIRequestContext, type Page } from '@playwright/test';

export const PHOTO = fileURLToPath(new URL('./fixtures/photo.png', import.meta.url));

/** The demo sellers as the services seed them (proto/demo/sellers.json), each with the README's password. */
export const DEMO_SELLERS = JSON.parse(
  readFileSync(new URL('../../proto/demo/sellers.json', import.meta.url), 'utf8'),
) as { id: string; name: string; email: string }[];
export const DEMO_PASSWORD = 'mtaani-demo';

/** The id of the demo seller named `name` ('Achieng Otieno'). */
export function demoSellerId(name: string): string {
  const seller = DEMO_SELLERS.find((s) => s.name === name);
  if (!seller) throw new Error(`no demo seller ${name} in proto/demo/sellers.json`);
  return seller.id;
}
export const PASSWORD = 'mtaani-2026';
export const MAIL_DIR = process.env.E2E_MAIL_DIR;
export const CLOCK_FILE = process.env.E2E_CLOCK_FILE;

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

export const SMS_DIR = process.env.E2E_SMS_DIR;

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
  const photo = `data:image/png;base64,${readFileSync(PHOTO).toString('base64')}`;
  const posted = await request.post('/api/services', {
    headers: { Authorization: `Bearer ${token}` },
    data: {
      name,
      images: Array.from({ length: photos }, () => photo),
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
