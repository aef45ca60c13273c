/**
 * One vitest run, three projects: pure unit tests (domain, contracts, web helpers),
 * integration tests on a real database (api, server, db), and Playwright end-to-end
 * specs that drive Debian's Chromium against a server started by the e2e setup.
 *
 * Two test files at a time in every project: Vitest's default on two cores is one
 * (cores − 1), and a file spends much of its time waiting (on PostgreSQL, on the
 * browser), so a second file fills the idle core (docs/TESTING.md, "How long").
 */
import { defineConfig } from 'vitest/config';

export default defineConfig({
  test: {
    projects: [
      {
        test: {
          name: 'unit',
          maxWorkers: 2,
          include: ['packages/domain/test/**/*.test.ts', 'packages/contracts/test/**/*.test.ts', 'apps/web/src/**/*.test.ts'],
          environment: 'node',
        },
      },
      {
        test: {
          name: 'integration',
          maxWorkers: 2,
          include: ['packages/db/test/**/*.test.ts', 'packages/api/test/**/*.test.ts', 'apps/server/test/**/*.test.ts'],
          globalSetup: ['test/global-setup.ts'],
          testTimeout: 30_000,
          hookTimeout: 60_000,
        },
      },
      {
        test: {
          name: 'e2e',
          include: ['e2e/**/*.spec.ts'],
          globalSetup: ['e2e/global-setup.ts'],
          testTimeout: 60_000,
          hookTimeout: 90_000,
          // Two spec files at a time, each in its own browser context of the one Chromium:
          // a page waits on the server and the browser's paint, and the other file fills the
          // idle core. Specs make their own stores, so they never read each other's rows.
          maxWorkers: 2,
        },
      },
    ],
  },
});
