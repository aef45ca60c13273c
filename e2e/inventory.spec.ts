/**
 * The Inventory screen in Chromium, as a store manager: the table (most items made
 * through the REST door), add (a taken SKU and an unknown item code refused, nothing
 * typed lost), edit, adjust up and down (below zero refused, here and by the server),
 * archive with confirmation, search, sort and pages. The console stays clean.
 */
import { afterAll, beforeAll, describe, expect, test } from 'vitest';
import type { Locator, Page } from 'playwright-core';
import { launchBrowser, trackedPage, type Browser, type TrackedPage } from './support/browser';
import { apiPost, baseURL, createStaffViaApi, openAs, screenshot, signUpOwnerViaApi, type Account, type LoginResponse, type OwnerAccount } from './support/app';
import { pageTitle } from './support/screen';

/** '12.50' → Money micro-units on the wire, without a float. */
function money(dollars: string) {
  const [whole = '0', fraction = ''] = dollars.split('.');
  return { type: 'Money', value: (BigInt(whole) * 1_000_000n + BigInt(fraction.padEnd(6, '0'))).toString() };
}

/** Twelve items made through the REST door: SKU, description, price, on hand, reorder level. */
const SEEDS = [
  ['ITEM-01', 'Oak side table', '120.00', 1, 0],
  ['ITEM-02', 'Pine bookshelf', '85.50', 2, 1],
  ['ITEM-03', 'Walnut desk', '310.00', 1, 1],
  ['ITEM-04', 'Brass candlestick', '14.25', 12, 4],
  ['ITEM-05', 'Silver teapot', '64.00', 3, 1],
  ['ITEM-06', 'Oak rocking chair', '149.99', 1, 0],
  ['ITEM-07', 'Cast iron skillet', '22.00', 7, 2],
  ['ITEM-08', 'Porcelain doll', '38.75', 0, 0],
  ['ITEM-09', 'Vinyl records lot', '45.00', 30, 5],
  ['ITEM-10', 'Copper kettle', '29.95', 4, 2],
  ['ITEM-11', 'Quilt, hand stitched', '95.00', 2, 1],
  ['ITEM-12', 'Crystal decanter', '58.00', 5, 1],
] as const;

const table = (page: Page) => page.getByRole('table', { name: 'Inventory' });
const rows = (page: Page) => table(page).locator('tbody tr[data-sku]');
const row = (page: Page, sku: string) => table(page).locator(`tbody tr[data-sku="${sku}"]`);

/** The visible rows' SKUs, in order. */
const skus = (page: Page) => rows(page).evaluateAll((trs) => trs.map((tr) => tr.getAttribute('data-sku') ?? ''));

/** One row's cells: SKU, Description, Item Code, Price, On Hand (with its badge), Reorder Level. */
const cells = (page: Page, sku: string) => row(page, sku).locator('td').evaluateAll((tds) => tds.slice(0, 6).map((td) => (td.textContent ?? '').trim()));

const toast = (page: Page, text: string) => page.locator('.mantine-Notification-root', { hasText: text });

async function dismissToasts(page: Page) {
  for (const close of await page.locator('.mantine-Notification-closeButton').all()) await close.click().catch(() => undefined);
  await page.locator('.mantine-Notification-root').first().waitFor({ state: 'detached' }).catch(() => undefined);
}

/** Waits until the table has stopped loading. */
async function settled(page: Page) {
  await table(page).locator('xpath=self::*[@aria-busy="false"]').waitFor();
}

async function fill(dialog: Locator, values: Record<string, string>) {
  for (const [name, value] of Object.entries(values)) {
    await dialog.locator(`[name="${name}"]`).fill(value);
  }
}

/** A refused call shows in the console as a failed resource load; nothing else may. */
const REFUSALS = [/status of 409/, /status of 400/];

