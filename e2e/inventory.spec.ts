/**
 * The store's stock is items now (the Items screen replaced the Inventory screen), in
 * Chromium as a store manager: the old Inventory address opens Items and the drawer has
 * no Inventory entry; a stock item (a SKU added through the REST door) is an item found
 * by its SKU, shown with it; at the till the SKU typed with Enter fills the line with the
 * item, and the sale takes it from stock (SOLD at none left) with its movement; the list
 * marks it low on stock, and the manager restocks it on its detail with a reason (a movement
 * with who), then sets its reorder level and sees it low again.
 */
import { afterAll, beforeAll, describe, expect, test } from 'vitest';
import type { Page } from 'playwright-core';
import { launchBrowser, trackedPage, type Browser, type TrackedPage } from './support/browser';
import { asOwnerOf, baseURL, createStaffViaApi, drawerEntries, openAs, screenshot, signUpOwnerViaApi, type Account, type OwnerAccount } from './support/app';
import { waitForPath } from './support/screen';

const money = (text: string) => ({ type: 'Money', value: String(Math.round(Number(text) * 100) * 10_000) });

describe('stock as items', () => {
  let browser: Browser;
  let tp: TrackedPage;
  let owner: OwnerAccount;
  let manager: Account;
  let asOwner: ReturnType<typeof asOwnerOf>;
  let clock: { id: number; sku: string };

  const itemRows = (page: Page) => page.getByRole('table', { name: 'Items' }).locator('tbody tr');
  const editor = (page: Page) => page.locator('[data-testid="order-editor"]:visible');

  beforeAll(async () => {
    browser = await launchBrowser();
    tp = await trackedPage(browser.context);
    owner = await signUpOwnerViaApi({ storeName: 'Stock Room Antiques' });
    asOwner = asOwnerOf(owner);
    manager = await createStaffViaApi(baseURL(), owner.token, { role: 'STORE_MANAGER', storeId: owner.storeId });
    ({ item: clock } = await asOwner<{ item: { id: number; sku: string } }>('/store/inventory/add', { sku: 'CLOCK-9', description: 'Mantel clock', price: money('45'), quantityOnHand: 1, reorderLevel: 0 }));
  });

  afterAll(async () => {
    await browser?.close();
  });

  test('the old Inventory address opens Items; the drawer lists Items, not Inventory', async () => {
    const { page } = tp;
    await openAs(page, manager, '/store/inventory');
    await waitForPath(page, '/store/items');
    await page.getByRole('heading', { name: 'Items', level: 1 }).waitFor();
    const entries = await drawerEntries(page);
    expect(entries).toContain('/store/items');
    expect(entries).not.toContain('/store/inventory');
    tp.expectClean();
  });

  test('a stock item is an item found by its SKU; the SKU at the till fills the line and the sale takes it from stock', async () => {
    const { page } = tp;
    await page.getByLabel('Search items').fill('clock-9');
    await expect.poll(() => itemRows(page).getByTestId('item-alias').allTextContents()).toEqual(['CLOCK-9']);
    const itemNumber = ((await itemRows(page).first().locator('td[data-label="Item #"] button').textContent()) ?? '').trim();
    expect(itemNumber).toMatch(/^\d+$/);

    await openAs(page, manager, '/orders');
    await page.getByTestId('new-order-tab').click();
    await editor(page).waitFor();
    const first = editor(page).locator('tr[data-line-key]').first();
    await first.locator('[data-field="itemCode"]').click();
    await page.keyboard.type('clock-9');
    await page.keyboard.press('Enter');
    await expect.poll(() => first.locator('[data-field="description"]').inputValue()).toBe('Mantel clock');
    expect(await first.getAttribute('data-item-number')).toBe(itemNumber);
    expect(await first.getByTestId('line-owner').textContent()).toBe(`Item ${itemNumber} · The store's own`);
    await page.keyboard.press('Control+Enter');
    await page.locator('[data-testid="checkout-panel"]:visible').waitFor();
    await page.keyboard.press('Enter');
    await page.locator('[data-testid="order-view"]:visible').getByText(/completed\./).waitFor();

    const sold = await asOwner<{ item: { status: string; quantity: number }; movements: { kind: string }[] }>('/item/fetch', { itemId: clock.id });
    expect(sold.item).toMatchObject({ status: 'SOLD', quantity: 0 });
    expect(sold.movements.map((m) => m.kind)).toEqual(['INTAKE', 'SALE']);
    tp.expectClean();
  });

  test('sold out, it shows low on stock; the manager restocks it with a reason and sets its reorder level', async () => {
    const { page } = tp;
    await openAs(page, manager, '/store/items');
    await page.getByLabel('Search items').fill('clock-9');
    await expect.poll(() => itemRows(page).getByTestId('low-stock').allTextContents()).toEqual(['Low stock']);
    const itemNumber = ((await itemRows(page).first().locator('td[data-label="Item #"] button').textContent()) ?? '').trim();
    await page.getByRole('button', { name: `Open item ${itemNumber}` }).click();
    const detail = page.getByRole('dialog', { name: `Item ${itemNumber}` });
    await detail.getByText('Low stock (reorder at 0)').waitFor();

    // A change without a reason is refused on the screen; nothing moves.
    await detail.getByLabel('Quantity change').fill('3');
    await detail.getByRole('button', { name: 'Record' }).click();
    await detail.getByRole('alert').getByText(/Reason/).waitFor();
    const movements = detail.getByRole('table', { name: 'Movements' }).locator('tbody tr');
    expect(await movements.count()).toBe(2);

    await detail.getByLabel('Reason').fill('Delivery from the maker');
    await detail.getByRole('button', { name: 'Record' }).click();
    await expect.poll(() => movements.count()).toBe(3);
    const restock = movements.nth(2);
    expect(await restock.locator('td').allTextContents()).toEqual([expect.any(String), 'Changed', '+3 → 3', 'Delivery from the maker', manager.username]);
    await expect.poll(() => detail.getByText(/Low stock/).count()).toBe(0);
    expect(await detail.getByText('3 left', { exact: false }).count()).toBe(1);

    await detail.getByLabel('Reorder level').fill('5');
    await detail.getByRole('button', { name: 'Save reorder level' }).click();
    await detail.getByText('Low stock (reorder at 5)').waitFor();
    await screenshot(page, 'items-detail-restocked');

    const fetched = await asOwner<{ item: { status: string; quantity: number; reorderLevel: number }; movements: { kind: string; note: string }[] }>('/item/fetch', { itemId: clock.id });
    expect(fetched.item).toMatchObject({ status: 'ACTIVE', quantity: 3, reorderLevel: 5 });
    expect(fetched.movements.map((m) => m.kind)).toEqual(['INTAKE', 'SALE', 'ADJUST']);
    const audit = await asOwner<{ events: { action: string }[] }>('/store/audit/list', { from: new Date(Date.now() - 3_600_000).toISOString(), to: new Date(Date.now() + 3_600_000).toISOString() });
    expect(audit.events.map((e) => e.action)).toEqual(expect.arrayContaining(['INVENTORY_ITEM_ADJUST', 'INVENTORY_ITEM_UPDATE']));
    // The refused change without a reason.
    tp.expectClean([/status of 400 .*store\.inventory\.adjust/]);
  });
});
