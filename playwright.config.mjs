// End-to-end tests: the real page, served on localhost, in Debian's Chromium
// (its headless shell: tests/browser.mjs).
import { defineConfig } from '@playwright/test';
import { shellLaunchOptions } from './tests/browser.mjs';

// The built site (dist/), served with the strict CSP of scripts/serve.mjs.
// E2E_PORT and DIST_DIR let two runs go side by side.
const PORT = Number(process.env.E2E_PORT ?? 4173);
const DIST = process.env.DIST_DIR ?? 'dist';

export default defineConfig({
  testDir: 'tests',
  testMatch: '*.spec.mjs',
  timeout: 60_000,
  expect: { timeout: 15_000 },
  // Two workers, one per core, and every test on its own: a long file no
  // longer holds one worker while the other waits. The groups that start a
  // server of their own keep to one worker (test.describe.configure).
  fullyParallel: true,
  workers: Number(process.env.E2E_WORKERS ?? 2),
  retries: 0,
  reporter: [['list']],
  outputDir: `test-results/${DIST.replace(/\W/g, '_')}`,
  use: {
    baseURL: `http://localhost:${PORT}`,
    launchOptions: shellLaunchOptions,
    screenshot: 'only-on-failure',
    // The offline app's service worker would precache the whole site in every
    // test's fresh browser: only tests/pwa.spec.mjs lets it run.
    serviceWorkers: 'block',
  },
  webServer: {
    command: `node scripts/serve.mjs ${PORT} ${DIST}`,
    url: `http://localhost:${PORT}/index.html`,
    reuseExistingServer: false,
    timeout: 30_000,
  },
});