describe('the inventory screen', () => {
  let browser: Browser;
  let tp: TrackedPage;
  let owner: OwnerAccount;
  let manager: Account;
  let managerToken: string;

  const asManager = <T = unknown>(path: string, body: Record<string, unknown> = {}) =>
    apiPost<T>(path, { tokenString: managerToken, storeId: owner.storeId, role: 'STORE_MANAGER', ...body });
  const itemViaApi = async (sku: string) =>
    (await asManager<{ items: { id: number; sku: string; quantityOnHand: number }[] }>('/store/inventory/list', { search: sku })).items.find((i) => i.sku === sku);

  beforeAll(async () => {
    browser = await launchBrowser();
    tp = await trackedPage(browser.context);
    owner = await signUpOwnerViaApi();
    manager = await createStaffViaApi(baseURL(), owner.token, { role: 'STORE_MANAGER', storeId: owner.storeId });
    managerToken = (await apiPost<LoginResponse>('/login', { usernameOrEmail: manager.username, password: manager.password })).token;
    const { vendor } = await asManager<{ vendor: { id: number } }>('/vendor/add', { tradeName: 'Oak & Iron', contactName: 'Olive', contactEmail: 'olive@example.com', primaryPhone: '555-0101' });
    await asManager('/store/itemcode/add', { tag: 'OAK', vendorId: vendor.id });
    for (const [sku, description, price, quantityOnHand, reorderLevel] of SEEDS) {
      await asManager('/store/inventory/add', { sku, description, price: money(price), quantityOnHand, reorderLevel, itemCode: sku === 'ITEM-01' ? 'OAK' : null });
    }
  });

  afterAll(async () => {
    await browser?.close();
  });

  test('the manager opens Inventory: the table by SKU, prices to the cent, low stock marked', async () => {
    const { page } = tp;
    await openAs(page, manager, '/store/inventory');
    await page.getByRole('heading', { name: 'Inventory', exact: true }).waitFor();
    await expect(pageTitle(page)).resolves.toBe('Inventory');
    await rows(page).first().waitFor();
    await expect(table(page).locator('thead th').allTextContents()).resolves.toEqual(['SKU', 'Description', 'Item Code', 'Price', 'On Hand', 'Reorder Level', 'Actions']);
    await expect(skus(page)).resolves.toEqual(SEEDS.map(([sku]) => sku));
    await expect(cells(page, 'ITEM-01')).resolves.toEqual(['ITEM-01', 'Oak side table', 'OAK', '$120.00', '1', '0']);
    // At or below the reorder level: low.
    await expect(cells(page, 'ITEM-03')).resolves.toEqual(['ITEM-03', 'Walnut desk', '-', '$310.00', 'Low stock1', '1']);
    await expect(table(page).locator('tr[data-low-stock]').evaluateAll((trs) => trs.map((tr) => tr.getAttribute('data-sku')))).resolves.toEqual(['ITEM-03', 'ITEM-08']);
    await expect(page.getByTestId('inventory-total').textContent()).resolves.toBe('12 items');
    for (const action of ['Edit', 'Adjust', 'Archive']) await row(page, 'ITEM-01').getByRole('button', { name: `${action} ITEM-01` }).waitFor();
    await page.mouse.move(0, 0);
    await screenshot(page, 'inventory-table');
    tp.expectClean();
  });

  test('Add Item: an unknown item code and a taken SKU are refused with the server messages, nothing typed is lost', async () => {
    const { page } = tp;
    await page.getByRole('button', { name: 'Add Item' }).click();
    const dialog = page.getByRole('dialog', { name: 'Add Item' });
    await dialog.waitFor();
    await fill(dialog, { sku: 'ITEM-05', description: 'Blue glass bowl', itemCode: 'NOPE', price: '19.99', quantityOnHand: '6', reorderLevel: '2' });
    await dialog.locator('[name="price"]').blur();
    await dialog.getByRole('button', { name: 'Add Item' }).click();
    await toast(page, 'Item code "NOPE" does not exist in this store').waitFor();
    await dialog.getByText('Item code "NOPE" does not exist in this store').waitFor();
    const typed = async () => dialog.locator('[name]').evaluateAll((els) => els.map((el) => (el as unknown as { value: string }).value));
    await expect(typed()).resolves.toEqual(['ITEM-05', 'NOPE', 'Blue glass bowl', '19.99', '6', '2']);

    await dialog.locator('[name="itemCode"]').fill('OAK');
    await dialog.getByRole('button', { name: 'Add Item' }).click();
    await toast(page, 'SKU "ITEM-05" is already used in this store').waitFor();
    await dialog.getByText('SKU "ITEM-05" is already used in this store').waitFor();
    await expect(typed()).resolves.toEqual(['ITEM-05', 'OAK', 'Blue glass bowl', '19.99', '6', '2']);
    await page.mouse.move(0, 0);
    await screenshot(page, 'inventory-add-dialog-sku-taken');

    await dialog.locator('[name="sku"]').fill('BOWL-1');
    await dismissToasts(page);
    await page.mouse.move(0, 0);
    await screenshot(page, 'inventory-add-dialog');
    // Enter in the price box: the typed price is taken as it is, not the one before.
    await dialog.locator('[name="price"]').fill('21.5');
    await dialog.locator('[name="price"]').press('Enter');
    await dialog.waitFor({ state: 'detached' });
    await toast(page, 'Stock item added').waitFor();
    await row(page, 'BOWL-1').waitFor();
    await expect(cells(page, 'BOWL-1')).resolves.toEqual(['BOWL-1', 'Blue glass bowl', 'OAK', '$21.50', '6', '2']);
    await expect(page.getByTestId('inventory-total').textContent()).resolves.toBe('13 items');
    tp.expectClean(REFUSALS);
  });

  test('the form checks what it can before a call', async () => {
    const { page } = tp;
    await dismissToasts(page);
    await page.getByRole('button', { name: 'Add Item' }).click();
    const dialog = page.getByRole('dialog', { name: 'Add Item' });
    await fill(dialog, { quantityOnHand: '1.5', reorderLevel: '-1' });
    await dialog.getByRole('button', { name: 'Add Item' }).click();
    for (const message of ['SKU is required', 'Quantity On Hand must be a whole number', 'Reorder Level must not be negative']) {
      await dialog.getByText(message, { exact: true }).waitFor();
    }
    await dialog.getByRole('button', { name: 'Cancel' }).click();
    await dialog.waitFor({ state: 'detached' });
    tp.expectClean();
  });

  test('Edit: the same dialog without the quantity; the row shows the saved values', async () => {
    const { page } = tp;
    await dismissToasts(page);
    await row(page, 'BOWL-1').getByRole('button', { name: 'Edit BOWL-1' }).click();
    const dialog = page.getByRole('dialog', { name: 'Edit Item' });
    await dialog.waitFor();
    await expect(dialog.locator('[name]').evaluateAll((els) => els.map((el) => el.getAttribute('name')))).resolves.toEqual(['sku', 'itemCode', 'description', 'price', 'reorderLevel']);
    await expect(dialog.locator('[name="price"]').inputValue()).resolves.toBe('21.50');
    await fill(dialog, { description: 'Cobalt glass bowl', itemCode: '', reorderLevel: '3' });
    await page.mouse.move(0, 0);
    await screenshot(page, 'inventory-edit-dialog');
    await dialog.getByRole('button', { name: 'Save Changes' }).click();
    await dialog.waitFor({ state: 'detached' });
    await toast(page, 'Stock item saved').waitFor();
    await expect.poll(() => cells(page, 'BOWL-1')).toEqual(['BOWL-1', 'Cobalt glass bowl', '-', '$21.50', '6', '3']);
    tp.expectClean();
  });

  test('Adjust: up and down with a reason, the resulting quantity shown, below zero refused', async () => {
    const { page } = tp;
    await dismissToasts(page);
    const openAdjust = async () => {
      await row(page, 'BOWL-1').getByRole('button', { name: 'Adjust BOWL-1' }).click();
      const dialog = page.getByRole('dialog', { name: 'Adjust Quantity' });
      await dialog.waitFor();
      return dialog;
    };

    let dialog = await openAdjust();
    await expect(dialog.getByTestId('adjust-current').textContent()).resolves.toBe('6');
    await dialog.locator('[name="change"]').fill('5');
    await expect(dialog.getByTestId('adjust-result').textContent()).resolves.toBe('11');
    await dialog.getByRole('button', { name: 'Adjust' }).click();
    await dialog.getByText('Reason is required', { exact: true }).waitFor();
    await dialog.locator('[name="reason"]').fill('Delivery from the warehouse');
    await page.mouse.move(0, 0);
    await screenshot(page, 'inventory-adjust-dialog');
    await dialog.getByRole('button', { name: 'Adjust' }).click();
    await dialog.waitFor({ state: 'detached' });
    await toast(page, 'BOWL-1 now 11 on hand').waitFor();
    await expect.poll(() => cells(page, 'BOWL-1').then((c) => c[4])).toBe('11');

    dialog = await openAdjust();
    await dialog.locator('[name="change"]').fill('-9');
    await expect(dialog.getByTestId('adjust-result').textContent()).resolves.toBe('2');
    await dialog.locator('[name="reason"]').fill('Two broke in the window');
    await dialog.locator('[name="reason"]').press('Enter');
    await dialog.waitFor({ state: 'detached' });
    // 2 on hand, reorder level 3: low.
    await expect.poll(() => cells(page, 'BOWL-1').then((c) => c[4])).toBe('Low stock2');

    // Below zero on the screen's figures: refused before any call.
    dialog = await openAdjust();
    await dialog.locator('[name="change"]').fill('-3');
    await expect(dialog.getByTestId('adjust-result').textContent()).resolves.toBe('-1');
    await dialog.locator('[name="reason"]').fill('Sold');
    await dialog.getByRole('button', { name: 'Adjust' }).click();
    await dialog.getByText('Quantity on hand cannot go below zero', { exact: true }).waitFor();
    await screenshot(page, 'inventory-adjust-below-zero');

    // The stock moved meanwhile (two sold at another till): the server refuses, the
    // dialog stays with what was typed and shows the quantity now held.
    const bowl = await itemViaApi('BOWL-1');
    await asManager('/store/inventory/adjust', { id: bowl?.id, delta: -2, reason: 'Sold at the front till' });
    await dialog.locator('[name="change"]').fill('-1');
    await dialog.getByRole('button', { name: 'Adjust' }).click();
    await toast(page, 'Quantity on hand cannot go below zero').waitFor();
    await expect.poll(() => dialog.getByTestId('adjust-current').textContent()).toBe('0');
    await expect(dialog.locator('[name="change"]').inputValue()).resolves.toBe('-1');
    await expect(dialog.locator('[name="reason"]').inputValue()).resolves.toBe('Sold');
    await dialog.getByRole('button', { name: 'Cancel' }).click();
    await dialog.waitFor({ state: 'detached' });
    await expect.poll(() => cells(page, 'BOWL-1').then((c) => c[4])).toBe('Low stock0');
    await expect(itemViaApi('BOWL-1').then((i) => i?.quantityOnHand)).resolves.toBe(0);
    tp.expectClean(REFUSALS);
  });

  test('Archive asks first; confirmed, the item leaves the list', async () => {
    const { page } = tp;
    await dismissToasts(page);
    await row(page, 'ITEM-12').getByRole('button', { name: 'Archive ITEM-12' }).click();
    const confirm = page.getByRole('dialog', { name: 'Archive Item' });
    await confirm.getByText('Are you sure you want to archive ITEM-12 (Crystal decanter)?').waitFor();
    await confirm.getByRole('button', { name: 'Cancel' }).click();
    await confirm.waitFor({ state: 'detached' });
    await row(page, 'ITEM-12').waitFor();

    await row(page, 'ITEM-12').getByRole('button', { name: 'Archive ITEM-12' }).click();
    await page.mouse.move(0, 0);
    await screenshot(page, 'inventory-archive-confirmation');
    await confirm.getByRole('button', { name: 'Archive' }).click();
    await confirm.waitFor({ state: 'detached' });
    await toast(page, 'Stock item archived: ITEM-12').waitFor();
    await row(page, 'ITEM-12').waitFor({ state: 'detached' });
    await expect(itemViaApi('ITEM-12')).resolves.toBeUndefined();
    await expect(page.getByTestId('inventory-total').textContent()).resolves.toBe('12 items');
    tp.expectClean();
  });

  test('search narrows the list as the user types (SKU or description), with an empty state', async () => {
    const { page } = tp;
    await dismissToasts(page);
    const search = page.getByRole('textbox', { name: 'Search inventory' });
    await search.fill('oak');
    await expect.poll(() => skus(page)).toEqual(['ITEM-01', 'ITEM-06']);
    await search.fill('item-1');
    await expect.poll(() => skus(page)).toEqual(['ITEM-10', 'ITEM-11']);
    await search.fill('harpsichord');
    await page.getByTestId('inventory-empty').getByText('No stock items match "harpsichord".').waitFor();
    await screenshot(page, 'inventory-no-match');
    await page.getByRole('button', { name: 'Clear search' }).click();
    await expect.poll(() => rows(page).count()).toBe(12);
    tp.expectClean();
  });

  test('clicking a header sorts by it; clicking again reverses', async () => {
    const { page } = tp;
    const header = (label: string) => table(page).getByRole('button', { name: `Sort by ${label}` });
    const prices = () => rows(page).evaluateAll((trs) => trs.map((tr) => tr.querySelectorAll('td')[3]?.textContent ?? ''));
    await header('Price').click();
    await expect.poll(prices).toEqual(['$14.25', '$21.50', '$22.00', '$29.95', '$38.75', '$45.00', '$64.00', '$85.50', '$95.00', '$120.00', '$149.99', '$310.00']);
    await expect(table(page).locator('th[aria-sort="ascending"]').textContent()).resolves.toBe('Price');
    await header('Price').click();
    await expect.poll(prices).toEqual(['$310.00', '$149.99', '$120.00', '$95.00', '$85.50', '$64.00', '$45.00', '$38.75', '$29.95', '$22.00', '$21.50', '$14.25']);
    await header('Description').click();
    await expect.poll(() => skus(page).then((s) => s.slice(0, 3))).toEqual(['ITEM-04', 'ITEM-07', 'BOWL-1']);
    await header('On Hand').click();
    await header('On Hand').click();
    await expect.poll(() => skus(page).then((s) => s.slice(0, 2))).toEqual(['ITEM-09', 'ITEM-04']);
    await header('SKU').click();
    await expect.poll(() => skus(page).then((s) => s[0])).toBe('BOWL-1');
    tp.expectClean();
  });

  test('pages of 10: the rest on page 2; back to 25 shows everything', async () => {
    const { page } = tp;
    await settled(page);
    await page.getByRole('combobox', { name: 'Rows per page' }).click();
    await expect(page.getByRole('option').allTextContents()).resolves.toEqual(['10', '25', '50', '100']);
    await page.getByRole('option', { name: '10', exact: true }).click();
    await expect.poll(() => rows(page).count()).toBe(10);
    await expect(page.getByTestId('inventory-total').textContent()).resolves.toBe('Showing 1–10 of 12 items');
    await page.getByRole('navigation', { name: 'Inventory pages' }).getByRole('button', { name: '2', exact: true }).click();
    await expect.poll(() => skus(page)).toEqual(['ITEM-10', 'ITEM-11']);
    await expect(page.getByTestId('inventory-total').textContent()).resolves.toBe('Showing 11–12 of 12 items');
    await page.mouse.move(0, 0);
    await screenshot(page, 'inventory-page-2');
    await page.getByRole('combobox', { name: 'Rows per page' }).click();
    await page.getByRole('option', { name: '25', exact: true }).click();
    await expect.poll(() => rows(page).count()).toBe(12);
    await expect(page.getByRole('navigation', { name: 'Inventory pages' }).count()).resolves.toBe(0);
    tp.expectClean();
  });
});
