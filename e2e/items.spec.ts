/**
 * Items in Chromium, as the store's owner: a delivery taken in on the intake grid (Enter
 * goes on, the code's vendor shows as it resolves), a CSV file with one bad row refused
 * with its row and field named, then fixed and saved; the tags printed as a PDF; at the
 * till each item number typed as a barcode scanner does (the number, then Enter) fills
 * its line with the item's code, description, price and vendor, beside a dealer's typed
 * code and price; the sale is paid by card and cash, each vendor's statement shows the sale of each of
 * its pieces, the item shows SOLD with its SALE movement, a
 * second scan of it is refused on the line, and a refund makes it ACTIVE again.
 */
import { readFile } from 'node:fs/promises';
import { afterAll, beforeAll, describe, expect, test } from 'vitest';
import type { Page } from 'playwright-core';
import { launchBrowser, trackedPage, type Browser, type TrackedPage } from './support/browser';
import { asOwnerOf, openAs, screenshot, signUpOwnerViaApi, type OwnerAccount } from './support/app';

const money = (text: string) => ({ type: 'Money', value: String(Math.round(Number(text) * 100) * 10_000) });
const percent = (text: string) => ({ type: 'Percent', value: String(Math.round(Number(text) * 1_000_000)) });

interface ItemWire {
  id: number;
  itemNumber: string;
  description: string;
  status: string;
  quantity: number;
}

