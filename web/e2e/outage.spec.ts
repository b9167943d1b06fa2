// @split: run only against the services as separate processes (deploy/local/e2e.sh starts them).
// Stopping catalog-svc makes the API answer 503 quickly and the page show its error state; starting it
// again recovers without restarting the gateway.
import { spawn } from 'node:child_process';
import { readFileSync, writeFileSync } from 'node:fs';
import { expect, test } from '@playwright/test';

const pidFile = process.env.CATALOG_PID_FILE ?? '';
const catalogBin = process.env.CATALOG_BIN ?? '';

function catalogPid(): number {
  return Number(readFileSync(pidFile, 'utf8').trim());
}

function alive(pid: number): boolean {
  try {
    process.kill(pid, 0);
    return true;
  } catch {
    return false;
  }
}

test('@split a stopped catalog gives a clean error, and its return recovers', async ({ page, request }) => {
  test.skip(!pidFile || !catalogBin, 'needs the separate-process run');

  await page.goto('/all-services');
  await expect(page.getByRole('article').first()).toBeVisible();

  const pid = catalogPid();
  process.kill(pid, 'SIGTERM');
  await expect.poll(() => alive(pid), { timeout: 10_000 }).toBe(false);

  const started = Date.now();
  const down = await request.get('/api/services');
  expect(Date.now() - started).toBeLessThan(2_000);
  expect(down.status()).toBe(503);
  expect(((await down.json()) as { message: string }).message).toMatch(/temporarily unavailable/);

  await page.reload();
  await expect(page.getByText('Failed to load services. Please try again later.')).toBeVisible();
  const tryAgain = page.getByRole('button', { name: 'Try Again' });
  await expect(tryAgain).toBeVisible();

  // Start catalog-svc again with the environment this run gave it; the gateway is not restarted.
  const child = spawn(catalogBin, [], { env: process.env, detached: true, stdio: 'ignore' });
  child.unref();
  writeFileSync(pidFile, String(child.pid));
  await expect
    .poll(async () => (await request.get('/api/services')).status(), { timeout: 15_000 })
    .toBe(200);

  await tryAgain.click();
  await expect(page.getByRole('article').first()).toBeVisible();
});
