// The content pages against the running product: the contact form through the real backend and its
// messages, and the About, Blog, Terms, Privacy and Contact pages on a phone-sized screen.
import { expect, test, type Page } from '@playwright/test';

const SENT = "Message sent successfully! We'll get back to you soon.";

/** Labels are matched exactly: 'Email' must not also find another label containing it. */
const field = (page: Page, label: string) => page.getByLabel(label, { exact: true });

async function fillContactForm(page: Page) {
  await field(page, 'Name').fill('Amina Wanjiru');
  await field(page, 'Email').fill(`amina.${Date.now()}@example.com`);
  await field(page, 'Phone number').fill('0712 345 678');
  await field(page, 'Subject').fill('Question about my booking');
  await field(page, 'Message').fill('Can I move my Saturday appointment to the afternoon? Thank you!');
}

test.describe('contact form', () => {
  test('sends a message through the backend, then thanks and clears the form', async ({ page }) => {
    await page.goto('/contact');
    await expect(page.getByRole('heading', { level: 1, name: 'Contact Us' })).toBeVisible();
    await fillContactForm(page);

    // Hold the request until the pending state has been seen.
    let release!: () => void;
    const held = new Promise<void>((resolve) => (release = resolve));
    await page.route('**/api/contact', async (route) => {
      await held;
      await route.continue();
    });
    const sent = page.waitForRequest('**/api/contact');
    await page.getByRole('button', { name: 'Send Message' }).click();
    await expect(page.getByRole('button', { name: 'Sending...' })).toBeDisabled();
    expect((await sent).headers()['idempotency-key']).toMatch(/^[0-9a-f-]{36}$/);
    release();

    await expect(page.getByText(SENT)).toBeVisible();
    for (const label of ['Name', 'Email', 'Phone number', 'Subject', 'Message']) {
      await expect(field(page, label)).toHaveValue('');
    }
    await expect(page.getByRole('button', { name: 'Send Message' })).toBeEnabled();
  });

  test('shows the validation messages and sends nothing until they are fixed', async ({ page }) => {
    let sent = 0;
    page.on('request', (request) => {
      if (new URL(request.url()).pathname === '/api/contact') sent += 1;
    });
    await page.goto('/contact');
    await page.getByRole('button', { name: 'Send Message' }).click();

    for (const message of [
      'Name must be at least 2 characters',
      'Please enter a valid email address',
      'Please enter a valid phone number',
      'Subject must be at least 5 characters',
      'Message must be at least 10 characters',
    ]) {
      await expect(page.getByText(message)).toBeVisible();
    }
    await expect(field(page, 'Name')).toBeFocused();

    await field(page, 'Name').fill('Al');
    await field(page, 'Phone number').fill('071234567');
    await expect(page.getByText('Name must be at least 2 characters')).toBeHidden();
    await expect(page.getByText('Please enter a valid phone number')).toBeVisible();
    await field(page, 'Message').fill('Too short');
    await expect(page.getByText('Message must be at least 10 characters')).toBeVisible();
    expect(sent).toBe(0);
  });
});

