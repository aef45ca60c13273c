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
import { BaseSequencer, type TestSpecification } from 'vitest/node';

/**
 * Vitest runs the longest files first when it has their times (node_modules/.vite), and
 * the largest in bytes first when it has none: a fresh clone, or any run after `npm ci`.
 * The accessibility spec is the longest e2e file by far (every screen, axe on each) and
 * one of the smallest in bytes, so without times it started last and ran alone on one
 * worker at the end. It goes first either way.
 */
class LongestKnownFirst extends BaseSequencer {
  override async sort(files: TestSpecification[]): Promise<TestSpecification[]> {
    const sorted = await super.sort(files);
    const first = sorted.filter((file) => file.moduleId.endsWith('/e2e/accessibility.spec.ts'));
    return [...first, ...sorted.filter((file) => !first.includes(file))];
  }
}

export default defineConfig({
  test: {
    sequence: { sequencer: LongestKnownFirst },
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
          // A poll waits as long as a locator does (10 s): Vitest's default of 1 s failed a
          // page that took longer than that to load on a busy machine.
          expect: { poll: { timeout: 10_000 } },
          // Two spec files at a time, each in its own browser context of the one Chromium:
          // a page waits on the server and the browser's paint, and the other file fills the
          // idle core. Specs make their own stores, so they never read each other's rows.
          maxWorkers: 2,
        },
      },
    ],
  },
});
