/**
 * /api/docs in Chromium: Swagger UI, served from this origin under the content security
 * policy, shows every REST path of the document with who may call it, and a call tried
 * from the page reaches the REST door and shows its answer. The walk leaves the console clean.
 */
import { afterAll, beforeAll, describe, expect, test } from 'vitest';
import { launchBrowser, trackedPage, type Browser, type TrackedPage } from './support/browser';
import { baseURL, screenshot, signUpOwnerViaApi } from './support/app';

let browser: Browser;
let tracked: TrackedPage;

/** The block of one path on the page. */
const operation = (path: string) => tracked.page.locator('.opblock', { has: tracked.page.locator(`.opblock-summary-path[data-path="${path}"]`) });

beforeAll(async () => {
  browser = await launchBrowser();
  tracked = await trackedPage(browser.context);
  // Swagger UI lays out the whole document (every path and schema) on load and again on
  // each expanded operation; on a busy machine that takes longer than a screen of ours.
  tracked.page.setDefaultTimeout(30_000);
});
afterAll(async () => {
  await browser?.close();
});

describe('the REST API reference at /api/docs', () => {
  test('lists every path of the document, grouped by family, with who may call it', async () => {
    const document = (await (await fetch(`${baseURL()}/api/v1/openapi.json`)).json()) as { paths: Record<string, unknown> };
    const { page } = tracked;
    await page.goto(`${baseURL()}/api/docs`);
    await page.getByRole('heading', { name: /Consignment POS: REST door/ }).waitFor();
    const shown = await page.locator('.opblock-summary-path').evaluateAll((nodes) => nodes.map((n) => n.getAttribute('data-path')));
    expect(shown.sort()).toEqual(Object.keys(document.paths).sort());
    const tags = await page.locator('.opblock-tag').evaluateAll((nodes) => nodes.map((n) => n.getAttribute('data-tag')));
    expect(tags).toEqual(expect.arrayContaining(['auth', 'order', 'store.payment', 'vendor']));
    await expect(operation('/order/update-line').locator('.opblock-summary-description').textContent()).resolves.toBe(
      'Who may call: STORE_STAFF, STORE_MANAGER, STORE_OWNER',
    );
    await screenshot(page, 'api-docs');

    await operation('/order/update-line').locator('.opblock-summary').click();
    await operation('/order/update-line').getByText('orderLineId').first().waitFor();
    await screenshot(page, 'api-docs-update-line');
    tracked.expectClean();
  });

  test('tries /store/fetch-settings from the page with the identity in the body', async () => {
    const owner = await signUpOwnerViaApi();
    const { page } = tracked;
    const fetchSettings = operation('/store/fetch-settings');
    await fetchSettings.locator('.opblock-summary').click();
    await fetchSettings.getByRole('button', { name: 'Try it out' }).click();
    await fetchSettings.locator('textarea.body-param__text').fill(JSON.stringify({ tokenString: owner.token, storeId: owner.storeId, role: 'STORE_OWNER' }));
    await fetchSettings.getByRole('button', { name: 'Execute' }).click();
    const answer = fetchSettings.locator('.live-responses-table tbody .response').first();
    await answer.waitFor();
    await expect(answer.locator('.response-col_status').textContent()).resolves.toContain('200');
    await expect(answer.locator('.microlight').first().textContent()).resolves.toContain('"orderPrefix"');
    await screenshot(page, 'api-docs-try-fetch-settings');
    tracked.expectClean();
  });
});
