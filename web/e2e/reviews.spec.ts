// Verified reviews against the running product (issue 20): a customer books a new listing, the
// provider confirms, and once the booking's time has passed on the booking worker's clock
// (MTAANI_TEST_CLOCK_FILE, set by deploy/local/e2e.sh) the customer is e-mailed a link; the 5-star
// review written there shows on the listing's page and its card, the link works once, and the
// provider's reply reaches the page and the reviewer's inbox; the provider's page shows the listing.
import { expect, test, type APIRequestContext } from '@playwright/test';
import {
  addDays,
  CLOCK_FILE,
  MAIL_DIR,
  mails,
  moveWorkerClock,
  nairobiToday,
  PASSWORD,
  postListing,
  registerSeller,
  resetWorkerClock,
  signIn,
  uniqueStamp,
} from './support';

/** '2:30 PM' on `date` in Nairobi as epoch milliseconds. */
function nairobiTime(date: string, label: string): number {
  const [, h, min, half] = /^(\d+):(\d\d) ([AP]M)$/.exec(label)!;
  const hour = (Number(h) % 12) + (half === 'PM' ? 12 : 0);
  return Date.parse(`${date}T${String(hour).padStart(2, '0')}:${min}:00+03:00`);
}

/** The first free start of the listing from tomorrow on. */
async function firstFreeSlot(request: APIRequestContext, serviceId: string): Promise<{ date: string; time: string }> {
  for (let day = 1; day <= 14; day++) {
    const date = addDays(nairobiToday(), day);
    const answer = await request.get(`/api/appointments/availability?serviceId=${serviceId}&date=${date}`);
    const { slots, taken, past, closed } = (await answer.json()) as {
      slots: string[];
      taken: string[];
      past: string[];
      closed: boolean;
    };
    const free = closed ? undefined : slots.find((s) => !taken.includes(s) && !past.includes(s));
    if (free) return { date, time: free };
  }
  throw new Error('no free start in two weeks');
}

test('a customer reviews a booking that took place; the review shows and the provider replies', async ({ page, request, browser }) => {
  test.skip(!MAIL_DIR || !CLOCK_FILE, 'needs the e-mail folder and the test clock of deploy/local/e2e.sh');
  test.setTimeout(120_000);
  const stamp = uniqueStamp();
  const sellerEmail = `halima.${stamp}@example.com`;
  const customerEmail = `baraka.${stamp}@example.com`;
  const serviceName = `Gel Nails ${stamp}`;
  const sellerToken = await registerSeller(request, sellerEmail, 'Halima Said');
  const serviceId = await postListing(request, sellerToken, serviceName);

  // A visitor books it; the provider confirms.
  const slot = await firstFreeSlot(request, serviceId);
  const booked = await request.post('/api/appointments', {
    data: { serviceId, name: 'Baraka Otieno', email: customerEmail, phone: '', message: '', ...slot },
  });
  expect(booked.status()).toBe(201);
  const appointment = ((await booked.json()) as { id: string }).id;
  const confirmed = await request.post(`/api/account/appointments/${appointment}/confirm`, {
    headers: { Authorization: `Bearer ${sellerToken}` },
  });
  expect(confirmed.status()).toBe(200);

  // No invitation while the booking is ahead; its hour passes on the worker's clock: one e-mail.
  const invitations = () => mails().filter((m) => m.includes(`<${customerEmail}>`) && m.includes('/review?token='));
  expect(invitations()).toHaveLength(0);
  const ends = nairobiTime(slot.date, slot.time) + 60 * 60_000;
  moveWorkerClock(ends + 5 * 60_000);
  let token = '';
  try {
    await expect.poll(() => invitations().length, { timeout: 30_000 }).toBe(1);
    token = /\/review\?token=([A-Za-z0-9_-]+)/.exec(invitations()[0]!)![1]!;
    expect(invitations()[0]).toContain(`Subject: How was ${serviceName}?`);
  } finally {
    resetWorkerClock();
  }

  // The customer writes five stars from the link; a second use is refused.
  const visitor = await (await browser.newContext()).newPage();
  await visitor.goto(`/review?token=${token}`);
  await expect(visitor.getByRole('heading', { level: 1, name: 'Review your booking' })).toBeVisible();
  const booking = visitor.getByRole('region', { name: 'Your booking' });
  await expect(booking.getByText(serviceName)).toBeVisible();
  await expect(booking.getByText('Halima Said')).toBeVisible();
  // The stars are radio buttons drawn as their labels.
  await visitor.locator('label', { hasText: '5 stars: Excellent' }).click();
  await expect(visitor.getByRole('radio', { name: '5 stars: Excellent' })).toBeChecked();
  await visitor.getByLabel('Your review (optional)').fill('Neat gel nails, on time, lovely studio.');
  await visitor.getByRole('button', { name: 'Publish review' }).click();
  await expect(visitor.getByText('Thank you! Your review is published.')).toBeVisible();
  const again = await request.post('/api/reviews', { data: { token, rating: 1, text: '' } });
  expect(again.status()).toBe(409);

  // The listing's page: the stars under the name, the review marked as from a booking.
  await visitor.goto(`/service/${serviceId}`);
  await expect(visitor.getByRole('img', { name: 'Rated 5.0 out of 5 from 1 review' }).first()).toBeVisible();
  const reviews = visitor.getByRole('region', { name: 'Reviews' });
  await expect(reviews.getByText('Neat gel nails, on time, lovely studio.')).toBeVisible();
  await expect(reviews.getByText('Verified booking')).toBeVisible();
  await expect(reviews.getByText(/^Baraka O\. · /)).toBeVisible();
  // The provider's page, from the listing's: their name, their rating, this listing.
  await visitor.getByRole('link', { name: 'More from this provider' }).click();
  await expect(visitor.getByRole('heading', { level: 1, name: 'Halima Said' })).toBeVisible();
  await expect(visitor.getByText('Serves Nairobi')).toBeVisible();
  await expect(visitor.getByRole('article', { name: serviceName })).toBeVisible();
  // Its card, in the search results.
  await visitor.goto(`/search?q=${encodeURIComponent(serviceName)}`);
  const card = visitor.getByRole('article', { name: serviceName });
  await expect(card.getByRole('img', { name: 'Rated 5.0 out of 5 from 1 review' })).toBeVisible();

  // The provider replies once from My Account; the reviewer is e-mailed.
  await signIn(page, sellerEmail, PASSWORD);
  await page.goto('/account');
  const mine = page.getByRole('region', { name: 'Reviews' });
  await expect(mine.getByText('Neat gel nails, on time, lovely studio.')).toBeVisible();
  await mine.getByRole('button', { name: 'Reply' }).click();
  await mine.getByRole('textbox').fill('Asante Baraka, karibu tena!');
  await mine.getByRole('button', { name: 'Send reply' }).click();
  await expect(mine.getByText('Asante Baraka, karibu tena!')).toBeVisible();
  await expect(mine.getByRole('button', { name: 'Reply' })).toHaveCount(0);
  await expect
    .poll(() => mails().filter((m) => m.includes(`<${customerEmail}>`) && m.includes('replied to your review')).length, {
      timeout: 20_000,
    })
    .toBe(1);
  await visitor.goto(`/service/${serviceId}`);
  await expect(visitor.getByRole('region', { name: 'Reviews' }).getByText('Asante Baraka, karibu tena!')).toBeVisible();
});
