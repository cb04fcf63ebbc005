import { defineConfig } from 'vitest/config';

// Each project's test files share a worker's modules (`isolate: false`, decision 168): loading
// the app, jsdom or PGlite's code once per worker instead of once per file halved the API
// tests' time and cut the web app's from 51 s to 8 s. A file that needs a module mocked
// (`vi.mock`) loads the code that uses it afresh after `vi.resetModules()`
// (test/security/recorded-app.ts, sanitize-body.test.ts); state a module keeps must not make
// one file's result depend on another's.
export default defineConfig({
  test: {
    projects: [
      {
        test: {
          name: 'domain',
          root: 'packages/domain',
          include: ['src/**/*.test.ts'],
          isolate: false,
        },
      },
      {
        test: {
          name: 'server',
          root: 'apps/server',
          include: ['src/**/*.test.ts', 'test/**/*.test.ts'],
          globalSetup: ['test/global-setup.ts'],
          // Each test file opens its own embedded database (about 0.5 GB); two at a time fit.
          maxWorkers: 2,
          isolate: false,
          testTimeout: 30_000,
          hookTimeout: 60_000,
        },
      },
      {
        test: {
          name: 'web',
          root: 'apps/web',
          include: ['src/**/*.test.{ts,tsx}'],
          environment: 'jsdom',
          setupFiles: ['src/test-support/all-translations.ts'],
          isolate: false,
        },
      },
      {
        // Reads the web build (decision 184): `npm test` runs it after the stage that builds.
        test: {
          name: 'budget',
          root: 'apps/web',
          include: ['scripts/**/*.test.ts'],
          environment: 'node',
          testTimeout: 120_000,
          hookTimeout: 120_000,
        },
      },
    ],
  },
});
