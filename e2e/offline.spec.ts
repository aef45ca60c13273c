/**
 * The offline till in Chromium with the network cut (Playwright's setOffline): the app,
 * opened once online, loads again from its service worker with no network.
 * docs/ARCHITECTURE.md, The offline till.
 */
import { afterAll, beforeAll, describe, expect, test } from 'vitest';
import { launchBrowser, trackedPage, type Browser, type TrackedPage } from './support/browser';
import { openAs, screenshot, signUpOwnerViaApi, type OwnerAccount } from './support/app';

/** The service worker controls the page (it has installed and claimed it). */
async function serviceWorkerControls(tp: TrackedPage): Promise<boolean> {
  return tp.page.evaluate(() => Boolean((globalThis as unknown as { navigator: { serviceWorker?: { controller: unknown } } }).navigator.serviceWorker?.controller));
}

describe('the offline till', () => {
  let browser: Browser;
  let tp: TrackedPage;
  let owner: OwnerAccount;

  beforeAll(async () => {
    browser = await launchBrowser({ serviceWorkers: 'allow' });
    tp = await trackedPage(browser.context);
    owner = await signUpOwnerViaApi();
  });
  afterAll(async () => {
    await browser.context.setOffline(false);
    await browser.close();
  });

  test('the app opened online loads again with no network', async () => {
    const { page } = tp;
    await openAs(page, owner, '/orders');
    await page.getByRole('tab', { name: 'Order Lookup' }).waitFor();
    // The worker installs in the background; once it is ready, a reload puts the page under it.
    await page.waitForFunction(() => (globalThis as unknown as { navigator: { serviceWorker: { ready: Promise<unknown> } } }).navigator.serviceWorker.ready.then(() => true));
    await page.reload();
    await expect.poll(() => serviceWorkerControls(tp)).toBe(true);
    const manifest = await page.evaluate(() => fetch('/manifest.webmanifest').then((r) => r.json() as Promise<{ display: string; start_url: string; icons: unknown[] }>));
    expect(manifest).toMatchObject({ display: 'standalone', start_url: '/orders' });
    expect(manifest.icons.length).toBeGreaterThanOrEqual(2);

    await browser.context.setOffline(true);
    await page.reload();
    await page.getByRole('tab', { name: 'Order Lookup' }).waitFor();
    expect(new URL(page.url()).pathname).toBe('/orders');
    await screenshot(page, 'offline-shell');
    await browser.context.setOffline(false);
  });
});
