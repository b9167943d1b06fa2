// Accounts against the running product: seller and buyer sign-up, sign-in, My Account, logout, the
// forms' messages and a refused token. Each run registers new people with unique e-mail addresses.
import { expect, test, type Page } from '@playwright/test';
import { field, fillSignUp, PASSWORD, signIn, signInAfterSignUp, submitSignIn, uniqueEmail } from './support';

async function openAccountMenu(page: Page, name: string) {
  await page.getByRole('banner').getByRole('button', { name, exact: true }).click();
  return page.getByRole('menu');
}

test('a seller signs up with the Standard package, signs in, sees My Account and logs out', async ({ page }) => {
  const email = uniqueEmail('amina');

  await page.goto('/seller-packages');
  const continueButton = page.getByRole('button', { name: 'Continue to Registration' });
  await expect(page.getByRole('radio')).toHaveCount(3);
  await expect(continueButton).toBeDisabled();
  await expect(page.getByText('Ksh 1,500', { exact: true })).toBeVisible();
  await expect(page.getByText(/change or upgrade your package/)).toBeVisible();

  await page.getByText('Choose Standard').click();
  await expect(page.getByRole('radio', { name: 'Standard' })).toBeChecked();
  await expect(page.getByText('Selected', { exact: true })).toHaveCount(1);
  await continueButton.click();

  await expect(page).toHaveURL(/\/signup\?type=seller&package=standard$/);
  await expect(page.getByRole('heading', { level: 1, name: 'Register as a seller' })).toBeVisible();
  await expect(page.getByText('Standard package')).toBeVisible();
  await fillSignUp(page, { first: 'Amina', last: 'Wanjiru', email, phone: '0712 345 678' });

  // The first month is paid by M-Pesa (simulated here: approved after about two seconds), and the
  // page says so before the seller goes on.
  await expect(page.getByText('Enter your M-Pesa PIN to pay Ksh 1,500 to Mtaani.')).toBeVisible();
  await expect(page.getByRole('heading', { level: 2, name: 'Payment received' })).toBeVisible({ timeout: 15_000 });
  await page.getByRole('button', { name: 'Sign in to post your first service' }).click();
  await expect(page.getByText('Account created successfully! Please log in to continue.')).toBeVisible();
  await expect(page).toHaveURL(/\/signin/);
  await signInAfterSignUp(page, email);
  // No listing yet: the post form, for a first one.
  await expect(page).toHaveURL(/\/post-service$/);
  await expect(page.getByRole('heading', { level: 1, name: 'Post your first service' })).toBeVisible();

  const menu = await openAccountMenu(page, 'Amina');
  await expect(menu.getByRole('menuitem', { name: 'Post a Service' })).toBeVisible();
  await menu.getByRole('menuitem', { name: 'My Account' }).click();

  await expect(page).toHaveURL(/\/account$/);
  await expect(page.getByRole('heading', { level: 1, name: 'My Account' })).toBeVisible();
  const profile = page.getByRole('region', { name: 'Profile' });
  await expect(profile.getByText('Amina Wanjiru')).toBeVisible();
  await expect(profile.getByText(email)).toBeVisible();
  await expect(profile.getByText('+254712345678')).toBeVisible();
  const sellerPackage = page.getByRole('region', { name: 'Seller package' });
  await expect(sellerPackage.getByText('Standard', { exact: true })).toBeVisible();
  await expect(sellerPackage.getByText('Active', { exact: true })).toBeVisible();
  await expect(sellerPackage.getByRole('link', { name: 'Post a Service' })).toHaveAttribute('href', '/post-service');

  await (await openAccountMenu(page, 'Amina')).getByRole('menuitem', { name: 'Logout' }).click();
  const signedOut = await openAccountMenu(page, 'Account');
  await expect(signedOut.getByRole('menuitem', { name: 'Sign in' })).toBeVisible();
  expect(await page.evaluate(() => [localStorage.getItem('token'), localStorage.getItem('user')])).toEqual([null, null]);
});

test('a buyer signs up from the options page and sees the buyer menu', async ({ page }) => {
  const email = uniqueEmail('otieno');

  await page.goto('/signup-options');
  await expect(page.getByText('Save your favourite providers')).toBeVisible();
  await page.getByRole('link', { name: 'Sign up as a buyer' }).click();

  await expect(page).toHaveURL(/\/signup\?type=buyer$/);
  await expect(
    page.getByRole('heading', { level: 1, name: 'Enter your details to create a buyer account' }),
  ).toBeVisible();
  await fillSignUp(page, { first: 'Otieno', last: 'Ouma', email, phone: '+254 722 000 111' });

  await expect(page.getByText('Account created successfully! Please log in to continue.')).toBeVisible();
  await expect(page).toHaveURL(/\/signin$/);
  await signInAfterSignUp(page, email);
  await expect(page).toHaveURL(/\/$/);

  const menu = await openAccountMenu(page, 'Otieno');
  await expect(menu.getByRole('menuitem', { name: 'My Account' })).toBeVisible();
  await expect(menu.getByRole('menuitem', { name: 'Logout' })).toBeVisible();
  await expect(menu.getByRole('menuitem', { name: 'Post a Service' })).toHaveCount(0);

  await menu.getByRole('menuitem', { name: 'My Account' }).click();
  await expect(page.getByRole('region', { name: 'Profile' }).getByText('Buyer', { exact: true })).toBeVisible();
  await expect(page.getByRole('region', { name: 'Seller package' })).toHaveCount(0);
});

