// Favourites against the running product (issue 20): a visitor saves two listings with the heart,
// finds them on /favourites, signs in, and finds them in the account, kept there (not only in the
// browser); a heart removed on the detail page is removed from the account too.
import { expect, test } from '@playwright/test';
import { bearer, PASSWORD, signIn, uniqueEmail } from './support';

test('a visitor saves two favourites, signs in and finds them in the account', async ({ page, request }) => {
  const email = uniqueEmail('fav');
  const phone = `07${String(Math.floor(Math.random() * 1e8)).padStart(8, '1')}`;
  const registered = await request.post('/api/register', {
    data: { userName: 'Zawadi Njoroge', email, phoneNumber: phone, password: PASSWORD, accountType: 'buyer' },
  });
  expect(registered.status()).toBe(201);

  await page.goto('/all-services');
  const cards = page.getByRole('article');
  await expect(cards.first()).toBeVisible();
  const names: string[] = [];
  for (const index of [0, 1]) {
    const card = cards.nth(index);
    names.push((await card.getByRole('heading').textContent()) ?? '');
    const heart = card.getByRole('button', { name: /^Save .* to favourites$/ });
    await expect(heart).toHaveAttribute('aria-pressed', 'false');
    await heart.click();
    await expect(heart).toHaveAttribute('aria-pressed', 'true');
  }

  await page.goto('/favourites');
  await expect(page.getByRole('heading', { level: 1, name: 'My Favourites' })).toBeVisible();
  for (const name of names) await expect(page.getByRole('article', { name })).toBeVisible();

  await signIn(page, email, PASSWORD);

  // Saved into the account at sign-in: kept by the server, so a browser without them shows them too.
  const headers = await bearer(page);
  const inAccount = async () => {
    const answer = await request.get('/api/account/favourites', { headers });
    return ((await answer.json()) as { favourites: { name: string }[] }).favourites.map((f) => f.name).sort();
  };
  await expect.poll(inAccount).toEqual([...names].sort());
  await page.evaluate(() => localStorage.removeItem('favourites'));
  await page.goto('/account');
  const section = page.getByRole('region', { name: 'Favourites' });
  for (const name of names) await expect(section.getByRole('link', { name })).toBeVisible();

  // Removed on the detail page: removed from the account.
  await section.getByRole('link', { name: names[0] }).click();
  const save = page.getByRole('button', { name: `Saved ${names[0]} to favourites` });
  await expect(save).toHaveAttribute('aria-pressed', 'true');
  await save.click();
  await expect(page.getByRole('button', { name: `Save ${names[0]} to favourites` })).toHaveAttribute(
    'aria-pressed',
    'false',
  );
  await expect.poll(inAccount).toEqual([names[1]]);
  await page.goto('/favourites');
  await expect(page.getByRole('article', { name: names[1] })).toBeVisible();
  await expect(page.getByRole('article', { name: names[0] })).toHaveCount(0);
});
