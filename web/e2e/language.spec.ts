// Kiswahili (issue 21), through the running product: a visitor switches to Kiswahili in the header
// and walks home → search → a listing → the booking dialog with every visible text in Kiswahili
// (no text the dictionary translates is left in English), then switches back to the spec's English;
// a first visit from a browser that prefers Kiswahili opens in it; the server's messages follow.
import { join } from 'node:path';
import { expect, test, type Page } from '@playwright/test';
import { loadDictionary } from '../src/i18n/keys';
import { bearer, signIn, uniqueEmail } from './support';

const sw = loadDictionary(join(process.cwd(), 'src', 'i18n', 'sw'));

/** Visible texts, labels, placeholders and alternative texts of the page (or of `scope`). */
async function shownTexts(page: Page, scope = 'body'): Promise<string[]> {
  return page.locator(scope).first().evaluate((root) => {
    const texts: string[] = [];
    const visible = (element: Element) => {
      const box = (element as HTMLElement).getBoundingClientRect?.();
      const style = getComputedStyle(element);
      return box && box.width > 0 && box.height > 0 && style.visibility !== 'hidden';
    };
    const walker = document.createTreeWalker(root, NodeFilter.SHOW_TEXT);
    for (let node = walker.nextNode(); node; node = walker.nextNode()) {
      const text = node.textContent?.replace(/\s+/g, ' ').trim();
      if (text && node.parentElement && visible(node.parentElement) && !node.parentElement.closest('script,style')) texts.push(text);
    }
    for (const element of root.querySelectorAll('[aria-label],[placeholder],[title],img[alt]')) {
      if (!visible(element) && !element.matches('img')) continue;
      for (const name of ['aria-label', 'placeholder', 'title', 'alt']) {
        const value = element.getAttribute(name)?.trim();
        if (value) texts.push(value);
      }
    }
    return texts;
  });
}

const kiswahili = new Set(sw.values());

/**
 * The texts shown in English that Kiswahili has a different word for; and that the page does show
 * Kiswahili (at least `least` of the dictionary's texts), so an empty list is not a page of nothing.
 */
async function untranslated(page: Page, scope?: string, least = 5): Promise<string[]> {
  const texts = await shownTexts(page, scope);
  expect(texts.filter((text) => kiswahili.has(text)).length).toBeGreaterThanOrEqual(least);
  return [...new Set(texts.filter((text) => sw.has(text) && sw.get(text) !== text))];
}

test('a visitor switches to Kiswahili, walks to the booking dialog in it, and back to English', async ({ page }) => {
  await page.goto('/');
  await expect(page.locator('html')).toHaveAttribute('lang', 'en-KE');
  await expect(page.getByRole('heading', { level: 1 })).toBeVisible();

  await page.getByRole('banner').getByRole('button', { name: 'Kiswahili' }).click();
  await expect(page.locator('html')).toHaveAttribute('lang', 'sw-KE');
  expect(await untranslated(page)).toEqual([]);
  // The choice is kept: the next document comes in Kiswahili from the server.
  const document = await page.request.get('/all-services');
  expect(await document.text()).toContain('<html lang="sw-KE"');

  // Search.
  const search = page.getByRole('banner').getByRole('combobox', { name: 'Tafuta huduma' }).first();
  await search.fill('nails');
  await search.press('Enter');
  await expect(page).toHaveURL(/\/search\?q=nails/);
  await expect(page.locator('.service-card').first()).toBeVisible();
  expect(await untranslated(page)).toEqual([]);

  // A listing.
  await page.locator('.service-card a').first().click();
  await expect(page).toHaveURL(/\/service\//);
  await expect(page.getByRole('heading', { level: 1 })).toBeVisible();
  expect(await untranslated(page)).toEqual([]);

  // The booking dialog.
  const book = sw.get('Book an Appointment')!;
  await page.getByRole('button', { name: book }).first().click();
  const dialog = page.getByRole('dialog', { name: book });
  await expect(dialog).toBeVisible();
  await expect(dialog.locator('.booking-calendar__day').first()).toBeVisible();
  expect(await untranslated(page, '[role="dialog"]', 2)).toEqual([]);
  await page.keyboard.press('Escape');

  // Back to English: the spec's texts again.
  await page.getByRole('banner').getByRole('button', { name: 'English' }).click();
  await expect(page.locator('html')).toHaveAttribute('lang', 'en-KE');
  await expect(page.getByRole('button', { name: 'Book an Appointment' }).first()).toBeVisible();
  // The check above finds English where it is.
  const english = (await shownTexts(page)).filter((text) => sw.has(text) && sw.get(text) !== text);
  expect(english.length).toBeGreaterThan(5);
});

test.describe('a browser that prefers Kiswahili', () => {
  test.use({ locale: 'sw-KE', extraHTTPHeaders: { 'Accept-Language': 'sw-KE,sw;q=0.9,en;q=0.8' } });

  test('opens Mtaani in Kiswahili on its first visit', async ({ page }) => {
    await page.goto('/all-services');
    await expect(page.locator('html')).toHaveAttribute('lang', 'sw-KE');
    // The title is the server's, before the app runs: in Kiswahili too.
    await expect(page).toHaveTitle(new RegExp(`^${sw.get('All Services')!}`));
    expect(await untranslated(page)).toEqual([]);
  });

  test('reads the server’s messages in Kiswahili', async ({ page }) => {
    await page.goto('/signin');
    await expect(page.locator('html')).toHaveAttribute('lang', 'sw-KE');
    await page.getByLabel(sw.get('Email')!).fill('nobody@example.com');
    await page.getByLabel(sw.get('Password')!, { exact: true }).fill('not-the-password');
    await page.getByRole('button', { name: sw.get('Sign in'), exact: true }).click();
    // The gateway's answer to a wrong password (proto/i18n/sw.json's bad_credentials), as the form shows it.
    await expect(page.getByText('Barua pepe au nenosiri si sahihi')).toBeVisible();
  });
});

test('a signed-in user’s choice is kept on their account, for their e-mails and texts', async ({ page }) => {
  // An account of its own, so that the demo accounts' messages in other tests stay English.
  const email = uniqueEmail('lugha');
  const register = await page.request.post('/api/register', {
    data: { userName: 'Amani Lugha', email, password: 'lugha-secret-1', accountType: 'buyer', phoneNumber: '0712345678' },
  });
  expect(register.ok(), await register.text()).toBe(true);
  await signIn(page, email, 'lugha-secret-1');
  await expect(page).toHaveURL(/\/$/);
  const headers = await bearer(page);
  const language = async () =>
    ((await (await page.request.get('/api/me', { headers })).json()) as { user: { language?: string } }).user.language;
  expect(await language()).toBe('en');

  await page.getByRole('contentinfo').getByRole('button', { name: 'Kiswahili' }).click();
  await expect(page.locator('html')).toHaveAttribute('lang', 'sw-KE');
  expect(await language()).toBe('sw');
  await page.getByRole('contentinfo').getByRole('button', { name: 'English' }).click();
  await expect(page.locator('html')).toHaveAttribute('lang', 'en-KE');
  expect(await language()).toBe('en');
});
