// The operator console and the data rights against the running product: a visitor reports
// a listing; the demo admin signs in, sees the report and a new contact message, hides the listing
// (gone for visitors), restores it (back for them), replies to the message (e-mailed to the sender),
// and reads it all in the audit log, by kind and by seller; a seller downloads their data and deletes
// their account.
import { readFileSync } from 'node:fs';
import { expect, test } from '@playwright/test';
import { MAIL_DIR, mails, PASSWORD, postListing, registerSeller, signIn, submitSignIn, uniqueStamp } from './support';

test('a visitor reports a listing; an operator hides it, restores it, and answers a message', async ({ page, request, browser }) => {
  test.setTimeout(120_000);
  const stamp = uniqueStamp();
  const listingName = `Gel Nails ${stamp}`;
  const token = await registerSeller(request, `neema.${stamp}@example.com`, 'Neema Auma');
  const id = await postListing(request, token, listingName);

  // A visitor reports it from its page.
  const visitor = await (await browser.newContext()).newPage();
  // The console's code never reaches a visitor.
  const fetched: string[] = [];
  visitor.on('request', (r) => fetched.push(new URL(r.url()).pathname));
  await visitor.goto(`/service/${id}`);
  await expect(visitor.getByRole('heading', { level: 1, name: listingName })).toBeVisible();
  await visitor.getByRole('link', { name: 'Report this listing' }).click();
  await expect(visitor.getByRole('heading', { level: 1, name: 'Report this listing' })).toBeVisible();
  await expect(visitor.getByText(listingName)).toBeVisible();
  await visitor.getByRole('button', { name: 'Send report' }).click();
  await expect(visitor.getByText('Please choose a reason')).toBeVisible();
  await visitor.getByRole('radio', { name: 'Scam or fraud' }).check();
  await visitor.getByLabel('Details (optional)').fill('Asked me to pay a deposit by M-Pesa first.');
  await visitor.getByRole('button', { name: 'Send report' }).click();
  await expect(visitor.getByRole('status').filter({ hasText: 'Thank you. Our team will review this listing.' })).toBeVisible();
  expect(fetched.some((path) => path.includes('/assets/')), 'the app was fetched').toBe(true);
  expect(fetched.filter((path) => /\/assets\/admin-/.test(path))).toEqual([]);

  // Someone writes to Mtaani.
  const subject = `Question ${stamp}`;
  const senderEmail = `baraka.${stamp}@example.com`;
  const contact = await request.post('/api/contact', {
    data: { name: 'Baraka Otieno', email: senderEmail, phone: '0722000111', subject, message: 'How do I become a provider on Mtaani?' },
  });
  expect(contact.status()).toBe(200);

  // The demo admin signs in and lands on the console.
  await submitSignIn(page, 'admin@demo.mtaani.co.ke');
  await expect(page).toHaveURL(/\/admin$/);
  await expect(page.getByRole('heading', { level: 1, name: 'Operator console' })).toBeVisible();
  await expect(page.getByText('Welcome, Mtaani Support')).toBeVisible();
  await expect(page.getByText('Open reports')).toBeVisible();

  // The open tab is in the address: a reload keeps it, Back returns to the one before (issue 39 §6).
  await page.getByRole('tab', { name: 'Reports' }).click();
  await expect(page).toHaveURL(/\/admin\?tab=reports$/);
  await page.reload();
  await expect(page.getByRole('tab', { name: 'Reports' })).toHaveAttribute('aria-selected', 'true');
  await page.goBack();
  await expect(page).toHaveURL(/\/admin$/);
  await expect(page.getByRole('tab', { name: 'Overview' })).toHaveAttribute('aria-selected', 'true');
  await page.goForward();
  await expect(page.getByRole('tab', { name: 'Reports' })).toHaveAttribute('aria-selected', 'true');

  // The report: hide the listing, with a reason.
  const report = page.getByRole('listitem').filter({ hasText: listingName });
  await expect(report.getByText('Scam or fraud')).toBeVisible();
  await expect(report.getByText('Asked me to pay a deposit by M-Pesa first.')).toBeVisible();
  // 'Hide listing' keeps its size while the dismiss form is open beside it.
  const hide = report.getByRole('button', { name: 'Hide listing' });
  const before = (await hide.boundingBox())!;
  await report.getByRole('button', { name: 'Dismiss' }).click();
  await expect(report.getByLabel('Reason (optional)')).toBeVisible();
  const during = (await hide.boundingBox())!;
  expect([during.width, during.height]).toEqual([before.width, before.height]);
  await report.getByRole('button', { name: 'Cancel' }).click();
  await report.getByRole('button', { name: 'Hide listing' }).click();
  await report.getByLabel('Reason').fill('Asks customers for a deposit before any service');
  await report.getByRole('button', { name: 'Hide listing' }).click();
  await expect(page.getByRole('listitem').filter({ hasText: listingName })).toHaveCount(0);

  // Gone for visitors: its page, and the search.
  await visitor.goto(`/service/${id}`);
  await expect(visitor.getByRole('heading', { level: 1, name: 'Service Not Found' })).toBeVisible();
  const found = await request.get(`/api/services/search?query=${encodeURIComponent(listingName)}`);
  expect(((await found.json()) as { _id: string }[]).map((l) => l._id)).not.toContain(id);
  if (MAIL_DIR) {
    await expect.poll(() => mails().some((m) => m.includes('Asks customers for a deposit before any service'))).toBe(true);
  }

  // Restored from the listings: back for visitors.
  await page.getByRole('tab', { name: 'Listings' }).click();
  await page.getByLabel('Find listings by name').fill(listingName);
  await page.getByRole('main').getByRole('button', { name: 'Search', exact: true }).click();
  const row = page.getByRole('listitem').filter({ hasText: listingName });
  await expect(row.getByText('Hidden by Mtaani')).toBeVisible();
  await row.getByRole('button', { name: 'Restore' }).click();
  await row.getByRole('button', { name: 'Restore listing' }).click();
  await expect(row.getByText('Shown')).toBeVisible();
  await visitor.goto(`/service/${id}`);
  await expect(visitor.getByRole('heading', { level: 1, name: listingName })).toBeVisible();

  // The message: answered, e-mailed to the sender, and gone from the new ones.
  await page.getByRole('tab', { name: 'Messages' }).click();
  const message = page.getByRole('listitem').filter({ hasText: subject });
  await expect(message.getByText('How do I become a provider on Mtaani?')).toBeVisible();
  await message.getByLabel('Reply to Baraka Otieno').fill(`Karibu! Choose Sign up, then Seller (${stamp}).`);
  await message.getByRole('button', { name: 'Send reply' }).click();
  await expect(page.getByText(`Reply sent to ${senderEmail}.`)).toBeVisible();
  await expect(page.getByRole('listitem').filter({ hasText: subject })).toHaveCount(0);
  if (MAIL_DIR) {
    await expect.poll(() => mails().some((m) => m.includes(senderEmail) && m.includes(`Seller (${stamp})`))).toBe(true);
  }

  // Every event is in the audit log: the action in words, its day and time, who did it, the
  // record by name with a link to it, and the reason.
  await page.getByRole('tab', { name: 'Audit log' }).click();
  const log = page.getByRole('table');
  const hiddenRow = log.getByRole('row').filter({ hasText: 'Listing hidden' }).filter({ hasText: listingName });
  await expect(hiddenRow).toHaveCount(1);
  await expect(hiddenRow).toContainText(/\d{4}, \d{1,2}:\d{2} [AP]M/);
  await expect(hiddenRow).toContainText('Mtaani Support');
  await expect(hiddenRow).toContainText('Asks customers for a deposit before any service');
  await expect(hiddenRow.getByRole('link', { name: listingName })).toHaveAttribute('href', `/service/${id}`);
  await expect(log.getByRole('row').filter({ hasText: 'Listing restored' }).filter({ hasText: listingName })).toHaveCount(1);

  // Filtered by kind: the reports only, the visitor's with its reason in words.
  await page.getByLabel('Kind').selectOption({ label: 'Reports' });
  await expect(page).toHaveURL(/tab=audit&kind=report$/);
  const reported = log.getByRole('row').filter({ hasText: listingName });
  await expect(reported).toHaveCount(1);
  await expect(reported).toContainText('Report received');
  await expect(reported).toContainText('A visitor');
  await expect(reported).toContainText('Scam or fraud');
  await expect(log.getByRole('row').filter({ hasText: 'Listing hidden' })).toHaveCount(0);

  // A seller's log, from their row: registered, paid and posted, by them.
  await page.getByRole('tab', { name: 'Sellers' }).click();
  await page.getByLabel('Find a seller by name, e-mail or phone').fill(`neema.${stamp}@example.com`);
  await page.getByRole('main').getByRole('button', { name: 'Search', exact: true }).click();
  await page.getByRole('row').filter({ hasText: 'Neema Auma' }).getByRole('link', { name: 'See their log' }).click();
  await expect(page).toHaveURL(/tab=audit&seller=/);
  await expect(page.getByText('Seller: Neema Auma')).toBeVisible();
  for (const action of ['Seller registered', 'Payment received', 'Listing posted']) {
    const row = log.getByRole('row').filter({ hasText: action });
    await expect(row).toHaveCount(1);
    await expect(row.getByRole('link', { name: 'Neema Auma' }).first()).toHaveAttribute('href', /tab=sellers&seller=/);
  }
  await expect(log.getByRole('row').filter({ hasText: 'Message answered' })).toHaveCount(0);
  // The seller's name leads to them in the console.
  await log.getByRole('row').filter({ hasText: 'Seller registered' }).getByRole('link', { name: 'Neema Auma' }).first().click();
  await expect(page.getByRole('heading', { level: 2, name: 'Neema Auma' })).toBeVisible();
});

