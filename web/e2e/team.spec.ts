// Issue 42's "Done when", on a phone-size screen through nginx: a customer books wash + knotless braids
// at the demo salon (Achieng Otieno's, three stylists) with "Anyone available" and is given a stylist
// and the total; a second customer asking for that stylist at that time is refused; the salon sees
// its members' day and moves the booking to another member; the customer and both members are told.
import { expect, test } from '@playwright/test';

import { bearer, calendarAnswer, pickOpenDay, signIn, SMS_DIR, texts } from './support';

test.use({ viewport: { width: 360, height: 740 } });

interface ServiceJson {
  _id: string;
  name: string;
  options: { id: string; name: string }[];
}

/** The demo stylists' numbers (booking-svc's demo team; Mercy has none). */
const PHONES: Record<string, string> = { Wanjiku: '+254722000201', Akinyi: '+254722000202' };

test('a salon books by stylist: anyone available is assigned, a taken stylist is refused, and the salon moves the booking', async ({
  page,
  request,
}) => {
  const listings = (await (await request.get('/api/services', { params: { limit: 100 } })).json()) as ServiceJson[];
  const braids = listings.find((l) => l.name === 'Knotless Braids by Achieng')!;
  expect(braids, 'the demo salon’s braids').toBeDefined();
  const stamp = String(Date.now()).slice(-8);
  const customer = `Zawadi Team ${stamp}`;
  const phone = `07${stamp}`;

  // The listing's page shows its menu and its team.
  await page.goto(`/service/${braids._id}`);
  await expect(page.getByRole('heading', { level: 1, name: braids.name })).toBeVisible();
  const team = page.getByRole('region', { name: 'Choose a stylist' });
  for (const name of ['Anyone available', 'Wanjiku', 'Akinyi', 'Mercy']) {
    await expect(team.getByRole('button', { name })).toBeVisible();
  }
  await expect(page.getByRole('region', { name: 'Service menu' })).toContainText('Knotless, shoulder length');

  // Wash and knotless braids, anyone available, on a Thursday (all three stylists work then).
  await team.getByRole('button', { name: 'Anyone available' }).click();
  const dialog = page.getByRole('dialog', { name: 'Book an Appointment' });
  await expect(dialog).toBeVisible();
  const services = dialog.getByRole('group', { name: 'Choose your services' });
  const asked = calendarAnswer(page);
  await services.getByRole('checkbox', { name: /Wash and blow-dry/ }).check();
  await services.getByRole('checkbox', { name: /Knotless, shoulder length/ }).check();
  await expect(dialog).toContainText('Total: Ksh 3,000');
  await expect(dialog.getByRole('radio', { name: 'Anyone available' })).toBeChecked();
  const thursday = await pickOpenDay(page, dialog, asked, async (open) => {
    const thursdays = open.and(dialog.locator('[aria-label^="Thursday"]'));
    return (await thursdays.count()) > 0 ? thursdays.first() : undefined;
  });
  await thursday.click();
  await expect(dialog.getByRole('status').filter({ hasText: 'Checking which times are free' })).toHaveCount(0);
  const slot = dialog.locator('.booking-slot').first();
  const time = (await slot.textContent())!.trim();
  await slot.click();
  await dialog.getByLabel('Name', { exact: true }).fill(customer);
  await dialog.getByLabel('Email', { exact: true }).fill(`zawadi.${stamp}@example.com`);
  await dialog.getByLabel('Phone number (optional)').fill(phone);
  const booked = page.waitForResponse((r) => r.url().endsWith('/api/appointments') && r.request().method() === 'POST');
  await dialog.getByRole('button', { name: 'Book Appointment' }).click();
  const answer = await booked;
  expect(answer.status()).toBe(201);
  const appointment = (await answer.json()) as { date: string; member: { id: string; name: string }; totalKsh: number };
  expect(appointment.totalKsh).toBe(3000);
  const stylist = appointment.member.name;
  await expect(page.getByText(`Appointment booked successfully! Your stylist: ${stylist}. Total: Ksh 3,000.`)).toBeVisible();

  // A second customer asks for that stylist at that time: refused, with the reason.
  const second = await request.post('/api/appointments', {
    data: {
      serviceId: braids._id,
      name: 'Amina Second',
      email: `amina.${stamp}@example.com`,
      date: appointment.date,
      time,
      optionIds: braids.options.filter((o) => /Wash|shoulder/.test(o.name)).map((o) => o.id),
      memberId: appointment.member.id,
    },
  });
  expect(second.status()).toBe(409);
  expect(((await second.json()) as { code: string }).code).toBe('member_taken');

  // The salon sees its members' day and moves the booking to another member who works then.
  await signIn(page, 'achieng@demo.mtaani.co.ke');
  await page.goto('/account');
  const day = page.getByRole('region', { name: 'Team day' });
  await day.getByLabel('Day').fill(appointment.date);
  const columns = day.getByRole('group', { name: 'Bookings per member' });
  for (const name of ['Wanjiku', 'Akinyi', 'Mercy']) await expect(columns).toContainText(name);
  const booking = columns.getByRole('article').filter({ hasText: customer });
  await expect(booking).toContainText('Total: Ksh 3,000');
  await booking.getByRole('button', { name: 'Move to another member' }).click();
  const target = stylist === 'Akinyi' ? 'Wanjiku' : 'Akinyi';
  await booking.getByLabel('Move to').selectOption({ label: target });
  await booking.getByRole('button', { name: 'Move', exact: true }).click();
  await expect(page.getByText(`${customer}’s booking now goes to ${target}.`)).toBeVisible();
  const hers = (await (
    await request.get('/api/account/appointments', { headers: await bearer(page) })
  ).json()) as { name: string; member: { name: string } | null }[];
  expect(hers.find((a) => a.name === customer)?.member?.name).toBe(target);

  if (!SMS_DIR) return;
  // The customer is texted, and so is each member with a number: the one it left, the one it went to.
  const international = `+254${phone.slice(1)}`;
  await expect.poll(() => texts().filter((t) => t.to === international).length, { timeout: 15_000 }).toBeGreaterThan(1);
  await expect
    .poll(() => texts().some((t) => t.to === PHONES[target] && t.text.includes('this booking is now yours')), { timeout: 15_000 })
    .toBe(true);
  if (PHONES[stylist]) {
    await expect
      .poll(() => texts().some((t) => t.to === PHONES[stylist] && t.text.includes('is now with another member')), {
        timeout: 15_000,
      })
      .toBe(true);
  }
});
