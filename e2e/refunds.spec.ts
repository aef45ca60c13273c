/**
 * Refunds in Chromium, on the worked example of docs/SETTLEMENT.md (sold through the REST
 * door: ADA1 2 × Lamp 72.00, BO1 Chair 25.00, Gift wrap 3.00, GST 5 %, paid Card 60.00 and
 * Cash 50.00 with 5.00 change). A manager refunds one Lamp through the dialog: each line's
 * refundable units, the amount back with its GST as it is typed, the payments pre-filled
 * over Card and Cash and changed to all on Card; the refund receipt shows and prints like
 * a sale's; the tab lists the refund. A cashier refunds every unit left: the dialog asks
 * for a manager's credentials, a wrong password is refused with everything kept, the right
 * one makes the refund, and the order shows Refunded. The owner's Audit screen lists both
 * refunds, who made and who approved them.
 */
import { afterAll, beforeAll, describe, expect, test } from 'vitest';
import type { Locator, Page } from 'playwright-core';
import { launchBrowser, trackedPage, type Browser, type TrackedPage } from './support/browser';
import { DESKTOP, PHONE } from './support/screens';
import { asOwnerOf, baseURL, createStaffViaApi, openAs, screenshot, signUpOwnerViaApi, updateStoreSettings, type Account, type OwnerAccount } from './support/app';

const money = (text: string) => ({ type: 'Money', value: String(Math.round(Number(text) * 100) * 10_000) });
const percent = (text: string) => ({ type: 'Percent', value: String(Math.round(Number(text) * 1_000_000)) });
const gst = { tax1Enabled: true, tax1Percent: percent('5'), tax1Description: 'GST' };

interface StoredRefund {
  number: string;
  amount: { value: string };
  createdBy: string;
  approvedBy: string | null;
  payments: { name: string; amount: { value: string } }[];
}
interface StoredOrder {
  id: number;
  orderNumber: string;
  status: string;
  refunds: StoredRefund[];
  items: { description: string; refundedQuantity: number }[];
}

