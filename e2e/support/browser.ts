/**
 * Chromium through playwright-core: one browser per worker for the whole run (started by
 * e2e/global-setup.ts, reached over the DevTools protocol), and a fresh context per spec file
 * (its own cookies, storage and downloads, like a new profile), with pages that record
 * console errors, uncaught exceptions and failed requests, so every spec can assert its
 * walk was clean. Starting Chromium costs seconds; a context costs a few milliseconds.
 */
import { chromium, type BrowserContext, type Page } from 'playwright-core';
import { inject } from 'vitest';

export { CHROMIUM_ARGS } from './chromium-path';

export const REDUCED_MOTION = { reducedMotion: 'reduce' } as const;

export interface Browser {
  context: BrowserContext;
  close(): Promise<void>;
}

/**
 * Every context asks for reduced motion, as a person may in their system settings: the
 * app then opens and closes its dialogs, menus and notifications without transitions
 * (the theme's `respectReducedMotion`), so a step does not wait for an animation to end.
 * `REDUCED_MOTION` is that option for contexts a spec makes itself.
 *
 * `timezoneId`: the browser's own time zone (the machine's when absent). `serviceWorkers`:
 * the app's service worker answers navigations from its cache and hides requests from
 * `page.route`, so only a spec about it (the offline till) lets it register.
 */
export async function launchBrowser(options: { timezoneId?: string; serviceWorkers?: 'allow' | 'block' } = {}): Promise<Browser> {
  // This worker's own Chromium (VITEST_POOL_ID counts the workers from 1).
  const endpoints = inject('browserEndpoints');
  const worker = Math.max(1, Number(process.env.VITEST_POOL_ID) || 1);
  const endpoint = endpoints[(worker - 1) % endpoints.length];
  if (!endpoint) throw new Error('The e2e setup started no Chromium');
  const browser = await chromium.connectOverCDP(endpoint);
  const context = await browser.newContext({
    viewport: { width: 1280, height: 800 },
    ...REDUCED_MOTION,
    serviceWorkers: options.serviceWorkers ?? 'block',
    ...(options.timezoneId ? { timezoneId: options.timezoneId } : {}),
  });
  context.setDefaultTimeout(10_000);
  return {
    context,
    async close() {
      await context.close();
      await browser.close();
    },
  };
}

export interface TrackedPage {
  page: Page;
  /** Console errors, page errors and failed requests seen so far. */
  problems: string[];
  /**
   * Expects that nothing went wrong, besides problems matching `expected` (for example
   * the browser's own console line for a 401 a spec provokes on purpose). Clears the list.
   */
  expectClean(expected?: readonly RegExp[]): void;
}

export async function trackedPage(context: BrowserContext): Promise<TrackedPage> {
  const page = await context.newPage();
  const problems: string[] = [];
  page.on('console', (msg) => {
    // The till looks up each typed code; a code that names nothing is answered 404 by
    // design (shown in red beside the box), and the browser logs that answer as an error.
    if (msg.type() === 'error' && / 404 /.test(msg.text()) && /\/trpc\/scan\.code\b/.test(msg.location().url)) return;
    // openAs() opens the app's icon (favicon.svg) to reach the origin's storage; Chromium
    // then asks for /favicon.ico, which the app does not serve (its pages link the SVG).
    if (msg.type() === 'error' && / 404 /.test(msg.text()) && /^https?:\/\/[^/]+\/favicon\.ico$/.test(msg.location().url)) return;
    if (msg.type() === 'error') problems.push(`console: ${msg.text()} (${msg.location().url})`);
  });
  page.on('pageerror', (error) => problems.push(`page error: ${error.message}`));
  page.on('requestfailed', (request) => {
    const failure = request.failure()?.errorText ?? '';
    // A navigation away cancels requests in flight: not a fault of the page.
    if (failure.includes('ERR_ABORTED')) return;
    problems.push(`request failed: ${request.method()} ${request.url()} ${failure}`);
  });
  page.on('response', (response) => {
    if (response.status() >= 500) problems.push(`server error: ${response.status()} ${response.url()}`);
  });
  return {
    page,
    problems,
    expectClean(expected = []) {
      const unexpected = problems.filter((p) => !expected.some((re) => re.test(p)));
      problems.length = 0;
      if (unexpected.length > 0) throw new Error(`Problems in the browser:\n${unexpected.join('\n')}`);
    },
  };
}
