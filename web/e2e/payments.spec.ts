// Seller package payments against the running product, with its simulated M-Pesa (the embedded run):
// a new seller pays the first month on the sign-up page and finds the receipt in My Account; a seller
// whose number ends in 0000 is declined and pays with another number. Each run registers new sellers
// with unique e-mail addresses.
import { expect, test, type Page } from '@playwright/test';
import { field, fillSignUp, signInAfterSignUp, uniqueEmail } from './support';

const DEMO_NOTICE =
  'Demo payment — no money moves. It is approved after about 2 seconds; numbers ending in 0000 are declined.';
// The simulated provider answers after about 2 s and the page asks every 2 s: allow for a slow machine.
const PAYMENT_TIMEOUT = 15_000;

/** A Kenyan mobile number, '07' and 8 digits; its last four are `ending`, else never 0000. */
function phoneNumber(ending?: string): string {
  const middle = String(Math.floor(Math.random() * 10_000)).padStart(4, '0');
  const last = ending ?? String(1000 + Math.floor(Math.random() * 9000));
  return `07${middle}${last}`;
}

/** '0712345678' -> '+254712345678', as the page shows the number it sent the request to. */
function international(local: string): string {
  return `+254${local.slice(1)}`;
}

async function signUpAsSeller(page: Page, person: { first: string; last: string; email: string; phone: string }) {
  await page.goto('/signup?type=seller&package=standard');
  await expect(page.getByText('Standard package')).toBeVisible();
  await fillSignUp(page, person);
  await expect(page.getByRole('heading', { level: 1, name: 'Pay for your package' })).toBeVisible();
}

/** Waits for the sign-up to finish on /signin and answers the receipt number of its toast. */
async function paidReceipt(page: Page): Promise<string> {
  const notifications = page.getByRole('region', { name: 'Notifications' });
  await expect(notifications.getByText('Account created successfully! Please log in to continue.')).toBeVisible({
    timeout: PAYMENT_TIMEOUT,
  });
  const receiptToast = notifications.getByText(/^Payment received\. M-Pesa receipt \S+$/);
  await expect(receiptToast).toBeVisible();
  const receipt = /M-Pesa receipt (\S+)$/.exec((await receiptToast.textContent()) ?? '')?.[1];
  expect(receipt).toBeTruthy();
  await expect(page).toHaveURL(/\/signin$/);
  return receipt!;
}

async function signInAndOpenAccount(page: Page, email: string) {
  await signInAfterSignUp(page, email);
  await page.goto('/account');
  await expect(page.getByRole('heading', { level: 1, name: 'My Account' })).toBeVisible();
}

async function expectPaidInAccount(page: Page, receipt: string) {
  const sellerPackage = page.getByRole('region', { name: 'Seller package' });
  await expect(sellerPackage.getByText('Standard', { exact: true })).toBeVisible();
  await expect(sellerPackage.getByText('Active', { exact: true })).toBeVisible();
  await expect(sellerPackage.getByRole('button', { name: 'Renew for Ksh 1,500' })).toBeVisible();
  await expect(sellerPackage.getByRole('link', { name: 'Post a Service' })).toBeVisible();

  const history = page.getByRole('table', { name: 'Payment history' });
  const row = history.getByRole('row').filter({ hasText: receipt });
  await expect(row).toHaveCount(1);
  await expect(row.getByRole('cell').nth(1)).toHaveText('Standard · First month');
  await expect(row.getByRole('cell').nth(2)).toHaveText('Ksh 1,500');
  await expect(row.getByRole('cell').nth(3)).toHaveText('Paid');
}

test('a new seller pays the first month by the demo M-Pesa and sees the receipt in My Account', async ({ page }) => {
  const email = uniqueEmail('amina');
  const phone = phoneNumber();
  await signUpAsSeller(page, { first: 'Amina', last: 'Wanjiru', email, phone });

  await expect(page.getByText('Standard package · first month')).toBeVisible();
  await expect(page.getByText(DEMO_NOTICE)).toBeVisible();
  const status = page.getByRole('status').filter({ has: page.getByRole('heading', { name: 'Check your phone' }) });
  await expect(status).toContainText(`We sent an M-Pesa request to ${international(phone)}.`);
  await expect(status).toContainText('Enter your M-Pesa PIN to pay Ksh 1,500 to Mtaani.');
  await expect(page.getByRole('heading', { level: 2, name: 'Check your phone' })).toBeFocused();

  const receipt = await paidReceipt(page);
  await signInAndOpenAccount(page, email);
  await expectPaidInAccount(page, receipt);
});

test.describe('on a phone', () => {
  test.use({ viewport: { width: 360, height: 740 }, hasTouch: true });

  test('a seller whose number is declined tries again with another number', async ({ page }) => {
    const email = uniqueEmail('njoki');
    const declined = phoneNumber('0000');
    await signUpAsSeller(page, { first: 'Njoki', last: 'Mwangi', email, phone: declined });

    const failure = page.getByRole('heading', { level: 2, name: 'Payment not completed' });
    await expect(failure).toBeVisible({ timeout: PAYMENT_TIMEOUT });
    await expect(failure).toBeFocused();
    // The provider's reason, in the seller's words, under the title.
    await expect(page.getByRole('status').filter({ has: failure }).locator('p')).not.toHaveText('');
    expect(await page.evaluate(() => document.documentElement.scrollWidth)).toBeLessThanOrEqual(360);

    const number = field(page, 'M-Pesa phone number');
    await expect(number).toHaveValue(declined);
    const other = phoneNumber();
    await number.fill(other);
    await page.getByRole('button', { name: 'Try again' }).tap();

    const status = page.getByRole('status').filter({ has: page.getByRole('heading', { name: 'Check your phone' }) });
    await expect(status).toContainText(`We sent an M-Pesa request to ${international(other)}.`);
    expect(await page.evaluate(() => document.documentElement.scrollWidth)).toBeLessThanOrEqual(360);

    const receipt = await paidReceipt(page);
    await signInAndOpenAccount(page, email);
    await expectPaidInAccount(page, receipt);
    expect(await page.evaluate(() => document.documentElement.scrollWidth)).toBeLessThanOrEqual(360);

    // The declined attempt is in the history too, with its reason.
    const history = page.getByRole('table', { name: 'Payment history' });
    await expect(history.getByRole('row').filter({ hasText: 'Failed' })).toHaveCount(1);
  });
});