describe('items: intake, tags and scan to sell', () => {
  let browser: Browser;
  let tp: TrackedPage;
  let owner: OwnerAccount;
  let asOwner: ReturnType<typeof asOwnerOf>;
  let vendorIds: { ada: number; bo: number };

  const items = async (search: string) => (await asOwner<{ items: ItemWire[] }>('/item/list', { search })).items;
  const itemRows = (page: Page) => page.getByRole('table', { name: 'Items' }).locator('tbody tr');
  const intake = (page: Page) => page.getByRole('dialog', { name: 'Intake' });
  const editor = (page: Page) => page.locator('[data-testid="order-editor"]:visible');
  const line = (page: Page, n: number) => editor(page).locator('tr[data-line-key]').nth(n - 1);
  const focusedLabel = (page: Page) =>
    page.evaluate(() => (globalThis as unknown as { document: { activeElement: { getAttribute(n: string): string | null } | null } }).document.activeElement?.getAttribute('aria-label') ?? null);
  /** Presses Enter and waits for the box it leads to. */
  const enterTo = async (page: Page, label: string) => {
    await page.keyboard.press('Enter');
    await expect.poll(() => focusedLabel(page)).toBe(label);
  };

  beforeAll(async () => {
    browser = await launchBrowser();
    tp = await trackedPage(browser.context);
    owner = await signUpOwnerViaApi({ storeName: 'Harbour Mall' });
    asOwner = asOwnerOf(owner);
    const ada = await asOwner<{ vendor: { id: number } }>('/vendor/add', { tradeName: 'Ada Antiques', contactName: 'Ada', contactEmail: 'ada@example.com', primaryPhone: '555-0101', vendorType: 'CONSIGNMENT', booth: '7' });
    const bo = await asOwner<{ vendor: { id: number } }>('/vendor/add', { tradeName: 'Bo Books', contactName: 'Bo', contactEmail: 'bo@example.com', primaryPhone: '555-0102', vendorType: 'CONSIGNMENT' });
    await asOwner('/store/itemcode/add', { tag: 'ADA1', vendorId: ada.vendor.id, defaultCommissionPercent: percent('20') });
    await asOwner('/store/itemcode/add', { tag: 'BO1', vendorId: bo.vendor.id, defaultCommissionPercent: percent('30') });
    vendorIds = { ada: ada.vendor.id, bo: bo.vendor.id };
    await asOwner('/store/payment/create', { name: 'Card', vendorFeePercent: percent('3'), customerFeePercent: percent('0'), customerFeeAmount: money('0'), minimumAmount: money('0'), requiresManagerApproval: false });
  });

  /** The sale rows of a vendor's statement screen (this month): order, code, description, amount. */
  const statementSales = async (page: Page, vendorId: number) => {
    await openAs(page, owner, `/store/vendors/accounts/${vendorId}/statement`);
    const statement = page.getByTestId('statement');
    await statement.getByRole('table', { name: 'Entries' }).waitFor();
    return statement
      .getByRole('table', { name: 'Entries' })
      .locator('tbody tr[data-kind]')
      .evaluateAll((trs) => trs.map((tr) => [...tr.querySelectorAll('td')].map((td) => td.textContent)).filter((cells) => cells[1] === 'Sale').map((cells) => [cells[2], cells[3], cells[4], cells[6]]));
  };

  afterAll(async () => {
    await browser?.close();
  });

  test('the intake grid: three rows typed with Enter, the vendors shown, saved at once; the tags print as a PDF', async () => {
    const { page } = tp;
    await openAs(page, owner, '/store/items');
    await page.getByRole('heading', { name: 'Items', level: 1 }).waitFor();
    await page.getByRole('button', { name: 'Intake', exact: true }).click();
    const dialog = intake(page);
    await dialog.waitFor();

    // Row 1: code, description, price, quantity, each ended with Enter; the last Enter adds row 2 with the same code.
    await dialog.getByLabel('Row 1 Item Code').fill('ada1');
    await enterTo(page, 'Row 1 Description');
    await page.keyboard.type('Cameo brooch');
    await enterTo(page, 'Row 1 Price');
    await page.keyboard.type('35');
    await enterTo(page, 'Row 1 Qty');
    await enterTo(page, 'Row 2 Description');
    await expect.poll(() => dialog.getByTestId('intake-vendor-1').textContent()).toBe('Ada Antiques');
    expect(await dialog.getByLabel('Row 2 Item Code').inputValue()).toBe('ada1');
    await page.keyboard.type('Silver thimble');
    await enterTo(page, 'Row 2 Price');
    await page.keyboard.type('12.50');
    await enterTo(page, 'Row 2 Qty');
    await enterTo(page, 'Row 3 Description');
    await dialog.getByLabel('Row 3 Item Code').fill('BO1');
    await enterTo(page, 'Row 3 Description');
    await page.keyboard.type('First edition, Moby-Dick');
    await enterTo(page, 'Row 3 Price');
    await page.keyboard.type('80');
    await page.keyboard.press('Tab');
    await expect.poll(() => dialog.getByTestId('intake-vendor-3').textContent()).toBe('Bo Books');

    // Saved at once; the tag printer opens on the new items.
    await dialog.getByRole('button', { name: 'Save 3 items' }).click();
    const print = page.getByRole('dialog', { name: 'Print 3 price tags' });
    await print.waitFor();
    const [download] = await Promise.all([page.waitForEvent('download'), print.getByRole('button', { name: 'Print tags' }).click()]);
    expect(download.suggestedFilename()).toMatch(/\.pdf$/);
    expect((await readFile(await download.path())).subarray(0, 5).toString('latin1')).toBe('%PDF-');

    await expect.poll(() => itemRows(page).count()).toBe(3);
    const stored = await items('');
    expect(stored.map((i) => i.description).sort()).toEqual(['Cameo brooch', 'First edition, Moby-Dick', 'Silver thimble']);
    // Printed: none of them needs a new tag.
    expect((await asOwner<{ items: ItemWire[] }>('/item/list', { needsNewTag: true })).items).toHaveLength(0);
    await page.mouse.move(0, 0);
    await screenshot(page, 'items-screen');
    tp.expectClean();
  });

  test('a CSV file with one bad row: the row and field are named and nothing is saved until it is fixed', async () => {
    const { page } = tp;
    await page.getByRole('button', { name: 'Intake', exact: true }).click();
    const dialog = intake(page);
    await dialog.waitFor();
    const csv = 'Item Code,Description,Price,Quantity\nADA1,Tea cup,4.50,6\nBO1,Atlas,abc,1\nADA1,Brass lamp,30,1\n';
    await dialog.locator('input[type="file"]').setInputFiles({ name: 'delivery.csv', mimeType: 'text/csv', buffer: Buffer.from(csv) });
    const errors = dialog.getByTestId('intake-errors');
    await errors.waitFor();
    expect(await errors.textContent()).toContain('Row 2: Price "abc" is not an amount');
    await dialog.getByRole('button', { name: 'Save 3 items' }).click();
    expect(await errors.isVisible()).toBe(true);
    expect(await items('Atlas')).toHaveLength(0);

    await dialog.getByLabel('Row 2 Price').fill('18');
    await errors.waitFor({ state: 'detached' });
    await dialog.getByRole('button', { name: 'Save 3 items' }).click();
    await page.getByRole('dialog', { name: 'Print 3 price tags' }).getByRole('button', { name: 'Cancel' }).click();
    expect((await items('Atlas')).map((i) => i.description)).toEqual(['Atlas']);
    expect((await items('Tea cup'))[0]?.quantity).toBe(6);
    tp.expectClean();
  });

  test('at the till: item numbers scanned with Enter fill their lines beside a typed dealer code; the sale makes the item SOLD; a refund makes it ACTIVE', async () => {
    const { page } = tp;
    const [brooch] = await items('Cameo brooch');
    const [book] = await items('Moby-Dick');
    await openAs(page, owner, '/orders');
    await page.getByTestId('new-order-tab').click();
    await editor(page).waitFor();

    // A barcode scanner types the number and Enter into Item Code: the line fills and the next line's code box takes the next scan.
    await line(page, 1).locator('[data-field="itemCode"]').click();
    await page.keyboard.type(brooch!.itemNumber);
    await page.keyboard.press('Enter');
    await expect.poll(() => line(page, 1).locator('[data-field="description"]').inputValue()).toBe('Cameo brooch');
    expect(await line(page, 1).locator('[data-field="itemCode"]').inputValue()).toBe('ADA1');
    expect(await line(page, 1).locator('[data-field="price"]').inputValue()).toBe('35.00');
    expect(await line(page, 1).getByTestId('line-owner').textContent()).toBe(`Item ${brooch!.itemNumber} · Ada Antiques · booth 7`);
    await expect.poll(() => focusedLabel(page)).toBe('Item Code, line 2');
    await page.keyboard.type(book!.itemNumber);
    await page.keyboard.press('Enter');
    await expect.poll(() => line(page, 2).locator('[data-field="description"]').inputValue()).toBe('First edition, Moby-Dick');
    expect(await line(page, 2).getByTestId('line-owner').textContent()).toBe(`Item ${book!.itemNumber} · Bo Books`);

    // The antique-mall way still works: a dealer code, Enter, a description and a typed price.
    await expect.poll(() => focusedLabel(page)).toBe('Item Code, line 3');
    await page.keyboard.type('BO1');
    await enterTo(page, 'Description, line 3');
    await page.keyboard.type('Postcard');
    await page.keyboard.press('Tab');
    await page.keyboard.type('2');
    await page.keyboard.press('Tab');
    await expect.poll(() => line(page, 3).getByTestId('line-owner').textContent()).toBe('Bo Books');
    await page.mouse.move(0, 0);
    await screenshot(page, 'items-till-scanned');

    // Split tender, 35 + 80 + 2 = 117.00: F3 Card for 100.00, Enter, Cash for the 17.00 left, Enter.
    const orderId = Number(await editor(page).getAttribute('data-order-id'));
    await page.keyboard.press('Control+Enter');
    const panel = page.locator('[data-testid="checkout-panel"]:visible');
    await panel.waitFor();
    expect(await panel.getByTestId('amount-due').textContent()).toBe('$117.00');
    const payment = (n: number) => panel.locator('tr[data-payment-key]').nth(n - 1);
    await page.keyboard.press('F3');
    await expect.poll(() => payment(1).getAttribute('data-method')).toBe('Card');
    await page.keyboard.type('100');
    await page.keyboard.press('Enter');
    await expect.poll(() => payment(2).getAttribute('data-method')).toBe('Cash');
    expect(await payment(2).locator('input[name="payments.1.amount"]').inputValue()).toBe('17.00');
    await page.keyboard.press('Enter');
    const view = page.locator('[data-testid="order-view"]:visible');
    await view.getByText(/completed\./).waitFor();
    const orderNumber = ((await page.getByRole('heading', { level: 1 }).textContent()) ?? '').replace('Order ', '');

    // Sold: the item screen shows it SOLD with its SALE movement naming the order.
    const sold = await asOwner<{ item: ItemWire; movements: { kind: string; orderNumber: string | null }[] }>('/item/fetch', { itemId: brooch!.id });
    expect(sold.item.status).toBe('SOLD');
    expect(sold.movements.at(-1)).toMatchObject({ kind: 'SALE', orderNumber });

    // Each vendor's statement shows the sale of each of its pieces, the scanned and the typed.
    await expect.poll(() => statementSales(page, vendorIds.ada)).toEqual([[orderNumber, 'ADA1', 'Cameo brooch', '$35.00']]);
    await expect.poll(() => statementSales(page, vendorIds.bo)).toEqual([
      [orderNumber, 'BO1', 'First edition, Moby-Dick', '$80.00'],
      [orderNumber, 'BO1', 'Postcard', '$2.00'],
    ]);
    await screenshot(page, 'items-statement-bo');
    await openAs(page, owner, '/orders');

    // Scanned again at the till: refused on the line, with the order it was sold on.
    await page.getByTestId('new-order-tab').click();
    await editor(page).waitFor();
    await line(page, 1).locator('[data-field="itemCode"]').click();
    await page.keyboard.type(brooch!.itemNumber);
    await page.keyboard.press('Enter');
    const refusal = line(page, 1).locator('[data-warning="unsellable"]');
    await refusal.waitFor();
    expect(await refusal.textContent()).toBe(`Item ${brooch!.itemNumber} was sold on order ${orderNumber}`);
    expect(await line(page, 1).locator('[data-field="description"]').inputValue()).toBe('');

    await openAs(page, owner, '/store/items');
    await page.getByLabel('Search items').fill(brooch!.itemNumber);
    await expect.poll(() => itemRows(page).locator('td[data-label="Item #"]').allTextContents()).toEqual([brooch!.itemNumber]);
    expect(await itemRows(page).first().locator('td[data-label="Status"]').textContent()).toBe('Sold');
    await page.getByRole('button', { name: `Open item ${brooch!.itemNumber}` }).click();
    const detail = page.getByRole('dialog', { name: `Item ${brooch!.itemNumber}` });
    const movements = detail.getByRole('table', { name: 'Movements' }).locator('tbody tr');
    await expect.poll(() => movements.count()).toBe(2);
    expect(await movements.nth(1).textContent()).toContain(`order ${orderNumber}`);
    expect(await movements.nth(1).textContent()).toContain('Sold');
    await screenshot(page, 'items-detail-sold');
    await page.keyboard.press('Escape');

    // A refund puts it back: ACTIVE again, with a REFUND movement.
    const order = await asOwner<{ order: { items: { id: number; itemNumber?: string }[] } }>('/order/fetch', { orderId });
    const soldLine = order.order.items.find((l) => l.itemNumber === brooch!.itemNumber)!;
    // Back on the card it was mostly paid by (the cash taken was 17.00, less than the brooch).
    const { paymentMethods } = await asOwner<{ paymentMethods: { id: number; name: string }[] }>('/store/payment/list');
    await asOwner('/order/refund', { orderId, lines: [{ orderLineId: soldLine.id, quantity: 1 }], payments: [{ paymentMethodId: paymentMethods.find((m) => m.name === 'Card')!.id, amount: money('35') }], reason: 'Changed mind' });
    await page.reload();
    await page.getByLabel('Search items').fill(brooch!.itemNumber);
    await expect.poll(() => itemRows(page).locator('td[data-label="Item #"]').allTextContents()).toEqual([brooch!.itemNumber]);
    expect(await itemRows(page).first().locator('td[data-label="Status"]').textContent()).toBe('Active');
    tp.expectClean([/409/]);
  });
});
