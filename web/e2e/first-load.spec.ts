// What a first visit downloads (issue 9): the routes Lighthouse measures show their content from the
// API answers their page carries (or the first screen's calls over fetch); axios is not part of it. It comes once the page has loaded and the
// browser is idle (main.tsx), or with the app's first other call if that is sooner.
import { readFileSync } from 'node:fs';
import { fileURLToPath } from 'node:url';
import { expect, test, type Page } from '@playwright/test';

interface ManifestChunk {
  file: string;
  src?: string;
}

/** The built file of the module that holds axios (lib/axios-instance.ts, loaded by lib/api-client.ts). */
function axiosFile(): string {
  const manifestPath = fileURLToPath(new URL('../dist/.vite/manifest.json', import.meta.url));
  const manifest = JSON.parse(readFileSync(manifestPath, 'utf8')) as Record<string, ManifestChunk>;
  const chunk = manifest['src/lib/axios-instance.ts'];
  if (!chunk) throw new Error('src/lib/axios-instance.ts is not in the manifest: update e2e/first-load.spec.ts');
  return `/${chunk.file}`;
}

/**
 * Opens `path` as a first visit and returns every path the page requested until its content was shown,
 * leaving out what it asked for more than a second after its load event (main.tsx fetches axios 1.5 s
 * after it at the soonest): what the first screen waited for.
 */
async function visit(page: Page, path: string, shown: (page: Page) => Promise<void>): Promise<string[]> {
  const requested: { path: string; at: number }[] = [];
  let loadedAt = Infinity;
  const listen = (request: { url(): string }) => requested.push({ path: new URL(request.url()).pathname, at: Date.now() });
  page.on('request', listen);
  page.once('load', () => (loadedAt = Date.now()));
  await page.goto(path, { waitUntil: 'load' });
  await shown(page);
  page.off('request', listen);
  return requested.filter((r) => r.at <= loadedAt + 1000).map((r) => r.path);
}

const cardsShown = async (page: Page) => {
  await expect(page.getByRole('article').first()).toBeVisible();
};

test.describe('a first visit downloads no axios', () => {
  test('/ shows its sections', async ({ page }) => {
    const requested = await visit(page, '/', cardsShown);
    // Its nine category answers come inside the page the server rendered (src/server/render.tsx).
    expect(requested.filter((path) => path.startsWith('/api/'))).toEqual([]);
    expect(requested).not.toContain(axiosFile());
  });

  test('/all-services shows its first page', async ({ page }) => {
    const requested = await visit(page, '/all-services', cardsShown);
    expect(requested.filter((path) => path.startsWith('/api/'))).toEqual([]);
    expect(requested).not.toContain(axiosFile());
  });

  test('/service/{id} shows the listing', async ({ page, request }) => {
    const answer = await request.get('/api/services', { params: { limit: 1 } });
    const [listing] = (await answer.json()) as { _id: string; name: string }[];
    const path = `/service/${listing!._id}`;
    const requested = await visit(page, path, async (p) => {
      await expect(p.getByRole('heading', { level: 1, name: listing!.name })).toBeVisible();
    });
    expect(requested).not.toContain(`/api${path}`);
    expect(requested).not.toContain(axiosFile());
  });

  test('/post-service sends a visitor to the sign-in form', async ({ page }) => {
    const requested = await visit(page, '/post-service', async (p) => {
      await expect(p).toHaveURL(/\/signin$/);
      await expect(p.getByRole('button', { name: 'Sign in' })).toBeVisible();
    });
    expect(requested).not.toContain(axiosFile());
  });

  test('axios comes after the first screen, and the first other call works', async ({ page }) => {
    const axiosLoaded = page.waitForResponse((response) => new URL(response.url()).pathname === axiosFile());
    const requested = await visit(page, '/', cardsShown);
    expect(requested).not.toContain(axiosFile());
    // Fetched once the page is idle, before the visitor's first action needs it.
    expect((await axiosLoaded).ok()).toBe(true);
    // The booking dialog's service search is not one of the first screen's calls.
    await page.getByRole('button', { name: 'Book an Appointment' }).click();
    await expect(page.getByRole('dialog', { name: 'Book an Appointment' }).getByRole('listitem')).toHaveCount(8);
  });
});
