/**
 * A closed day stays closed, at the till (docs/SETTLEMENT.md): once the owner closes
 * today, the cashier's Orders screen says so in a banner before anything is rung up, and
 * a sale rung up anyway is refused with the same words; nothing is charged.
 */
import { afterAll, beforeAll, describe, expect, test } from 'vitest';
import type { Page } from 'playwright-core';
import { launchBrowser, trackedPage, type Browser, type TrackedPage } from './support/browser';
import { asOwnerOf, baseURL, createStaffViaApi, openAs, screenshot, signUpOwnerViaApi, type Account, type OwnerAccount } from './support/app';

describe('a closed day at the till', () => {
  let browser: Browser;
  let tp: TrackedPage;
  let owner: OwnerAccount;
  let cashier: Account;
  let asOwner: ReturnType<typeof asOwnerOf>;

  const banner = (page: Page) => page.getByTestId('day-closed-banner');
  const panel = (page: Page) => page.locator('[data-testid="checkout-panel"]:visible');

  beforeAll(async () => {
    browser = await launchBrowser();
    tp = await trackedPage(browser.context);
    owner = await signUpOwnerViaApi({ storeName: 'Closed Early Antiques' });
    asOwner = asOwnerOf(owner);
    cashier = await createStaffViaApi(baseURL(), owner.token, { role: 'STORE_STAFF', storeId: owner.storeId });
  });
  afterAll(async () => {
    await browser?.close();
  });

  test('shows the closed day before a sale and refuses the sale with the same message', async () => {
    const { page } = tp;
    await openAs(page, cashier, '/orders');
    await page.getByRole('tablist', { name: 'Orders' }).waitFor();
    const status = await asOwner<{ today: string; closed: boolean }>('/order/day-status', {});
    expect(status.closed).toBe(false);
    expect(await banner(page).count()).toBe(0);

    await asOwner('/reports/end-of-day/close', { date: status.today, openingCash: { type: 'Money', value: '0' }, countedCash: { type: 'Money', value: '0' } });
    const message = `The business day ${status.today} is closed; no more money can be taken or paid out today`;

    await page.reload();
    await banner(page).waitFor();
    expect(((await banner(page).textContent()) ?? '').trim()).toContain(message);
    await screenshot(page, 'day-closed-banner');

    // Rung up anyway: the server refuses it with the banner's words, and the order stays a draft.
    await page.getByTestId('new-order-tab').click();
    const editor = page.locator('[data-testid="order-editor"]:visible');
    await editor.waitFor();
    await editor.locator('input[data-field="description"]').first().fill('Teapot');
    await editor.locator('input[data-field="price"]').first().fill('12');
    await page.keyboard.press('Tab');
    await page.keyboard.press('Control+Enter');
    await panel(page).waitFor();
    await panel(page).getByRole('button', { name: 'Complete Sale' }).click();
    await panel(page).getByText(message).waitFor();
    await screenshot(page, 'day-closed-sale-refused');
    const { orderStubs } = await asOwner<{ orderStubs: { status: string }[] }>('/order/lookup', {});
    expect(orderStubs.map((o) => o.status)).toEqual(['DRAFT']);
    tp.expectClean([/status of 409/, /Failed to submit order .*is closed; no more money/]);
  });

  test('on a phone the banner sits above the tabs', async () => {
    const { page } = tp;
    await page.setViewportSize({ width: 390, height: 844 });
    await openAs(page, cashier, '/orders');
    await banner(page).waitFor();
    await screenshot(page, 'day-closed-banner-phone');
    await page.setViewportSize({ width: 1280, height: 800 });
    tp.expectClean();
  });
});
