/**
 * Checkout in Chromium. A cashier rings up the worked example of docs/SETTLEMENT.md with
 * the keyboard alone: the lines, Submit Order, Escape back to the lines and back, F3 for
 * Card 60.00 (its fee 1.45 shown as it is typed), Enter for a Cash payment of what is left,
 * 50.00 tendered and the change 5.00 in large type, Enter to complete, Enter to print the
 * receipt; the receipt and its print on an 80 mm roll and on A4 (page sizes read from the
 * PDF Chromium prints), and Reprint after a reload. A retry after a lost answer sends the
 * same idempotency key and charges once; a refused manager approval keeps everything
 * typed. A staff member's sale on the approval method waits as PENDING until a manager
 * finds it by the lookup's Status filter and approves it; a manager cancels a PENDING
 * order and a cashier a draft, each with a reason.
 */
import { afterAll, beforeAll, describe, expect, test } from 'vitest';
import type { Locator, Page, Request } from 'playwright-core';
import { launchBrowser, trackedPage, type Browser, type TrackedPage } from './support/browser';
import { asOwnerOf, baseURL, createStaffViaApi, openAs, screenshot, signUpOwnerViaApi, updateStoreSettings, type Account, type OwnerAccount } from './support/app';

const money = (text: string) => ({ type: 'Money', value: String(Math.round(Number(text) * 100) * 10_000) });
const percent = (text: string) => ({ type: 'Percent', value: String(Math.round(Number(text) * 1_000_000)) });
const STORE = 'Blue Door Antiques';
const ADDRESS = '12 Harbour Street\nHalifax NS B3J 1A1';

interface StoredOrder {
  orderNumber: string;
  status: string;
  total: { value: string };
  amountPaid: { value: string };
  changeDue: { value: string };
  customerFees: { value: string };
  approvedBy: string | null;
  cancelReason: string;
  payments: { name: string; amount: { value: string }; applied: { value: string }; customerFee: { value: string }; change: { value: string } }[];
}

/** The page size of a PDF's first page, in points (1/72 in). */
function pdfPageSize(pdf: Buffer): { width: number; height: number; pages: number } {
  const text = pdf.toString('latin1');
  const box = /\/MediaBox\s*\[\s*0 0 ([\d.]+) ([\d.]+)\s*\]/.exec(text);
  if (!box) throw new Error('no MediaBox in the PDF');
  return { width: Number(box[1]), height: Number(box[2]), pages: (text.match(/\/Type\s*\/Page\b/g) ?? []).length };
}
const MM = 72 / 25.4;

