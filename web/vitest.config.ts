// Unit and component tests (jsdom); browser tests live in e2e/ and run with Playwright.
import { defineConfig, mergeConfig } from 'vitest/config';
import { browser } from './vite.config';

export default mergeConfig(
  browser(),
  defineConfig({
    test: {
      environment: 'jsdom',
      include: ['src/**/*.test.{ts,tsx}'],
      setupFiles: ['./src/testing/setup.ts'],
      restoreMocks: true,
      // CI shares two cores between the Rust build, the browser tests and these: a roomier limit than
      // the 5 s default keeps a slow machine from failing a correct test.
      testTimeout: 15_000,
      unstubGlobals: true,
    },
  }),
);