test.describe('content pages on a phone', () => {
  test.use({ viewport: { width: 360, height: 740 }, hasTouch: true });

  /** Opens a page and checks that it has its title and no sideways scrolling. */
  async function open(page: Page, path: string, title: string) {
    await page.goto(path);
    await expect(page.getByRole('heading', { level: 1 })).toBeVisible();
    await expect(page).toHaveTitle(title);
    expect(await page.evaluate(() => document.documentElement.scrollWidth)).toBeLessThanOrEqual(360);
  }

  test('/contact: form, office details, a map that needs no network, and four questions', async ({ page, baseURL }) => {
    const elsewhere: string[] = [];
    page.on('request', (request) => {
      if (new URL(request.url()).origin !== new URL(baseURL!).origin && !request.url().startsWith('data:')) {
        elsewhere.push(request.url());
      }
    });
    await open(page, '/contact', 'Contact Us · Mtaani');
    await expect(page.getByRole('heading', { level: 1, name: 'Contact Us' })).toBeVisible();

    const office = page.getByRole('region', { name: 'Visit our office' });
    await expect(office.getByText('Kilimani Business Centre')).toBeVisible();
    await expect(office.getByText('Argwings Kodhek Road')).toBeVisible();
    await expect(office.getByRole('link', { name: 'hello@mtaani.co.ke' })).toBeVisible();
    await expect(office.getByRole('link', { name: '+254 709 000 000' })).toHaveAttribute('href', 'tel:+254709000000');
    await expect(office.getByText('Mon–Sat 8:00 AM – 6:00 PM')).toBeVisible();
    await expect(office.getByRole('img', { name: /^Map: the Mtaani office/ })).toBeVisible();
    const osm = office.getByRole('link', { name: 'Open in OpenStreetMap' });
    await expect(osm).toHaveAttribute('href', 'https://www.openstreetmap.org/?mlat=-1.2921&mlon=36.7856#map=16/-1.2921/36.7856');
    await expect(osm).toHaveAttribute('target', '_blank');
    await expect(osm).toHaveAttribute('rel', /noopener/);
    await expect(page.locator('iframe')).toHaveCount(0);

    const faq = page.getByRole('region', { name: 'Frequently asked questions' });
    await expect(faq.locator('summary')).toHaveCount(4);
    await faq.getByText('Do I need an account to book?').tap();
    await expect(faq.getByText(/^No\. Browsing, searching/)).toBeVisible();
    expect(await page.evaluate(() => document.documentElement.scrollWidth)).toBeLessThanOrEqual(360);

    expect(elsewhere).toEqual([]);
  });

  test('/about: story, mission, vision and values', async ({ page }) => {
    await open(page, '/about', 'About Us · Mtaani');
    await expect(page.getByText('is Swahili for “in the neighbourhood”')).toBeVisible();
    for (const name of ['Our story', 'Our mission', 'Our vision', 'What we stand for']) {
      await expect(page.getByRole('heading', { level: 2, name })).toBeVisible();
    }
    await expect(page.getByRole('heading', { level: 3, name: 'Trust comes first' })).toBeVisible();
    await expect(page.getByText('Ward boundaries: American Red Cross, via the Humanitarian Data Exchange (CC BY 4.0)')).toBeVisible();
    await page.getByRole('link', { name: 'Become a Seller' }).tap();
    await expect(page).toHaveURL(/\/seller-packages$/);
  });

  test('/blogs: six articles, a Load More button that does nothing, and article links', async ({ page }) => {
    await open(page, '/blogs', 'Blog · Mtaani');
    await expect(page.getByRole('heading', { level: 1, name: 'Mtaani Blog' })).toBeVisible();
    await expect(page.getByRole('article')).toHaveCount(6);
    await expect(page.getByRole('heading', { level: 2, name: 'Planning a ruracio on a budget' })).toBeVisible();

    const more = page.getByRole('button', { name: 'Load More Articles' });
    await more.tap();
    await expect(page.getByRole('article')).toHaveCount(6);
    await expect(page).toHaveURL(/\/blogs$/);

    // Each article has its page (issue 22), with the others to read next.
    await page.getByRole('link', { name: 'Planning a ruracio on a budget' }).tap();
    await expect(page).toHaveURL(/\/blog\/planning-a-ruracio-on-a-budget$/);
    await expect(page.getByRole('heading', { level: 1, name: 'Planning a ruracio on a budget' })).toBeVisible();
    await expect(page.getByRole('heading', { level: 2, name: 'Agree on the guest list first' })).toBeVisible();
    await expect(page).toHaveTitle('Planning a ruracio on a budget · Mtaani');
    await page.getByRole('navigation', { name: 'More from the blog' }).getByRole('link', { name: 'All articles' }).tap();
    await expect(page).toHaveURL(/\/blogs$/);
  });

  test('/category/{name}: where a service page\'s category link leads', async ({ page }) => {
    await open(page, '/category/beauty', 'Beauty · Mtaani');
    await expect(page.getByRole('heading', { level: 1, name: 'Beauty' })).toBeVisible();
    await expect(page.getByRole('article').first()).toBeVisible();
    const subcategories = page.getByRole('navigation', { name: 'Beauty subcategories' });
    await subcategories.getByRole('link', { name: 'Nails' }).tap();
    await expect(page).toHaveURL(/\/services\/beauty\/nails$/);
  });

  test('/terms: the sections of the Terms of Service, reachable from the contents', async ({ page }) => {
    await open(page, '/terms', 'Terms of Service · Mtaani');
    await expect(page.getByRole('heading', { level: 1, name: 'Terms of Service' })).toBeVisible();
    await expect(page.getByText('Last updated: 21 November 2026')).toBeVisible();
    for (const name of ["Sellers' obligations", 'Prohibited content and conduct', 'Governing law and disputes']) {
      await expect(page.getByRole('heading', { level: 2, name })).toBeAttached();
    }

    const contents = page.getByRole('navigation', { name: 'On this page' });
    await contents.getByText('On this page').tap();
    await contents.getByRole('link', { name: 'Governing law and disputes' }).tap();
    await expect(page).toHaveURL(/\/terms#governing-law$/);
    await expect(page.getByRole('heading', { level: 2, name: 'Governing law and disputes' })).toBeInViewport();
    await expect(page.getByText(/governed by the laws of Kenya/)).toBeVisible();
  });

  test('/privacy: the Data Protection Act sections and the contact for requests', async ({ page }) => {
    await open(page, '/privacy', 'Privacy Policy · Mtaani');
    await expect(page.getByRole('heading', { level: 1, name: 'Privacy Policy' })).toBeVisible();
    await expect(page.getByText('Last updated: 21 November 2026')).toBeVisible();
    for (const name of ['Who we are', 'What we collect', 'How long we keep it', 'Your rights', 'Children']) {
      await expect(page.getByRole('heading', { level: 2, name })).toBeAttached();
    }
    const rights = page.getByRole('region', { name: 'Your rights' });
    await expect(rights.getByText(/Office of the Data Protection Commissioner/)).toBeAttached();
    await expect(rights.getByRole('link', { name: 'privacy@mtaani.co.ke' })).toHaveAttribute(
      'href',
      'mailto:privacy@mtaani.co.ke',
    );

    // A link to one section (e.g. from an email) opens the page there.
    await page.goto('/privacy#your-rights');
    await expect(page.getByRole('heading', { level: 2, name: 'Your rights' })).toBeInViewport();
  });
});

test('the footer opens the content pages', async ({ page }) => {
  await page.goto('/blogs');
  const footer = page.getByRole('contentinfo');
  for (const [name, heading] of [
    ['About Us', 'Good services, right in your neighbourhood'],
    ['Contact Us', 'Contact Us'],
    ['Terms of Service', 'Terms of Service'],
    ['Privacy', 'Privacy Policy'],
    ['Blogs', 'Mtaani Blog'],
  ] as const) {
    await footer.getByRole('link', { name, exact: true }).click();
    await expect(page.getByRole('heading', { level: 1, name: heading })).toBeVisible();
  }
});