test('a seller downloads their data and deletes their account', async ({ page, request }) => {
  test.setTimeout(90_000);
  const stamp = uniqueStamp();
  const email = `wairimu.${stamp}@example.com`;
  const token = await registerSeller(request, email, 'Wairimu Njoroge');
  const id = await postListing(request, token, `Lash Studio ${stamp}`);

  await signIn(page, email, PASSWORD);
  await page.goto('/account');
  const data = page.getByRole('region', { name: 'Your data' });

  const [download] = await Promise.all([page.waitForEvent('download'), data.getByRole('button', { name: 'Download my data' }).click()]);
  expect(download.suggestedFilename()).toBe('mtaani-data.json');
  const exported = JSON.parse(readFileSync(await download.path(), 'utf8')) as {
    profile: { email: string };
    listings: { _id: string; media: { data: string }[] }[];
    payments: { status: string; mpesaReceipt: string }[];
  };
  expect(exported.profile.email).toBe(email);
  expect(exported.listings.map((l) => l._id)).toEqual([id]);
  expect(exported.listings[0]!.media[0]!.data).toMatch(/^\/media\//);
  expect(exported.payments[0]!.status).toBe('succeeded');

  await data.getByRole('button', { name: 'Delete my account' }).click();
  await data.getByLabel('Your password', { exact: true }).fill('not-my-password');
  await data.getByRole('button', { name: 'Delete my account permanently' }).click();
  await expect(data.getByText('The password is not right.')).toBeVisible();
  await expect(page).toHaveURL(/\/account$/);
  await data.getByLabel('Your password', { exact: true }).fill(PASSWORD);
  await data.getByRole('button', { name: 'Delete my account permanently' }).click();
  await expect(page.getByText('Your account has been deleted.')).toBeVisible();
  await expect(page.getByRole('link', { name: 'Go to the home page' })).toBeVisible();

  // Gone: the listing, and signing in.
  expect((await request.get(`/api/service/${id}`)).status()).toBe(404);
  await submitSignIn(page, email, PASSWORD);
  await expect(page.getByText('Invalid email or password')).toBeVisible();
});