describe('checkout', () => {
  let browser: Browser;
  let tp: TrackedPage;
  let owner: OwnerAccount;
  let cashier: Account;
  let manager: Account;
  let asOwner: ReturnType<typeof asOwnerOf>;

  const editor = (page: Page) => page.locator('[data-testid="order-editor"]:visible');
  const panel = (page: Page) => page.locator('[data-testid="checkout-panel"]:visible');
  const view = (page: Page) => page.locator('[data-testid="order-view"]:visible');
  const paymentRow = (page: Page, n: number) => panel(page).locator('tr[data-payment-key]').nth(n - 1);
  const amountBox = (page: Page, n: number) => paymentRow(page, n).locator('input[data-field="amount"]');
  const heading = (page: Page) => page.getByRole('heading', { level: 1 });
  const text = async (l: Locator) => ((await l.textContent()) ?? '').trim();

  const fetchOrder = async (orderNumber: string) => {
    const { orderStubs } = await asOwner<{ orderStubs: { id: number }[] }>('/order/lookup', { orderNumber });
    return (await asOwner<{ order: StoredOrder }>('/order/fetch', { orderId: orderStubs[0]!.id })).order;
  };

  /** The element with focus: its name attribute, its label, its text. */
  const focused = (page: Page) =>
    page.evaluate(() => {
      const el = (globalThis as unknown as { document: { activeElement: { getAttribute(n: string): string | null; textContent: string | null; tagName: string } | null } }).document.activeElement;
      return {
        name: el?.getAttribute('name') ?? null,
        field: el?.getAttribute('data-field') ?? null,
        label: el?.getAttribute('aria-label') ?? null,
        text: (el?.textContent ?? '').trim(),
        tag: el?.tagName.toLowerCase() ?? '',
      };
    });
  const focusIs = (page: Page, want: Partial<Awaited<ReturnType<typeof focused>>>, what: string) =>
    expect.poll(() => focused(page), { message: `focus on ${what}` }).toMatchObject(want);

  /** The Orders page on its lookup tab (the page keeps the tabs a user had open). */
  async function openOrders(page: Page, account: Account) {
    await openAs(page, account, '/orders');
    await page.getByRole('tablist', { name: 'Orders' }).getByRole('tab', { name: 'Order Lookup' }).click();
    await page.getByRole('heading', { name: 'Order Lookup', level: 1 }).waitFor();
  }

  /** Starts a new order with Alt+N and types its customer name; answers its number. */
  async function newOrder(page: Page, customer: string): Promise<string> {
    const before = await text(heading(page));
    await page.keyboard.press('Alt+KeyN');
    await expect.poll(() => text(heading(page))).not.toBe(before);
    await focusIs(page, { name: 'customerName' }, 'Customer Name');
    await page.keyboard.type(customer);
    await page.keyboard.press('Enter');
    await focusIs(page, { field: 'quantity' }, 'the first Qty box');
    return (await text(heading(page))).replace('Order ', '');
  }

  /** Types a line from its Qty box: Qty, Item Code, Description, Price, Discount, GST; Tab past it starts the next. */
  async function typeLine(page: Page, qty: string, code: string, description: string, price: string, discount = '', next = true) {
    for (const value of [qty, code, description, price, discount]) {
      if (value) await page.keyboard.type(value);
      await page.keyboard.press('Tab');
    }
    // Now on the GST toggle (on by default).
    if (next) await page.keyboard.press('Tab');
  }

  /** Pretends to print: counts the calls, so the print layer stays until afterprint. */
  const stubPrint = (page: Page) =>
    page.evaluate(() => {
      const w = globalThis as unknown as { print: () => void; printed: number };
      w.printed = 0;
      w.print = () => {
        w.printed += 1;
      };
    });
  const printed = (page: Page) => page.evaluate(() => (globalThis as unknown as { printed: number }).printed);
  const afterPrint = (page: Page) => page.evaluate(() => (globalThis as unknown as { dispatchEvent(e: unknown): void; Event: new (t: string) => unknown }).dispatchEvent(new (globalThis as unknown as { Event: new (t: string) => unknown }).Event('afterprint')));

  beforeAll(async () => {
    browser = await launchBrowser();
    tp = await trackedPage(browser.context);
    owner = await signUpOwnerViaApi({ storeName: STORE });
    asOwner = asOwnerOf(owner);
    await updateStoreSettings(owner, {
      orderPrefix: 'C-',
      nextOrderNumber: 1,
      tax1ShortName: 'GST',
      tax1LongName: 'Goods and Services Tax',
      tax1Percent: percent('5'),
      tax1Enabled: true,
      tax1ApplyByDefault: true,
      address: ADDRESS,
    });
    const ada = await asOwner<{ vendor: { id: number } }>('/vendor/add', { tradeName: 'Ada', contactName: 'Ada Lovelace', contactEmail: 'ada@example.com', primaryPhone: '555-0101', deductMonthlyRent: true, vendorType: 'VENDOR', monthlyRent: money('150') });
    const bo = await asOwner<{ vendor: { id: number } }>('/vendor/add', { tradeName: 'Bo', contactName: 'Bo Diddley', contactEmail: 'bo@example.com', primaryPhone: '555-0102', vendorType: 'CONSIGNMENT' });
    await asOwner('/store/itemcode/add', { tag: 'ADA1', vendorId: ada.vendor.id, defaultCommissionPercent: percent('10'), proportionalCcFee: true });
    await asOwner('/store/itemcode/add', { tag: 'BO1', vendorId: bo.vendor.id, defaultCommissionPercent: percent('35') });
    await asOwner('/store/payment/create', { name: 'Card', vendorFeePercent: percent('3'), customerFeePercent: percent('2'), customerFeeAmount: money('0.25'), minimumAmount: money('5'), requiresManagerApproval: false });
    await asOwner('/store/payment/create', { name: 'House Account', vendorFeePercent: percent('0'), customerFeePercent: percent('0'), customerFeeAmount: money('0'), minimumAmount: money('0'), requiresManagerApproval: true });
    cashier = await createStaffViaApi(baseURL(), owner.token, { role: 'STORE_STAFF', storeId: owner.storeId });
    manager = await createStaffViaApi(baseURL(), owner.token, { role: 'STORE_MANAGER', storeId: owner.storeId });
  });

  afterAll(async () => {
    await browser?.close();
  });

  test('the worked example with the keyboard alone: Card 60.00 and Cash 50.00, fee 1.45, change 5.00, completed and printed', async () => {
    const { page } = tp;
    await openOrders(page, cashier);
    const number = await newOrder(page, 'Worked Example');
    expect(number).toBe('C-1');
    await typeLine(page, '2', 'ADA1', 'Lamp', '40', '10');
    await typeLine(page, '1', 'BO1', 'Chair', '25');
    await typeLine(page, '1', '', 'Gift wrap', '3', '', false);
    await expect.poll(() => text(editor(page).getByTestId('summary-total'))).toBe('$105.00');

    // Submit Order opens the panel on the whole total in Cash; Escape goes back to the box left.
    await page.keyboard.press('Control+Enter');
    await panel(page).waitFor();
    expect(await text(panel(page).getByTestId('amount-due'))).toBe('$105.00');
    await focusIs(page, { name: 'payments.0.amount' }, 'the first payment');
    expect(await amountBox(page, 1).inputValue()).toBe('105.00');
    expect(await paymentRow(page, 1).locator('select').inputValue()).toBe(String(await methodId('Cash')));
    await page.keyboard.press('Escape');
    await panel(page).waitFor({ state: 'detached' });
    await focusIs(page, { field: 'tax1' }, 'the GST toggle of line 3, where Submit Order was pressed');
    expect(await editor(page).locator('tr[data-line-key]').count()).toBe(3);
    await page.keyboard.press('Control+Enter');
    await panel(page).waitFor();
    await focusIs(page, { name: 'payments.0.amount' }, 'the first payment again');

    // F3: Card, for 60.00; its fee as typed.
    await page.keyboard.press('F3');
    await expect.poll(() => paymentRow(page, 1).getAttribute('data-method')).toBe('Card');
    await page.keyboard.type('60');
    await expect.poll(() => text(paymentRow(page, 1).getByTestId('payment-fee'))).toBe('$1.45');
    expect(await text(panel(page).getByTestId('checkout-problem'))).toBe('Payments cover $60.00 of $105.00: $45.00 left to pay.');
    expect(await panel(page).getByRole('button', { name: 'Complete Sale' }).isDisabled()).toBe(true);
    // Enter with part of the total left: a Cash payment of what is left.
    await page.keyboard.press('Enter');
    await focusIs(page, { name: 'payments.1.amount' }, 'the second payment');
    expect(await paymentRow(page, 2).getAttribute('data-method')).toBe('Cash');
    expect(await amountBox(page, 2).inputValue()).toBe('45.00');
    expect(await amountBox(page, 1).inputValue()).toBe('60.00');
    await page.keyboard.type('50');
    await expect.poll(() => text(panel(page).getByTestId('change-due'))).toBe('$5.00');
    expect(await text(panel(page).getByTestId('cash-tendered'))).toBe('$50.00');
    expect(await text(panel(page).getByTestId('customer-fees'))).toBe('$1.45');
    expect(await text(panel(page).getByTestId('customer-pays'))).toBe('$106.45');
    expect(await panel(page).getByRole('button', { name: 'Complete Sale' }).isEnabled()).toBe(true);
    await screenshot(page, 'checkout-panel-split');

    // Enter completes; the receipt shows, Print has the focus.
    await page.keyboard.press('Enter');
    await view(page).getByText(`Order ${number} completed.`).waitFor();
    expect(await text(view(page).getByTestId('view-banner'))).toContain('Change due $5.00.');
    expect(await text(view(page).getByTestId('view-banner'))).toContain('This order is read-only');
    await focusIs(page, { text: 'Print Receipt' }, 'Print Receipt');

    const receipt = view(page).getByTestId('receipt');
    expect(await text(receipt.getByTestId('receipt-store'))).toBe(STORE);
    expect(await receipt.getByTestId('receipt-address').innerText()).toBe(ADDRESS);
    expect(await text(receipt.getByTestId('receipt-number'))).toBe(number);
    expect(await text(receipt.getByTestId('receipt-date'))).toMatch(/^[A-Z][a-z]{2} \d{1,2}, \d{4}, \d{1,2}:\d{2} [AP]M$/);
    expect(await receipt.getByTestId('receipt-line').allInnerTexts()).toEqual(['2 × Lamp\t$72.00', '1 × Chair\t$25.00', '1 × Gift wrap\t$3.00']);
    expect(await receipt.getByTestId('receipt-line-detail').allInnerTexts()).toEqual([
      'ADA1, $40.00 each, 10% off (-$8.00)',
      'GST 5%: $3.60',
      'BO1, $25.00 each',
      'GST 5%: $1.25',
      '$3.00 each',
      'GST 5%: $0.15',
    ]);
    const rows = (testId: string) => receipt.getByTestId(testId).evaluateAll((trs) => trs.map((tr) => [tr.querySelector('th')?.textContent, tr.querySelector('td')?.textContent]));
    expect(await rows('receipt-total')).toEqual([
      ['Subtotal', '$108.00'],
      ['Discount', '-$8.00'],
      ['GST', '$5.00'],
      ['Total', '$105.00'],
    ]);
    expect(await rows('receipt-payment')).toEqual([
      ['Card', '$60.00'],
      ['Card fee', '$1.45'],
      ['Cash tendered', '$50.00'],
    ]);
    expect(await rows('receipt-settlement')).toEqual([
      ['Customer fees', '$1.45'],
      ['Amount paid', '$106.45'],
      ['Change', '$5.00'],
    ]);
    const stored = await fetchOrder(number);
    expect(stored).toMatchObject({ status: 'COMPLETED', total: money('105'), amountPaid: money('106.45'), changeDue: money('5'), customerFees: money('1.45') });
    expect(stored.payments.map((p) => [p.name, p.amount.value, p.applied.value, p.customerFee.value, p.change.value])).toEqual([
      ['Card', money('60').value, money('60').value, money('1.45').value, '0'],
      ['Cash', money('50').value, money('45').value, '0', money('5').value],
    ]);
    await screenshot(page, 'checkout-receipt-80mm');

    // Enter prints on the 80 mm roll: only the receipt, on a page 80 mm wide and as long as the receipt.
    await stubPrint(page);
    await page.keyboard.press('Enter');
    await expect.poll(() => printed(page)).toBe(1);
    const layer = page.locator('[data-receipt-print]');
    await layer.getByTestId('receipt').waitFor({ state: 'attached' });
    await page.emulateMedia({ media: 'print' });
    await page.setViewportSize({ width: 302, height: 800 });
    expect(await page.locator('#root').isVisible()).toBe(false);
    expect(await layer.getByTestId('receipt').isVisible()).toBe(true);
    await screenshot(page, 'checkout-receipt-print-80mm');
    const roll = pdfPageSize(await page.pdf({ preferCSSPageSize: true, printBackground: true }));
    expect(roll.pages).toBe(1);
    expect(roll.width).toBeCloseTo(80 * MM, 0);
    expect(roll.height).toBeGreaterThan(100 * MM);
    expect(roll.height).toBeLessThan(250 * MM);
    await page.emulateMedia({ media: 'screen' });
    await page.setViewportSize({ width: 1280, height: 800 });
    await afterPrint(page);
    await layer.waitFor({ state: 'detached' });

    // A4 (chosen with the arrow keys), then Reprint.
    await page.keyboard.press('Shift+Tab');
    await page.keyboard.press('ArrowRight');
    await expect.poll(() => receipt.getAttribute('data-paper')).toBe('a4');
    const reprint = view(page).getByRole('button', { name: 'Reprint Receipt' });
    await reprint.focus();
    await page.keyboard.press('Enter');
    await expect.poll(() => printed(page)).toBe(2);
    await page.emulateMedia({ media: 'print' });
    await page.setViewportSize({ width: 794, height: 1123 });
    await screenshot(page, 'checkout-receipt-print-a4');
    const a4 = pdfPageSize(await page.pdf({ preferCSSPageSize: true, printBackground: true }));
    expect([a4.pages, Math.round(a4.width), Math.round(a4.height)]).toEqual([1, 595, 842]);
    await page.emulateMedia({ media: 'screen' });
    await page.setViewportSize({ width: 1280, height: 800 });
    await afterPrint(page);
    await screenshot(page, 'checkout-receipt-a4');

    // After a reload the completed order's tab is read-only, with Reprint on the paper chosen.
    await page.reload();
    await view(page).getByTestId('receipt').waitFor();
    expect(await text(view(page).getByTestId('view-banner'))).toContain(`Order ${number} is completed.`);
    expect(await view(page).getByTestId('receipt').getAttribute('data-paper')).toBe('a4');
    expect(await view(page).getByRole('button', { name: 'Reprint Receipt' }).isVisible()).toBe(true);
    expect(await page.locator('[data-testid="order-editor"]:visible').count()).toBe(0);
    // Back to the roll for the specs that follow.
    await view(page).getByText('80 mm roll').click();
    tp.expectClean();
  });

  async function methodId(name: string): Promise<number> {
    const { paymentMethods } = await asOwner<{ paymentMethods: { id: number; name: string }[] }>('/store/payment/list');
    return paymentMethods.find((m) => m.name === name)!.id;
  }

  test('a retry after a lost answer sends the same key and charges once; a double press sends once', async () => {
    const { page } = tp;
    await openOrders(page, cashier);
    const number = await newOrder(page, 'Lost Answer');
    await typeLine(page, '1', '', 'Teapot', '20', '', false);
    await page.keyboard.press('Control+Enter');
    await focusIs(page, { name: 'payments.0.amount' }, 'the first payment');
    await page.keyboard.press('F3');
    await page.keyboard.type('21');
    await expect.poll(() => text(paymentRow(page, 1).getByTestId('payment-fee'))).toBe('$0.67');

    // The server completes the sale but its answer never arrives.
    const sent: string[] = [];
    const keyOf = (request: Request) => /"idempotencyKey":"([^"]+)"/.exec(request.postData() ?? '')?.[1] ?? '';
    await page.route('**/trpc/order.submit*', async (route) => {
      sent.push(keyOf(route.request()));
      if (sent.length === 1) {
        await route.fetch();
        await route.abort('connectionreset');
        return;
      }
      // The retry takes a moment: a second press meanwhile sends nothing.
      await new Promise((r) => setTimeout(r, 300));
      await route.continue();
    });
    await stubPrint(page);
    try {
      await page.keyboard.press('Enter');
      await panel(page).getByTestId('checkout-error').getByText('Failed to connect to server').waitFor();
      expect(await amountBox(page, 1).inputValue()).toBe('21.00');
      expect(await paymentRow(page, 1).getAttribute('data-method')).toBe('Card');
      await screenshot(page, 'checkout-panel-lost-answer');
      // Pressed twice: one submit goes out, with the first attempt's key.
      await page.keyboard.press('Enter');
      await page.keyboard.press('Enter');
      await view(page).getByText(`Order ${number} completed.`).waitFor();
    } finally {
      await page.unrouteAll({ behavior: 'wait' });
    }
    expect(sent).toHaveLength(2);
    expect(sent[0]).toMatch(/^[0-9a-f]{32}$/);
    expect(sent[1]).toBe(sent[0]);
    const stored = await fetchOrder(number);
    expect(stored.payments.map((p) => [p.name, p.amount.value])).toEqual([['Card', money('21').value]]);
    expect(stored.amountPaid).toEqual(money('21.67'));
    tp.expectClean([/order\.submit/, /Failed to submit order/]);
  });

  test("a refused manager approval keeps everything typed; the right password completes the sale and names the manager", async () => {
    const { page } = tp;
    await openOrders(page, cashier);
    const number = await newOrder(page, 'Approved Now');
    await typeLine(page, '1', '', 'Mirror', '40', '', false);
    await page.keyboard.press('Control+Enter');
    await focusIs(page, { name: 'payments.0.amount' }, 'the first payment');
    await page.keyboard.press('F4');
    await expect.poll(() => paymentRow(page, 1).getAttribute('data-method')).toBe('House Account');
    const approval = panel(page).getByTestId('approval');
    await approval.getByText("House Account needs a manager's approval.").waitFor();
    // Without the credentials the schema's messages show and nothing is sent.
    await page.keyboard.press('Enter');
    await approval.getByText('Manager username or e-mail is required').waitFor();
    await approval.getByLabel('Manager username or e-mail').fill(manager.username);
    await approval.getByLabel('Manager password').fill('not-the-password');
    await page.keyboard.press('Enter');
    await panel(page).getByTestId('checkout-error').getByText('Manager approval failed').waitFor();
    expect(await approval.getByLabel('Manager username or e-mail').inputValue()).toBe(manager.username);
    expect(await amountBox(page, 1).inputValue()).toBe('42.00');
    await focusIs(page, { name: 'password' }, 'the manager password, to type again');
    await screenshot(page, 'checkout-panel-approval-refused');
    await page.keyboard.type(manager.password);
    await page.keyboard.press('Enter');
    await view(page).getByText(`Order ${number} completed.`).waitFor();
    expect(await text(view(page).getByTestId('view-approved-by'))).toBe(manager.username);
    await view(page).getByTestId('receipt').getByText(`Approved by ${manager.username}`).waitFor();
    expect(await fetchOrder(number)).toMatchObject({ status: 'COMPLETED', approvedBy: manager.username });
    tp.expectClean([/order\.submit.*403|403.*order\.submit|status of 403/, /Failed to submit order/]);
  });

  test("a staff member's sale on the approval method waits as PENDING until a manager approves it", async () => {
    const { page } = tp;
    await openOrders(page, cashier);
    const number = await newOrder(page, 'House Customer');
    await typeLine(page, '1', '', 'Quilt', '20', '', false);
    await page.keyboard.press('Control+Enter');
    await focusIs(page, { name: 'payments.0.amount' }, 'the first payment');
    await page.keyboard.press('F4');
    await panel(page).getByLabel('Leave the order pending for a manager to approve').check();
    await panel(page).getByRole('button', { name: 'Leave Pending' }).waitFor();
    expect(await approvalFields(page)).toBe(0);
    await screenshot(page, 'checkout-panel-leave-pending');
    await amountBox(page, 1).focus();
    await page.keyboard.press('Enter');
    await view(page).getByTestId('view-banner').getByText(`Order ${number} is pending: waiting for a manager's approval.`).waitFor();
    expect(await text(view(page).getByTestId('view-status'))).toBe('Pending');
    expect(await view(page).getByRole('button', { name: 'Approve' }).count()).toBe(0);
    expect(await view(page).getByTestId('view-payments').locator('tbody tr').evaluateAll((trs) => trs.map((tr) => [...tr.querySelectorAll('td')].map((td) => td.textContent)))).toEqual([
      ['House Account', '$21.00', '$0.00', ''],
    ]);
    await screenshot(page, 'checkout-pending-staff');
    expect(await fetchOrder(number)).toMatchObject({ status: 'PENDING', approvedBy: null });

    // The manager finds it with the Status filter and approves it.
    await openOrders(page, manager);
    await page.getByLabel('Status', { exact: true }).selectOption('PENDING');
    await page.getByRole('button', { name: 'Search Orders' }).click();
    const found = page.getByRole('table', { name: 'Orders found' }).locator('tbody tr[data-order-number]');
    await expect.poll(() => found.evaluateAll((trs) => trs.map((tr) => tr.getAttribute('data-order-number')))).toEqual([number]);
    await found.first().click();
    await view(page).getByRole('button', { name: 'Approve' }).waitFor();
    await screenshot(page, 'checkout-pending-manager');
    await view(page).getByRole('button', { name: 'Approve' }).click();
    await view(page).getByTestId('receipt').waitFor();
    expect(await text(view(page).getByTestId('view-status'))).toBe('Completed');
    expect(await fetchOrder(number)).toMatchObject({ status: 'COMPLETED', approvedBy: manager.username, amountPaid: money('21') });
    tp.expectClean();
  });

  test('a return rung up as a negative line takes no payment: Complete Sale hands the total back in Cash once a manager approves', async () => {
    const { page } = tp;
    await openOrders(page, cashier);
    const number = await newOrder(page, 'Returned Lamp');
    await typeLine(page, '1', '', 'Lamp returned', '-20', '', false);
    await page.keyboard.press('Control+Enter');
    await panel(page).getByTestId('nothing-to-pay').getByText('Nothing to pay: Complete Sale hands $21.00 back in Cash.').waitFor();
    // Nothing is due (the amount due never falls below zero); the total handed back stands beside it.
    expect(await text(panel(page).getByTestId('amount-due'))).toBe('$0.00');
    expect(await text(panel(page).getByTestId('amount-due-of'))).toBe('of -$21.00');
    await focusIs(page, { text: 'Complete Sale' }, 'Complete Sale');
    // Money going out at a cashier's till is approved by a manager there and then, as a refund is.
    await panel(page).getByTestId('approval').getByText('a manager approves it, as a refund').waitFor();
    await screenshot(page, 'checkout-panel-return');
    await page.keyboard.press('Enter');
    await panel(page).getByText('Manager username or e-mail is required').waitFor();
    expect((await fetchOrder(number)).status).toBe('DRAFT');
    await panel(page).getByLabel('Manager username or e-mail').fill(manager.username);
    await panel(page).getByLabel('Manager password').fill(manager.password);
    await panel(page).getByLabel('Manager password').press('Enter');
    await view(page).getByText(`Order ${number} completed.`).waitFor();
    expect(await fetchOrder(number)).toMatchObject({ status: 'COMPLETED', total: money('-21'), approvedBy: manager.username });
    tp.expectClean();
  });

  const approvalFields = (page: Page) => panel(page).getByLabel('Manager password').count();

  test('a manager cancels a PENDING order, and a cashier a draft, each with a reason', async () => {
    const { page } = tp;
    const next = await asOwner<{ nextOrderId: number; order: { orderNumber: string } }>('/order/next');
    await asOwner('/order/submit', {
      orderId: next.nextOrderId,
      items: [{ description: 'Clock', quantity: 1, price: money('10'), discountPercent: percent('0'), tax1Enabled: false }],
      payments: [{ paymentMethodId: await methodId('House Account'), amount: money('10') }],
    });
    const pendingNumber = next.order.orderNumber;
    await openOrders(page, manager);
    await page.getByLabel('Order Number').fill(pendingNumber);
    await page.keyboard.press('Enter');
    await page.getByRole('table', { name: 'Orders found' }).locator(`tr[data-order-number="${pendingNumber}"]`).click();
    await view(page).getByRole('button', { name: 'Cancel Order' }).click();
    const dialog = page.getByRole('dialog', { name: `Cancel Order ${pendingNumber}` });
    await dialog.getByRole('button', { name: 'Cancel Order' }).click();
    await dialog.getByText('Reason is required').waitFor();
    await dialog.getByLabel('Reason').fill('Customer changed their mind');
    await screenshot(page, 'checkout-cancel-dialog');
    await dialog.getByRole('button', { name: 'Cancel Order' }).click();
    await dialog.waitFor({ state: 'detached' });
    await view(page).getByTestId('view-banner').getByText('Reason: Customer changed their mind.').waitFor();
    expect(await text(view(page).getByTestId('view-status'))).toBe('Cancelled');
    expect(await fetchOrder(pendingNumber)).toMatchObject({ status: 'CANCELLED', cancelReason: 'Customer changed their mind' });

    await openOrders(page, cashier);
    const draftNumber = await newOrder(page, 'Walked Out');
    await typeLine(page, '1', '', 'Vase', '15', '', false);
    await editor(page).getByRole('button', { name: 'Cancel Order' }).click();
    const draftDialog = page.getByRole('dialog', { name: `Cancel Order ${draftNumber}` });
    await draftDialog.getByLabel('Reason').fill('Walked out');
    await draftDialog.getByRole('button', { name: 'Cancel Order' }).click();
    await view(page).getByTestId('view-banner').getByText('Reason: Walked out.').waitFor();
    await screenshot(page, 'checkout-cancelled-draft');
    expect(await fetchOrder(draftNumber)).toMatchObject({ status: 'CANCELLED', cancelReason: 'Walked out' });
    tp.expectClean();
  });
});
