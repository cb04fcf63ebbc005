import { defineConfig, devices } from '@playwright/test';
import { resolve } from 'node:path';
import { CHROMIUM_ARGS, FAKE_MEDIA_ARGS, testBrowser } from './support/browser';
import { E2E_PORT, SMTP_PORT } from './support/ports';

const repoRoot = resolve(import.meta.dirname, '..');
const browser = testBrowser();

export default defineConfig({
  testDir: './tests',
  // Per port, so two suites side by side do not clear each other's results.
  outputDir: `./test-results/port-${E2E_PORT}`,
  // One server for all; each spec file that changes data makes a company of its own and reads
  // the demo only, so files run side by side, each file's tests in order (decision 161).
  workers: 2,
  fullyParallel: false,
  forbidOnly: !!process.env.CI,
  retries: 0,
  timeout: 60_000,
  expect: { timeout: 10_000 },
  reporter: process.env.CI ? 'line' : [['list']],
  globalSetup: './support/global-setup.ts',
  use: {
    baseURL: `http://127.0.0.1:${E2E_PORT}`,
    locale: 'en-GB',
    timezoneId: 'Europe/London',
    // No trace: recording one for every test (kept only on failure) was a third of the specs'
    // CPU (decision 169). A failure keeps its screenshot and the page's snapshot; to record
    // traces, run `npx playwright test --trace retain-on-failure`.
    trace: 'off',
    screenshot: 'only-on-failure',
  },
  projects: [
    {
      name: 'chromium',
      use: {
        ...devices['Desktop Chrome'],
        viewport: { width: 1440, height: 900 },
        launchOptions: {
          // The system's Chromium, else the one inside an npm package: Playwright downloads
          // none. Not that package's Lambda arguments: these are ours.
          executablePath: browser.executablePath,
          ...(browser.env ? { env: browser.env } : {}),
          args: [...CHROMIUM_ARGS, ...FAKE_MEDIA_ARGS],
        },
      },
    },
  ],
  // The real server, serving the built web app (root `test:e2e` builds it first) on a fresh database.
  webServer: {
    command: `rm -rf e2e/.data/server-${E2E_PORT} && npm run start --workspace=apps/server`,
    cwd: repoRoot,
    url: `http://127.0.0.1:${E2E_PORT}/login/ajax`,
    reuseExistingServer: false,
    // Migrations plus the demo seed (which renders demo answers with ffmpeg) on a busy machine.
    timeout: 240_000,
    stdout: 'ignore',
    stderr: 'pipe',
    env: {
      PORT: String(E2E_PORT),
      HOST: '127.0.0.1',
      DATA_DIR: `e2e/.data/server-${E2E_PORT}`,
      PUBLIC_URL: `http://127.0.0.1:${E2E_PORT}`,
      SEED_DEMO: 'true',
      RUN_WORKER: 'true',
      SMTP_URL: `smtp://127.0.0.1:${SMTP_PORT}`,
      LOG_LEVEL: 'warn',
      // Every run of a static statement is compiled afresh too and must match (decision 163).
      CHECK_STATIC_STATEMENTS: 'true',
      // The webhook spec's receiver listens on loopback (decision 152).
      WEBHOOK_ALLOW_PRIVATE: 'true',
      // The specs' company helper signs up from an address of its own per company, past the
      // limit of ten sign-ups an hour per address (support/company.ts, decision 161).
      TRUST_PROXY: '127.0.0.1',
    },
  },
});