test('the forms show their messages on an empty or invalid submit', async ({ page }) => {
  await page.goto('/signin');
  await page.getByRole('button', { name: 'Sign in' }).click();
  await expect(page.getByText('Please enter a valid email address')).toBeVisible();
  await expect(page.getByText('Password is required')).toBeVisible();
  await expect(page).toHaveURL(/\/signin$/);

  await page.goto('/signup?type=buyer');
  await page.getByRole('button', { name: 'Create Account' }).click();
  for (const message of [
    'First name must be at least 2 characters',
    'Last name must be at least 2 characters',
    'Please enter a valid email address',
    'Please enter a valid phone number',
    'Password must be at least 8 characters',
  ]) {
    await expect(page.getByText(message)).toBeVisible();
  }
  await expect(field(page, 'First name')).toBeFocused();

  await field(page, 'Password').fill(PASSWORD);
  await field(page, 'Confirm password').fill('something-else');
  await expect(page.getByText("Passwords don't match")).toBeVisible();
  await expect(page.getByText('Password must be at least 8 characters')).toHaveCount(0);

  await field(page, 'Email').fill('amina@example');
  await expect(page.getByText('Please enter a valid email address')).toBeVisible();
  await field(page, 'Email').fill('amina@example.com');
  await expect(page.getByText('Please enter a valid email address')).toHaveCount(0);
});

test("a wrong password shows the server's message", async ({ page }) => {
  await submitSignIn(page, 'wanjiru@demo.mtaani.co.ke', 'not-the-password');

  await expect(page.getByRole('alert')).toHaveText('Invalid email or password');
  await expect(page).toHaveURL(/\/signin$/);
  await expect(page.getByRole('button', { name: 'Sign in' })).toBeEnabled();
});

test('a demo seller signs in and sees her package', async ({ page }) => {
  await signIn(page, 'wanjiru@demo.mtaani.co.ke');

  await page.goto('/account');
  await expect(page.getByRole('region', { name: 'Seller package' }).getByText('Premium', { exact: true })).toBeVisible();
});

test('a refused token ends the session and asks to sign in again', async ({ page }) => {
  await page.goto('/signin');
  await page.evaluate(() => {
    localStorage.setItem('token', 'not-a-real-token');
    localStorage.setItem('user', JSON.stringify({ userName: 'Amina Wanjiru', accountType: 'seller' }));
  });

  await page.goto('/account');

  await expect(page).toHaveURL(/\/signin$/);
  await expect(page.getByText('Your session has expired. Please sign in again.')).toBeVisible();
  expect(await page.evaluate(() => localStorage.getItem('token'))).toBeNull();
  await expect(page.getByRole('banner').getByRole('button', { name: 'Account', exact: true })).toBeVisible();
});

test.describe('on a phone', () => {
  test.use({ viewport: { width: 360, height: 740 }, hasTouch: true });

  test('the account screens fit the narrow screen without sideways scrolling', async ({ page }) => {
    const screens: [string, (page: Page) => Promise<void>][] = [
      ['/signin', (p) => expect(p.getByRole('heading', { name: 'Welcome back' })).toBeVisible()],
      ['/signup-options', (p) => expect(p.getByRole('link', { name: 'Sign up as a seller' })).toBeVisible()],
      ['/seller-packages', (p) => expect(p.getByRole('radio')).toHaveCount(3)],
      ['/signup?type=seller&package=standard', (p) => expect(p.getByText('Standard package')).toBeVisible()],
      ['/reset-password', (p) => expect(p.getByRole('button', { name: 'Send reset link' })).toBeVisible()],
    ];
    for (const [path, ready] of screens) {
      await page.goto(path);
      await ready(page);
      expect(await page.evaluate(() => document.documentElement.scrollWidth), path).toBeLessThanOrEqual(360);
    }
  });

  test("keeps 'Continue to Registration' in view below the stacked packages", async ({ page }) => {
    await page.goto('/seller-packages');
    await page.getByText('Choose Premium').tap();
    const continueButton = page.getByRole('button', { name: 'Continue to Registration' });
    await expect(continueButton).toBeInViewport();
    await continueButton.tap();
    await expect(page).toHaveURL(/\/signup\?type=seller&package=premium$/);
  });
});
