// The all-services grid against the running product, which seeds at least 36 listings with photos.
import { expect, test } from '@playwright/test';

const PAGE_SIZE = 48;

test.describe('all services', () => {
  test('shows the seeded listings as cards', async ({ page }) => {
    await page.goto('/all-services');
    await expect(page).toHaveTitle('All Services · Mtaani');
    await expect(page.getByRole('heading', { level: 1, name: 'All Services' })).toBeVisible();

    const cards = page.getByRole('article');
    await expect(cards.first()).toBeVisible();
    expect(await cards.count()).toBeGreaterThanOrEqual(36);

    let chats = 0;
    for (const card of (await cards.all()).slice(0, 8)) {
      const name = card.getByRole('heading');
      await expect(name).not.toBeEmpty();
      await expect(name.getByRole('link')).toHaveAttribute('href', /^\/service\/.+/);
      await expect(card.getByText(/^Ksh [\d,]+( - Ksh [\d,]+)?$/)).toBeVisible();
      await expect(card.locator('.service-card__location')).not.toBeEmpty();

      const chat = card.getByRole('link', { name: /Contact via WhatsApp/ });
      if ((await chat.count()) === 0) {
        // A listing without a phone number offers no chat.
        await expect(card.getByRole('button', { name: 'Contact Unavailable' })).toBeDisabled();
        continue;
      }
      chats += 1;
      await expect(chat).toHaveAttribute('href', /^https:\/\/wa\.me\/\d+\?text=.*Ksh/);
      await expect(chat).toHaveAttribute('target', '_blank');
      await expect(chat).toHaveAttribute('rel', 'noopener noreferrer');
    }
    expect(chats).toBeGreaterThan(0);

    // The first photo is in view, so it has loaded: a seeded photo, not the placeholder.
    const photo = cards.first().locator('img');
    await expect(photo).toHaveAttribute('src', /^\/media\//);
    await expect.poll(() => photo.evaluate((img: HTMLImageElement) => img.complete && img.naturalWidth)).toBeGreaterThan(0);
  });

  test('loads more when the first page is full', async ({ page }) => {
    await page.goto('/all-services');
    const cards = page.getByRole('article');
    await expect(cards.first()).toBeVisible();
    const firstPage = await cards.count();
    const loadMore = page.getByRole('button', { name: 'Load more' });

    if (firstPage < PAGE_SIZE) {
      await expect(loadMore).toHaveCount(0);
      return;
    }
    expect(firstPage).toBe(PAGE_SIZE);
    await loadMore.click();
    await expect.poll(() => cards.count()).toBeGreaterThan(PAGE_SIZE);
  });

  test('the site root is the home page, which leads here', async ({ page }) => {
    await page.goto('/');
    await expect(page.getByRole('heading', { level: 1, name: /services near you/ })).toBeVisible();
    await page.getByRole('link', { name: 'View All' }).first().click();
    await expect(page).toHaveURL(/\/all-services$/);
    await expect(page.getByRole('heading', { level: 1, name: 'All Services' })).toBeVisible();
  });
});
