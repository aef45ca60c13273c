/**
 * Money at the till's edges in Chromium (docs/SETTLEMENT.md, Money out; Every line pays
 * its owner): the vendor's trade name and booth show beside an Item Code as soon as it
 * resolves, an unknown code shows in red before submit, and a cashier's negative line
 * asks for a manager's approval in the payment panel before it completes.
 */
import { afterAll, beforeAll, describe, expect, test } from 'vitest';
import type { Locator, Page } from 'playwright-core';
import { launchBrowser, trackedPage, type Browser, type TrackedPage } from './support/browser';
import { asOwnerOf, baseURL, createStaffViaApi, openAs, screenshot, signUpOwnerViaApi, type Account, type OwnerAccount } from './support/app';

const percent = (text: string) => ({ type: 'Percent', value: String(Math.round(Number(text) * 1_000_000)) });

describe('money at the till', () => {
  let browser: Browser;
  let tp: TrackedPage;
  let owner: OwnerAccount;
  let cashier: Account;
  let manager: Account;
  let asOwner: ReturnType<typeof asOwnerOf>;

  const editor = (page: Page) => page.locator('[data-testid="order-editor"]:visible');
  const panel = (page: Page) => page.locator('[data-testid="checkout-panel"]:visible');
  const view = (page: Page) => page.locator('[data-testid="order-view"]:visible');
  const row = (page: Page, n: number) => editor(page).locator('tr[data-line-key]').nth(n - 1);
  const heading = (page: Page) => page.getByRole('heading', { level: 1 });
  const text = async (l: Locator) => ((await l.textContent()) ?? '').trim();

  async function newOrder(page: Page): Promise<string> {
    await openAs(page, cashier, '/orders');
    await heading(page).waitFor();
    const before = await text(heading(page));
    await page.getByRole('tablist', { name: 'Orders' }).getByRole('tab', { name: 'New order' }).click();
    await expect.poll(() => text(heading(page))).not.toBe(before);
    await editor(page).locator('input[data-field="quantity"]').first().waitFor();
    return (await text(heading(page))).replace('Order ', '');
  }

  /** Fills a line's boxes, each left by Tab as a cashier does. */
  async function fillLine(page: Page, n: number, values: { itemCode?: string; description?: string; price?: string }) {
    for (const [field, value] of Object.entries(values)) {
      const box = row(page, n).locator(`input[data-field="${field}"]`);
      await box.click();
      await box.fill(value);
      await box.press('Tab');
    }
  }

  beforeAll(async () => {
    browser = await launchBrowser();
    tp = await trackedPage(browser.context);
    owner = await signUpOwnerViaApi({ storeName: 'Harbour Vendor Mall' });
    asOwner = asOwnerOf(owner);
    const ruth = await asOwner<{ vendor: { id: number } }>('/vendor/add', { tradeName: 'Ruth Antiques', contactName: 'Ruth Baker', contactEmail: 'ruth@example.com', primaryPhone: '555-0101', vendorType: 'VENDOR', booth: '14B' });
    await asOwner('/store/itemcode/add', { tag: 'A101', vendorId: ruth.vendor.id, defaultCommissionPercent: percent('20') });
    cashier = await createStaffViaApi(baseURL(), owner.token, { role: 'STORE_STAFF', storeId: owner.storeId });
    manager = await createStaffViaApi(baseURL(), owner.token, { role: 'STORE_MANAGER', storeId: owner.storeId });
  });

  afterAll(async () => {
    await browser?.close();
  });

  test("shows the vendor's name and booth beside a code as it resolves, and an unknown code in red before submit", async () => {
    const { page } = tp;
    await newOrder(page);
    const code = row(page, 1).locator('input[data-field="itemCode"]');
    await code.click();
    await page.keyboard.type('a101');
    // Looked up a moment after the last key, before the box is left.
    await expect.poll(() => text(row(page, 1).getByTestId('line-owner'))).toBe('Ruth Antiques · booth 14B');
    await fillLine(page, 1, { description: 'Oak chair', price: '185' });

    await editor(page).getByRole('button', { name: 'Add line' }).click();
    await fillLine(page, 2, { itemCode: 'A1O1', description: 'Lamp', price: '20' });
    const warning = row(page, 2).locator('[data-warning="unknown-code"]');
    await expect.poll(() => text(warning)).toBe('Unknown item code A1O1');
    expect(await warning.evaluate((el) => getComputedStyle(el).color)).toMatch(/^rgb\((\d+), (\d+), (\d+)\)$/);
    const [r, g, b] = (await warning.evaluate((el) => getComputedStyle(el).color)).match(/\d+/g)!.map(Number);
    expect(r! > 150 && g! < 80 && b! < 80).toBe(true); // red
    expect(await row(page, 2).getByTestId('line-owner').count()).toBe(0);
    await screenshot(page, 'till-vendor-beside-code-unknown-in-red');
    await page.setViewportSize({ width: 390, height: 844 });
    await row(page, 2).scrollIntoViewIfNeeded();
    await screenshot(page, 'till-vendor-beside-code-unknown-in-red-phone');
    await page.setViewportSize({ width: 1280, height: 900 });

    // Corrected, the code resolves and the warning goes.
    await fillLine(page, 2, { itemCode: 'A101' });
    await warning.waitFor({ state: 'detached' });
    await expect.poll(() => text(row(page, 2).getByTestId('line-owner'))).toBe('Ruth Antiques · booth 14B');
  });

  test("a cashier's negative line asks for a manager's approval before it completes", async () => {
    const { page } = tp;
    const number = await newOrder(page);
    await fillLine(page, 1, { itemCode: 'A101', description: 'Returned chair', price: '-25' });
    await expect.poll(() => text(editor(page).getByTestId('summary-total'))).toBe('-$25.00');
    await page.keyboard.press('Control+Enter');
    await panel(page).waitFor();
    const approval = panel(page).locator('[data-testid="approval"][data-reason="money-out"]');
    await approval.waitFor();
    expect(await text(approval)).toContain("a manager approves it");
    await screenshot(page, 'till-negative-line-asks-for-manager');

    // A wrong password is refused and nothing completes; the manager's completes it.
    await approval.locator('input[name="usernameOrEmail"]').fill(manager.username);
    await approval.locator('input[name="password"]').fill('not the password');
    await panel(page).getByRole('button', { name: 'Complete Sale' }).click();
    await expect.poll(() => text(panel(page).getByTestId('checkout-error'))).toContain('Manager approval failed');
    await approval.locator('input[name="password"]').fill(manager.password);
    await panel(page).getByRole('button', { name: 'Complete Sale' }).click();
    await view(page).getByText(`Order ${number} completed.`).waitFor();

    const { orderStubs } = await asOwner<{ orderStubs: { id: number }[] }>('/order/lookup', { orderNumber: number });
    const { order } = await asOwner<{ order: { status: string; approvedBy: string | null; total: { value: string } } }>('/order/fetch', { orderId: orderStubs[0]!.id });
    expect(order).toMatchObject({ status: 'COMPLETED', approvedBy: manager.username, total: { value: '-25000000' } });
    // The lookups of the unknown code (404) and the refused approval (403) were the answers expected.
    tp.expectClean([/status of 404/, /status of 403/, /Manager approval failed/]);
  });
});