describe('refunds', () => {
  let browser: Browser;
  let tp: TrackedPage;
  let owner: OwnerAccount;
  let cashier: Account;
  let manager: Account;
  let asOwner: ReturnType<typeof asOwnerOf>;
  let orderNumber: string;
  let orderId: number;

  const view = (page: Page) => page.locator('[data-testid="order-view"]:visible');
  const refundDialog = (page: Page) => page.getByRole('dialog', { name: `Refund order ${orderNumber}` });
  const receiptDialog = (page: Page) => page.getByRole('dialog', { name: /^Receipt of refund / });
  const text = async (l: Locator) => ((await l.textContent()) ?? '').trim();
  const lineRow = (page: Page, description: string) => refundDialog(page).locator('tr[data-refund-line]', { hasText: description });
  const fetchOrder = async () => (await asOwner<{ order: StoredOrder }>('/order/fetch', { orderId })).order;

  /** Opens the order from the lookup, as `account`. */
  async function openOrder(page: Page, account: Account) {
    await openAs(page, account, '/orders');
    await page.getByRole('tablist', { name: 'Orders' }).getByRole('tab', { name: 'Order Lookup' }).click();
    await page.getByRole('button', { name: 'Search Orders' }).click();
    await page.getByRole('table', { name: 'Orders found' }).locator(`tbody tr[data-order-number="${orderNumber}"]`).click();
    await view(page).getByTestId('receipt').waitFor();
  }

  /** Types into a box and leaves it, as a cashier does. */
  async function type(box: Locator, value: string) {
    await box.fill(value);
    await box.press('Tab');
  }

  const stubPrint = (page: Page) =>
    page.evaluate(() => {
      const w = globalThis as unknown as { print: () => void; printed: number };
      w.printed = 0;
      w.print = () => {
        w.printed += 1;
      };
    });

  beforeAll(async () => {
    browser = await launchBrowser();
    tp = await trackedPage(browser.context);
    owner = await signUpOwnerViaApi({ storeName: 'Harbour Refunds' });
    asOwner = asOwnerOf(owner);
    await updateStoreSettings(owner, { orderPrefix: 'H-', nextOrderNumber: 1, tax1ShortName: 'GST', tax1LongName: 'Goods and Services Tax', tax1Percent: percent('5'), tax1Enabled: true, tax1ApplyByDefault: true });
    const ada = await asOwner<{ vendor: { id: number } }>('/vendor/add', { tradeName: 'Ada', contactName: 'Ada Lovelace', contactEmail: 'ada@example.com', primaryPhone: '555-0101', deductMonthlyRent: true, vendorType: 'VENDOR', monthlyRent: money('150') });
    const bo = await asOwner<{ vendor: { id: number } }>('/vendor/add', { tradeName: 'Bo', contactName: 'Bo Diddley', contactEmail: 'bo@example.com', primaryPhone: '555-0102', vendorType: 'CONSIGNMENT' });
    await asOwner('/store/itemcode/add', { tag: 'ADA1', vendorId: ada.vendor.id, defaultCommissionPercent: percent('10'), proportionalCcFee: true });
    await asOwner('/store/itemcode/add', { tag: 'BO1', vendorId: bo.vendor.id, defaultCommissionPercent: percent('35') });
    const { paymentMethod: card } = await asOwner<{ paymentMethod: { id: number } }>('/store/payment/create', {
      name: 'Card',
      vendorFeePercent: percent('3'),
      customerFeePercent: percent('2'),
      customerFeeAmount: money('0.25'),
      minimumAmount: money('5'),
      requiresManagerApproval: false,
    });
    const { paymentMethods } = await asOwner<{ paymentMethods: { id: number; isCash: boolean }[] }>('/store/payment/list');
    const cash = paymentMethods.find((m) => m.isCash)!;
    cashier = await createStaffViaApi(baseURL(), owner.token, { role: 'STORE_STAFF', storeId: owner.storeId });
    manager = await createStaffViaApi(baseURL(), owner.token, { role: 'STORE_MANAGER', storeId: owner.storeId });

    const next = await asOwner<{ nextOrderId: number; nextOrderNumber: string }>('/order/next');
    await asOwner('/order/submit', {
      orderId: next.nextOrderId,
      customerName: 'Dora Returns',
      items: [
        { itemCode: 'ADA1', description: 'Lamp', quantity: 2, price: money('40'), discountPercent: percent('10'), ...gst },
        { itemCode: 'BO1', description: 'Chair', quantity: 1, price: money('25'), ...gst },
        { itemCode: '', description: 'Gift wrap', quantity: 1, price: money('3'), ...gst },
      ],
      payments: [
        { paymentMethodId: card.id, amount: money('60') },
        { paymentMethodId: cash.id, amount: money('50') },
      ],
    });
    orderId = next.nextOrderId;
    orderNumber = next.nextOrderNumber;
  });

  afterAll(async () => {
    await browser?.close();
  });

  test('a manager refunds one Lamp through the dialog; the receipt prints like a sale’s and the tab lists the refund', async () => {
    const { page } = tp;
    await openOrder(page, manager);
    await view(page).getByRole('button', { name: 'Refund', exact: true }).click();
    await refundDialog(page).waitFor();

    // Each line's refundable units; no manager's credentials asked of a manager.
    const refundable = async (description: string) => text(lineRow(page, description).getByTestId('refundable-quantity'));
    expect([await refundable('Lamp'), await refundable('Chair'), await refundable('Gift wrap')]).toEqual(['2', '1', '1']);
    expect(await refundDialog(page).getByLabel('Manager password').count()).toBe(0);
    expect(await refundDialog(page).getByRole('button', { name: 'Refund', exact: true }).isDisabled()).toBe(true);

    // One Lamp: 36.00 and GST 1.80, 37.80 back, pre-filled over Card and Cash as they took 60.00 and 45.00.
    await type(lineRow(page, 'Lamp').getByRole('textbox'), '1');
    await expect.poll(() => text(refundDialog(page).getByTestId('refund-amount'))).toBe('$37.80');
    expect(await text(refundDialog(page).getByTestId('refund-total'))).toBe('$36.00');
    expect(await text(refundDialog(page).getByTestId('refund-tax1'))).toBe('$1.80');
    expect(await text(lineRow(page, 'Lamp').getByTestId('refund-line-back'))).toBe('$37.80');
    const cardBox = refundDialog(page).getByLabel('Card', { exact: true });
    const cashBox = refundDialog(page).getByLabel('Cash', { exact: true });
    expect([await cardBox.inputValue(), await cashBox.inputValue()]).toEqual(['21.60', '16.20']);

    // Too many units is said at once, as the server says it.
    await type(lineRow(page, 'Lamp').getByRole('textbox'), '3');
    await expect.poll(() => text(refundDialog(page).getByTestId('refund-problem'))).toBe('Only 2 of Lamp can still be refunded');
    await type(lineRow(page, 'Lamp').getByRole('textbox'), '1');
    await expect.poll(() => refundDialog(page).getByTestId('refund-problem').count()).toBe(0);

    // All of it back on the card: the sum is checked as it is typed.
    await type(cardBox, '37.80');
    await expect.poll(() => text(refundDialog(page).getByTestId('refund-problem'))).toBe('Refund payments add up to $54.00, not the $37.80 the customer gets back');
    await type(cashBox, '0');
    await expect.poll(() => refundDialog(page).getByTestId('refund-problem').count()).toBe(0);
    await refundDialog(page).getByLabel('Reason').fill('Shade torn in transit');
    await page.mouse.move(0, 0);
    await screenshot(page, 'refund-dialog');
    // On a phone the dialog fills the width, its lines scroll within themselves.
    await page.setViewportSize(PHONE);
    await screenshot(page, 'refund-dialog-phone');
    await page.setViewportSize(DESKTOP);

    await refundDialog(page).getByRole('button', { name: 'Refund $37.80' }).click();
    await receiptDialog(page).waitFor();
    await refundDialog(page).waitFor({ state: 'detached' });
    const receipt = receiptDialog(page).getByTestId('refund-receipt');
    expect(await text(receipt.getByTestId('refund-receipt-number'))).toBe(`${orderNumber}-R1`);
    expect(await receipt.getByTestId('refund-receipt-line').evaluateAll((trs) => trs.map((tr) => [...tr.querySelectorAll('td')].map((td) => td.textContent)))).toEqual([['1 × Lamp', '$36.00']]);
    expect(await receipt.getByTestId('refund-receipt-total').evaluateAll((trs) => trs.map((tr) => tr.textContent))).toEqual(['Items$36.00', 'GST$1.80', 'Total refunded$37.80']);
    expect(await receipt.getByTestId('refund-receipt-payment').evaluateAll((trs) => trs.map((tr) => tr.textContent))).toEqual(['Card refunded$37.80']);
    expect(await text(receipt)).toContain('Reason: Shade torn in transit');
    expect(await text(receipt)).toContain(`Refunded by ${manager.username}`);
    await page.mouse.move(0, 0);
    await screenshot(page, 'refund-receipt');

    // Print lays the receipt out in the print layer alone, as a sale's.
    await stubPrint(page);
    await receiptDialog(page).getByRole('button', { name: 'Print Refund Receipt' }).click();
    await expect.poll(() => page.evaluate(() => (globalThis as unknown as { printed: number }).printed)).toBe(1);
    const layer = page.locator('[data-receipt-print] [data-testid="refund-receipt"]');
    expect(await text(layer.getByTestId('refund-receipt-number'))).toBe(`${orderNumber}-R1`);
    await page.emulateMedia({ media: 'print' });
    expect(await receiptDialog(page).isVisible()).toBe(false);
    expect(await layer.isVisible()).toBe(true);
    await page.emulateMedia({ media: 'screen' });
    await page.evaluate(() => (globalThis as unknown as { dispatchEvent(e: unknown): void; Event: new (t: string) => unknown }).dispatchEvent(new (globalThis as unknown as { Event: new (t: string) => unknown }).Event('afterprint')));
    await layer.waitFor({ state: 'detached' });
    await receiptDialog(page).getByRole('button', { name: 'Close', exact: true }).click();
    await receiptDialog(page).waitFor({ state: 'detached' });

    // The tab lists the refund; the order is still Completed (it reads Partly refunded), with units left to refund.
    const list = view(page).getByTestId('refund-list');
    await list.locator(`tr[data-refund="${orderNumber}-R1"]`).waitFor();
    expect(await text(view(page).getByTestId('view-status'))).toBe('Partly refunded');
    await view(page).getByTestId('view-banner').getByText(`Order ${orderNumber} is partly refunded.`).waitFor();
    expect(await text(view(page).getByTestId('view-banner'))).toContain('$37.80 of $105.00 refunded: $67.20 left.');
    expect(await view(page).getByRole('button', { name: 'Refund', exact: true }).count()).toBe(1);
    await page.mouse.move(0, 0);
    await screenshot(page, 'refund-list');
    const stored = await fetchOrder();
    expect(stored.status).toBe('COMPLETED');
    expect(stored.refunds.map((r) => [r.number, r.amount.value, r.createdBy, r.approvedBy, r.payments.map((p) => p.name)])).toEqual([[`${orderNumber}-R1`, money('37.80').value, manager.username, null, ['Card']]]);
    tp.expectClean();
  });

  test("a cashier refunds every unit left with a manager's credentials; a wrong password keeps everything typed; the order shows Refunded", async () => {
    const { page } = tp;
    await openOrder(page, cashier);
    await view(page).getByRole('button', { name: 'Refund', exact: true }).click();
    await refundDialog(page).waitFor();
    const refundable = async (description: string) => text(lineRow(page, description).getByTestId('refundable-quantity'));
    expect([await refundable('Lamp'), await refundable('Chair'), await refundable('Gift wrap')]).toEqual(['1', '1', '1']);
    for (const description of ['Lamp', 'Chair', 'Gift wrap']) await type(lineRow(page, description).getByRole('textbox'), '1');
    // 37.80 + 26.25 + 3.15: Card may return 22.20 more, Cash 45.00.
    await expect.poll(() => text(refundDialog(page).getByTestId('refund-amount'))).toBe('$67.20');
    const cardBox = refundDialog(page).getByLabel('Card', { exact: true });
    const cashBox = refundDialog(page).getByLabel('Cash', { exact: true });
    expect([await cardBox.inputValue(), await cashBox.inputValue()]).toEqual(['22.20', '45.00']);
    await refundDialog(page).getByLabel('Reason').fill('Whole order returned');

    // Without the manager's credentials the dialog says what is missing and sends nothing.
    await refundDialog(page).getByRole('button', { name: 'Refund $67.20' }).click();
    await refundDialog(page).getByText('Manager username or e-mail is required').waitFor();
    await refundDialog(page).getByLabel('Manager username or e-mail').fill(manager.username);
    await refundDialog(page).getByLabel('Manager password').fill('not the password');
    await page.mouse.move(0, 0);
    await screenshot(page, 'refund-dialog-staff-approval');
    await refundDialog(page).getByRole('button', { name: 'Refund $67.20' }).click();
    await refundDialog(page).getByText('Manager approval failed').first().waitFor();
    // Everything typed is still there.
    expect(await lineRow(page, 'Chair').getByRole('textbox').inputValue()).toBe('1');
    expect(await refundDialog(page).getByLabel('Reason').inputValue()).toBe('Whole order returned');
    expect(await refundDialog(page).getByLabel('Manager username or e-mail').inputValue()).toBe(manager.username);
    expect((await fetchOrder()).refunds).toHaveLength(1);

    await refundDialog(page).getByLabel('Manager password').fill(manager.password);
    await refundDialog(page).getByRole('button', { name: 'Refund $67.20' }).click();
    await receiptDialog(page).waitFor();
    const receipt = receiptDialog(page).getByTestId('refund-receipt');
    expect(await text(receipt.getByTestId('refund-receipt-number'))).toBe(`${orderNumber}-R2`);
    expect(await text(receipt)).toContain(`Refunded by ${cashier.username}, approved by ${manager.username}`);
    expect(await receipt.getByTestId('refund-receipt-payment').evaluateAll((trs) => trs.map((tr) => tr.textContent))).toEqual(['Card refunded$22.20', 'Cash refunded$45.00']);
    await receiptDialog(page).getByRole('button', { name: 'Close', exact: true }).click();

    // Every unit is back: Refunded, no Refund button, two refunds listed.
    await expect.poll(() => text(view(page).getByTestId('view-status'))).toBe('Refunded');
    await view(page).getByTestId('view-banner').getByText(`Order ${orderNumber} was refunded.`).waitFor();
    expect(await view(page).getByRole('button', { name: 'Refund', exact: true }).count()).toBe(0);
    const rows = view(page).getByTestId('refund-list').locator('tbody tr');
    expect(await rows.evaluateAll((trs) => trs.map((tr) => tr.getAttribute('data-refund')))).toEqual([`${orderNumber}-R1`, `${orderNumber}-R2`]);
    expect(await text(rows.nth(1).locator('td[data-label="By"]'))).toBe(`${cashier.username}approved by ${manager.username}`);
    await page.mouse.move(0, 0);
    await screenshot(page, 'refund-order-refunded');
    const stored = await fetchOrder();
    expect(stored.status).toBe('REFUNDED');
    expect(stored.items.map((i) => i.refundedQuantity)).toEqual([2, 1, 1]);
    expect(stored.refunds[1]).toMatchObject({ createdBy: cashier.username, approvedBy: manager.username, amount: money('67.20') });
    // The wrong password is the refused call's only trace: a 403 the browser logs.
    tp.expectClean([/403/]);
  });

  test("the owner's Audit screen shows both refunds, who made them and who approved the cashier's", async () => {
    const { page } = tp;
    await openAs(page, owner, '/store/audit');
    const table = page.getByRole('table', { name: 'Audit events' });
    await table.locator('tbody td[data-label="Action"]').first().waitFor();
    const refunds = async () =>
      (
        await table
          .locator('tbody tr')
          .evaluateAll((trs) => trs.map((tr) => [...tr.querySelectorAll('td')].map((td) => (td as unknown as { innerText: string }).innerText.trim())))
      ).filter((r) => r[3] === 'Order refunded');
    const shown = await refunds();
    expect(shown.map((r) => r.slice(1, 5))).toEqual([
      [cashier.username, 'Store staff', 'Order refunded', `Order ${orderNumber}`],
      [manager.username, 'Store manager', 'Order refunded', `Order ${orderNumber}`],
    ]);
    expect(shown[0]![5]).toContain(`Refund: ${orderNumber}-R2`);
    expect(shown[0]![5]).toContain(`Approved by: ${manager.username}`);
    expect(shown[0]![5]).toContain('Amount: $67.20');
    expect(shown[0]![5]).toContain('Status: REFUNDED');
    expect(shown[1]![5]).toContain(`Refund: ${orderNumber}-R1`);
    expect(shown[1]![5]).toContain('Payments: Card $37.80');
    expect(shown[1]![5]).toContain('Reason: Shade torn in transit');
    await page.mouse.move(0, 0);
    await screenshot(page, 'refund-audit');
    tp.expectClean();
  });
});
