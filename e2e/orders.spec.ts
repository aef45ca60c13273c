/**
 * The Orders screen in Chromium, as a cashier (STORE_STAFF) at the till: two orders in
 * two tabs with the keyboard alone for the lines (a known code, an unknown code, a code
 * that wants a control code, a discount and a tax toggle), live totals checked against
 * figures worked out by hand here, both submitted; found again by every lookup filter;
 * reopened from the results (focused when already open); a tab closed with the middle
 * button; open tabs back after a reload; and a 20-line order entered without the mouse.
 */
import { afterAll, beforeAll, describe, expect, test } from 'vitest';
import type { Locator, Page } from 'playwright-core';
import { launchBrowser, trackedPage, type Browser, type TrackedPage } from './support/browser';
import { apiPost, baseURL, createStaffViaApi, openAs, screenshot, signUpOwnerViaApi, type Account, type OwnerAccount } from './support/app';

const percent = (text: string) => ({ type: 'Percent', value: micro(text).toString() });

/** Decimal text to micro-units, by hand (no domain code in this spec). */
function micro(text: string): bigint {
  const [whole, frac = ''] = text.split('.');
  return BigInt(whole!) * 1_000_000n + BigInt(frac.padEnd(6, '0'));
}

/** Whole cents as the screen shows money: '$1,234.56'. */
function dollars(cents: bigint): string {
  const negative = cents < 0n;
  const abs = negative ? -cents : cents;
  const whole = (abs / 100n).toString().replace(/\B(?=(\d{3})+(?!\d))/g, ',');
  return `${negative ? '-' : ''}$${whole}.${(abs % 100n).toString().padStart(2, '0')}`;
}

/** A line worked out by hand, in cents: amount, discount (rounded), total, taxes on the total (rounded). */
function line(qty: number, price: string, discount: string, taxes: string[]) {
  const amountMicro = micro(price) * BigInt(qty);
  const amount = amountMicro / 10_000n; // prices here have at most two decimals
  const discountCents = roundDiv(amountMicro * micro(discount), 100_000_000n * 10_000n);
  const total = amount - discountCents;
  const tax = taxes.map((p) => (p === '' ? 0n : roundDiv(total * 10_000n * micro(p), 100_000_000n * 10_000n)));
  return { amount, discount: discountCents, total, tax };
}

/** n / d to the nearest integer, half to even (n, d > 0). */
function roundDiv(n: bigint, d: bigint): bigint {
  const q = n / d;
  const r = n % d;
  if (r * 2n > d || (r * 2n === d && q % 2n === 1n)) return q + 1n;
  return q;
}

function summaryOf(lines: ReturnType<typeof line>[]) {
  const sum = (f: (l: ReturnType<typeof line>) => bigint) => lines.reduce((s, l) => s + f(l), 0n);
  const subtotal = sum((l) => l.amount);
  const discount = sum((l) => l.discount);
  const tax1 = sum((l) => l.tax[0] ?? 0n);
  const tax2 = sum((l) => l.tax[1] ?? 0n);
  return { subtotal, discount, tax1, tax2, total: subtotal - discount + tax1 + tax2 };
}

function localDay(offsetDays = 0): string {
  const d = new Date();
  d.setDate(d.getDate() + offsetDays);
  return `${d.getFullYear()}-${String(d.getMonth() + 1).padStart(2, '0')}-${String(d.getDate()).padStart(2, '0')}`;
}

describe('orders: tabs, lookup and the keyboard-driven editor', () => {
  let browser: Browser;
  let tp: TrackedPage;
  let owner: OwnerAccount;
  let cashier: Account;
  const numbers: string[] = [];

  const asOwner = () => ({ tokenString: owner.token, storeId: owner.storeId, role: 'STORE_OWNER' });

  /** The item codes of an order's lines as the server holds them now. */
  const storedItemCodes = async (orderNumber: string) => {
    const { orderStubs } = await apiPost<{ orderStubs: { id: number }[] }>('/order/lookup', { ...asOwner(), orderNumber });
    const { order } = await apiPost<{ order: { items: { itemCode: string }[] } }>('/order/fetch', { ...asOwner(), orderId: orderStubs[0]!.id });
    return order.items.map((item) => item.itemCode);
  };

  const heading = (page: Page) => page.getByRole('heading', { level: 1 });
  const tabStrip = (page: Page) => page.getByRole('tablist', { name: 'Orders' });
  const orderTab = (page: Page, number: string) => tabStrip(page).getByRole('tab', { name: number });
  /** The tabs as a screen reader names them (a pinned tab says so). */
  const tabLabels = (page: Page) =>
    tabStrip(page)
      .getByRole('tab')
      .evaluateAll((els) =>
        els.map((el) => {
          const label = el.getAttribute('aria-label');
          if (label !== null) return label;
          const copy = el.cloneNode(true) as typeof el;
          for (const hidden of copy.querySelectorAll('[aria-hidden="true"]')) hidden.remove();
          return copy.textContent;
        }),
      );
  const editor = (page: Page) => page.locator('[data-testid="order-editor"]:visible');
  const view = (page: Page) => page.locator('[data-testid="order-view"]:visible');
  const rows = (page: Page) => editor(page).locator('tbody tr[data-line-key]');
  const row = (page: Page, n: number) => rows(page).nth(n - 1);
  const box = (r: Locator, field: string) => r.locator(`[data-field="${field}"]`);
  const summary = async (page: Page, root: Locator) => {
    const out: Record<string, string> = {};
    for (const el of await root.locator('[data-summary]').all()) {
      out[(await el.getAttribute('data-summary'))!] = (await el.locator('[data-testid^="summary-"]').textContent()) ?? '';
    }
    void page;
    return out;
  };
  const isFocused = (l: Locator) => l.evaluate((el) => el === (el.ownerDocument as { activeElement: unknown }).activeElement);
  const waitFocused = async (l: Locator) => {
    for (let i = 0; i < 50; i++) {
      if (await isFocused(l)) return;
      await new Promise((r) => setTimeout(r, 50));
    }
    throw new Error('expected the box to have focus');
  };
  /** Submit Order (Ctrl+Enter) opens the payment panel on the whole total in Cash; Enter completes the sale. */
  const submitAndPayCash = async (page: Page) => {
    await page.keyboard.press('Control+Enter');
    await page.locator('[data-testid="checkout-panel"]:visible').waitFor();
    await page.keyboard.press('Enter');
    await view(page).waitFor();
  };
  const lookupRows = (page: Page) => page.getByRole('table', { name: 'Orders found' }).locator('tbody tr');
  const lookupNumbers = async (page: Page) => (await lookupRows(page).all()).length === 0 ? [] : lookupRows(page).evaluateAll((els) => els.map((el) => el.getAttribute('data-order-number') ?? ''));

  beforeAll(async () => {
    browser = await launchBrowser();
    tp = await trackedPage(browser.context);
    owner = await signUpOwnerViaApi();
    const settings = await apiPost<Record<string, unknown>>('/store/fetch-settings', asOwner());
    await apiPost('/store/update-settings', {
      ...settings,
      ...asOwner(),
      orderPrefix: 'T-',
      nextOrderNumber: 501,
      tax1ShortName: 'GST',
      tax1LongName: 'Goods and Services Tax',
      tax1Percent: percent('7.25'),
      tax1Enabled: true,
      tax1ApplyByDefault: true,
      tax2ShortName: 'PST',
      tax2LongName: 'Provincial Sales Tax',
      tax2Percent: percent('5'),
      tax2Enabled: true,
      tax2ApplyByDefault: false,
      tax3ShortName: '',
      tax3LongName: '',
      tax3Percent: percent('0'),
      tax3Enabled: false,
      tax3ApplyByDefault: false,
    });
    const { vendor } = await apiPost<{ vendor: { id: number } }>('/vendor/add', {
      ...asOwner(),
      tradeName: 'Blue Door Antiques',
      contactName: 'Dora Blue',
      contactEmail: 'dora@example.com',
      primaryPhone: '555-0110',
      secondaryPhone: '',
      deductMonthlyRent: false,
    });
    await apiPost('/store/itemcode/add', { ...asOwner(), tag: 'VASE1', vendorId: vendor.id, warnOnNoControlCode: false });
    await apiPost('/store/itemcode/add', { ...asOwner(), tag: 'CTRL9', vendorId: vendor.id, warnOnNoControlCode: true });
    await apiPost('/store/itemcode/add', { ...asOwner(), tag: 'LAMP3', vendorId: vendor.id, warnOnNoControlCode: false });
    cashier = await createStaffViaApi(baseURL(), owner.token, { role: 'STORE_STAFF', storeId: owner.storeId });
  });

  afterAll(async () => {
    await browser?.close();
  });

  test('a cashier opens the page on the lookup tab with the plus tab', async () => {
    const { page } = tp;
    await openAs(page, cashier, '/orders');
    await heading(page).filter({ hasText: 'Order Lookup' }).waitFor();
    const tabs = await tabLabels(page);
    expect(tabs).toEqual(['Order Lookup', 'New order']);
    for (const label of ['Order Number', 'Customer', 'Item Keyword', 'Start Date', 'End Date', 'Min Amount', 'Max Amount']) {
      await page.getByLabel(label, { exact: true }).waitFor();
    }
    await page.getByRole('button', { name: 'Search Orders' }).waitFor();
    tp.expectClean();
  });

  test('order 1: lines typed with the keyboard, live totals, warnings, a tax toggle, submitted with Ctrl+Enter', async () => {
    const { page } = tp;
    await page.getByTestId('new-order-tab').click();
    const customer = editor(page).getByLabel('Customer Name');
    await waitFocused(customer);
    const number = (await heading(page).textContent())!.replace('Order ', '');
    expect(number).toBe('T-501');
    numbers.push(number);
    await orderTab(page, number).waitFor();
    expect(await orderTab(page, number).getAttribute('aria-selected')).toBe('true');

    // The new line: quantity 1, price zero, GST preset (apply by default), PST not.
    await row(page, 1).waitFor();
    expect(await box(row(page, 1), 'quantity').inputValue()).toBe('1');
    expect(await box(row(page, 1), 'price').inputValue()).toBe('0.00');
    expect(await box(row(page, 1), 'tax1').isChecked()).toBe(true);
    expect(await box(row(page, 1), 'tax2').isChecked()).toBe(false);
    const headers = await editor(page).locator('thead th').allTextContents();
    expect(headers).toEqual(['Line', 'Qty', 'Item Code', 'Description', 'Price', 'Discount', 'GST', 'PST', 'Total', 'Actions']);
    await editor(page).getByText('Tab past the last box to start a new line.').waitFor();

    await page.keyboard.type('Alice Smith');
    await page.keyboard.press('Enter');
    await waitFocused(box(row(page, 1), 'quantity'));

    // Line 1: 3 x 19.99, 10% off, GST 7.25%: 59.97 - 6.00 = 53.97, tax 3.91, total 57.88.
    await page.keyboard.type('3');
    await page.keyboard.press('Tab');
    await page.keyboard.type('VASE1');
    await page.keyboard.press('Tab');
    await page.keyboard.type('Blue vase');
    await page.keyboard.press('Tab');
    await page.keyboard.type('19.99');
    await page.keyboard.press('Tab');
    await page.keyboard.type('10');
    // Live, before the discount box is left.
    expect(await row(page, 1).getByTestId('line-total').textContent()).toBe('$53.97');
    expect(await summary(page, editor(page))).toEqual({ subtotal: '$59.97', discount: '-$6.00', tax1: '$3.91', total: '$57.88' });
    await page.keyboard.press('Tab'); // GST
    await page.keyboard.press('Tab'); // PST
    await page.keyboard.press('Tab'); // past the last box: a new line
    await waitFocused(box(row(page, 2), 'quantity'));
    expect(await rows(page).count()).toBe(2);

    // Line 2: an unknown code, 1 x 25.00, PST switched on with the keyboard.
    await page.keyboard.type('1');
    await page.keyboard.press('Tab');
    await page.keyboard.type('ZZ999');
    await page.keyboard.press('Tab');
    await page.keyboard.type('Old lamp');
    await page.keyboard.press('Tab');
    await page.keyboard.type('25');
    await page.keyboard.press('Tab');
    await page.keyboard.press('Tab'); // GST stays on
    await page.keyboard.press('Tab'); // PST
    await page.keyboard.press('Space');
    expect(await box(row(page, 2), 'tax2').isChecked()).toBe(true);
    await page.keyboard.press('Tab');
    await waitFocused(box(row(page, 3), 'quantity'));

    // Line 3: a code that asks for a control code; GST switched off then on again.
    await page.keyboard.type('2');
    await page.keyboard.press('Tab');
    await page.keyboard.type('CTRL9');
    await page.keyboard.press('Tab');
    await page.keyboard.type('Brass key');
    await page.keyboard.press('Tab');
    await page.keyboard.type('4.50');
    await page.keyboard.press('Tab');
    await page.keyboard.press('Tab');
    await page.keyboard.press('Space'); // GST off
    expect(await box(row(page, 3), 'tax1').isChecked()).toBe(false);
    await page.keyboard.press('Space'); // and on again
    await page.keyboard.press('Shift+Tab'); // back to the discount: leaves the line as it is

    // Warnings in the rows, not blocks: unknown on line 2, control code on line 3.
    await row(page, 2).locator('[data-warning="unknown-code"]').waitFor();
    await row(page, 3).locator('[data-warning="no-control-code"]').waitFor();
    expect(await row(page, 1).getByTestId('line-warning').count()).toBe(0);
    expect(await row(page, 2).locator('[data-warning="unknown-code"]').textContent()).toBe('Unknown item code ZZ999');

    const expected = [line(3, '19.99', '10', ['7.25', '']), line(1, '25', '0', ['7.25', '5']), line(2, '4.50', '0', ['7.25', ''])];
    const s = summaryOf(expected);
    expect(s.total).toBe(9559n);
    expect(await rows(page).evaluateAll((els) => els.map((el) => el.querySelector('[data-testid="line-total"]')?.textContent))).toEqual(expected.map((l) => dollars(l.total)));
    expect(await summary(page, editor(page))).toEqual({ subtotal: dollars(s.subtotal), discount: `-${dollars(s.discount)}`, tax1: dollars(s.tax1), tax2: dollars(s.tax2), total: dollars(s.total) });
    await page.getByText('Ctrl').first().waitFor();
    await screenshot(page, 'orders-editor-lines-warnings-summary');

    // An unknown code cannot be submitted: cleared, the lamp is the store's own sale.
    await box(row(page, 2), 'itemCode').fill('');
    await box(row(page, 2), 'itemCode').press('Tab');
    await row(page, 2).locator('[data-warning="unknown-code"]').waitFor({ state: 'detached' });

    await submitAndPayCash(page);
    await view(page).getByText(`Order ${number} completed.`).waitFor();
    expect(await view(page).getByTestId('view-status').textContent()).toBe('Completed');
    expect(await view(page).getByTestId('view-customer').textContent()).toBe('Alice Smith');
    expect(await view(page).getByTestId('receipt-line').count()).toBe(3);
    await screenshot(page, 'orders-completed-view');
    expect(await summary(page, view(page))).toEqual({ subtotal: '$93.97', discount: '-$6.00', tax1: '$6.37', tax2: '$1.25', total: '$95.59' });
    const stored = await apiPost<{ order: { total: { value: string }; items: { itemCode: string }[] } }>('/order/fetch', { ...asOwner(), orderId: Number(await view(page).getAttribute('data-order-id')) });
    expect(stored.order.total.value).toBe('95590000');
    expect(stored.order.items.map((i) => i.itemCode)).toEqual(['VASE1', '', 'CTRL9']);
    tp.expectClean();
  });

  test('order 2 in a second tab, started with Enter on New Order; digits only in Qty; the empty last line is dropped', async () => {
    const { page } = tp;
    await waitFocused(view(page).getByRole('button', { name: 'Print Receipt' }));
    // A finished order's tab closes when the next order starts, unless pinned: T-501 is pinned to stay.
    const pin = view(page).getByTestId('pin-tab');
    expect(await pin.getAttribute('aria-pressed')).toBe('false');
    await pin.click();
    await view(page).getByRole('button', { name: 'Pinned', pressed: true }).waitFor();
    await orderTab(page, 'T-501 (pinned)').waitFor();
    // Back to the keyboard: past the receipt paper, Tab reaches Print and then New Order.
    await page.keyboard.press('Tab');
    await page.keyboard.press('Tab');
    await waitFocused(view(page).getByRole('button', { name: 'Print Receipt' }));
    await page.keyboard.press('Tab');
    await waitFocused(view(page).getByRole('button', { name: 'New Order' }));
    await page.keyboard.press('Enter');
    await heading(page).filter({ hasText: 'T-502' }).waitFor();
    numbers.push('T-502');
    await waitFocused(editor(page).getByLabel('Customer Name'));
    await page.keyboard.type('Bob Jones');
    await page.keyboard.press('Enter');
    await waitFocused(box(row(page, 1), 'quantity'));
    await page.keyboard.type('2x'); // the x is refused
    expect(await box(row(page, 1), 'quantity').inputValue()).toBe('2');
    await page.keyboard.press('Tab');
    await page.keyboard.type('vase1'); // known, whatever the case
    await page.keyboard.press('Tab');
    await page.keyboard.type('Green bowl');
    await page.keyboard.press('Tab');
    await page.keyboard.type('12.50');
    await page.keyboard.press('Tab');
    // A discount out of range: the product's message, and the box goes back to its value.
    await page.keyboard.type('150');
    await page.keyboard.press('Tab');
    await row(page, 1).getByText('Percentage must be between 0% and 100%').waitFor();
    expect(await box(row(page, 1), 'discountPercent').inputValue()).toBe('0');
    await screenshot(page, 'orders-editor-discount-error');
    await page.keyboard.press('Tab');
    await page.keyboard.press('Tab');
    await waitFocused(box(row(page, 2), 'quantity'));
    // A non-numeric quantity (pasted) becomes 0 when the box is left.
    await box(row(page, 2), 'quantity').fill('abc');
    await page.keyboard.press('Tab');
    expect(await box(row(page, 2), 'quantity').inputValue()).toBe('0');
    expect(await row(page, 1).getByTestId('line-warning').count()).toBe(0);
    // 2 x 12.50 = 25.00, GST 1.8125 -> 1.81 (half to even), total 26.81.
    expect(await summary(page, editor(page))).toEqual({ subtotal: '$25.00', discount: '$0.00', tax1: '$1.81', total: '$26.81' });
    await screenshot(page, 'orders-tab-strip-two-orders');
    await submitAndPayCash(page);
    expect(await view(page).getByTestId('receipt-line').count()).toBe(1);
    expect(await summary(page, view(page))).toMatchObject({ total: '$26.81' });
    const tabs = await tabLabels(page);
    expect(tabs).toEqual(['Order Lookup', 'T-501 (pinned)', 'T-502', 'New order']);
    tp.expectClean();
  });

  test('the lookup finds them by each filter, alone and combined', async () => {
    const { page } = tp;
    await tabStrip(page).getByRole('tab', { name: 'Order Lookup' }).click();
    await heading(page).filter({ hasText: 'Order Lookup' }).waitFor();
    const field = (label: string) => page.getByLabel(label, { exact: true });
    const search = async (filters: Record<string, string>, expected: string[] | 'none') => {
      for (const label of ['Order Number', 'Customer', 'Item Keyword', 'Start Date', 'End Date', 'Min Amount', 'Max Amount']) await field(label).fill(filters[label] ?? '');
      await page.getByRole('button', { name: 'Search Orders' }).click();
      if (expected === 'none') {
        await page.getByText('No orders found. Try adjusting your search criteria.').waitFor();
      } else {
        await page.waitForFunction(
          (want) => {
            const doc = (globalThis as unknown as { document: { querySelectorAll(s: string): ArrayLike<{ getAttribute(n: string): string | null }> } }).document;
            const got = Array.from(doc.querySelectorAll('table[aria-label="Orders found"] tbody tr')).map((el) => el.getAttribute('data-order-number'));
            return JSON.stringify(got) === JSON.stringify(want);
          },
          expected,
        );
      }
    };

    await search({}, ['T-502', 'T-501']);
    const first = lookupRows(page).first();
    expect(await first.locator('td').allTextContents()).toEqual(['T-502', 'Bob Jones', expect.stringMatching(/\d{4}, \d{1,2}:\d{2} [AP]M$/), 'Completed', '$26.81']);
    await screenshot(page, 'orders-lookup-results');

    await search({ 'Order Number': ' T-501 ' }, ['T-501']);
    await search({ Customer: 'alice' }, ['T-501']);
    await search({ Customer: 'JONES' }, ['T-502']);
    await search({ 'Item Keyword': 'bowl' }, ['T-502']);
    await search({ 'Item Keyword': 'trl9' }, ['T-501']);
    await search({ 'Item Keyword': 'vase' }, ['T-502', 'T-501']);
    await search({ 'Start Date': localDay(), 'End Date': localDay() }, ['T-502', 'T-501']);
    await search({ 'Start Date': localDay(1) }, 'none');
    await search({ 'End Date': localDay(-1) }, 'none');
    await search({ 'Min Amount': '90', 'Max Amount': '100' }, ['T-501']);
    await search({ 'Min Amount': '26.81', 'Max Amount': '26.81' }, ['T-502']);
    await search({ 'Min Amount': '95.60' }, 'none');
    await search({ Customer: 'bob', 'Item Keyword': 'bowl', 'Start Date': localDay(), 'Max Amount': '30' }, ['T-502']);
    await search({ Customer: 'bob', 'Min Amount': '90' }, 'none');
    await screenshot(page, 'orders-lookup-empty');

    // Enter in a box searches too.
    await field('Customer').fill('alice');
    await field('Customer').press('Enter');
    await page.waitForFunction(() => {
      const doc = (globalThis as unknown as { document: { querySelectorAll(s: string): ArrayLike<unknown> } }).document;
      return doc.querySelectorAll('table[aria-label="Orders found"] tbody tr').length === 1;
    });
    expect(await lookupNumbers(page)).toEqual(['T-501']);
    tp.expectClean();
  });

  test('a result row focuses its open tab; the middle button closes a tab; a result opens it again', async () => {
    const { page } = tp;
    await lookupRows(page).first().click();
    await heading(page).filter({ hasText: 'Order T-501' }).waitFor();
    expect(await tabStrip(page).getByRole('tab').count()).toBe(4);
    expect(await orderTab(page, 'T-501').getAttribute('aria-selected')).toBe('true');
    await view(page).waitFor();

    await orderTab(page, 'T-501').click({ button: 'middle' });
    await orderTab(page, 'T-501').waitFor({ state: 'detached' });
    const tabs = await tabLabels(page);
    expect(tabs).toEqual(['Order Lookup', 'T-502', 'New order']);

    await tabStrip(page).getByRole('tab', { name: 'Order Lookup' }).click();
    await lookupRows(page).first().click();
    await heading(page).filter({ hasText: 'Order T-501' }).waitFor();
    await view(page).getByTestId('view-customer').filter({ hasText: 'Alice Smith' }).waitFor();
    expect(await summary(page, view(page))).toMatchObject({ total: '$95.59' });
    tp.expectClean();
  });

  test('open tabs and the active tab come back after a reload', async () => {
    const { page } = tp;
    await page.reload();
    await heading(page).filter({ hasText: 'Order T-501' }).waitFor();
    const tabs = await tabLabels(page);
    expect(tabs).toEqual(['Order Lookup', 'T-502', 'T-501', 'New order']);
    await view(page).getByTestId('view-customer').filter({ hasText: 'Alice Smith' }).waitFor();
    await orderTab(page, 'T-502').click();
    await view(page).getByTestId('view-customer').filter({ hasText: 'Bob Jones' }).waitFor();
    // A pin is kept across a reload too.
    await view(page).getByRole('button', { name: 'Pin tab' }).click();
    await orderTab(page, 'T-502 (pinned)').waitFor();
    await page.setViewportSize({ width: 390, height: 844 });
    await screenshot(page, 'orders-pinned-tab-phone');
    await page.setViewportSize({ width: 1280, height: 800 });
    await page.reload();
    await heading(page).filter({ hasText: 'Order T-502' }).waitFor();
    await view(page).getByRole('button', { name: 'Pinned', pressed: true }).waitFor();
    expect(await tabLabels(page)).toEqual(['Order Lookup', 'T-502 (pinned)', 'T-501', 'New order']);
    tp.expectClean();
  });

  test('a draft keeps its lines and customer name across a reload, and a removed line stays removed', async () => {
    const { page } = tp;
    await page.keyboard.press('Alt+KeyN');
    await heading(page).filter({ hasText: 'Order T-503' }).waitFor();
    // The next order closes the finished tab T-501; the pinned T-502 stays.
    expect(await tabLabels(page)).toEqual(['Order Lookup', 'T-502 (pinned)', 'T-503', 'New order']);
    await waitFocused(editor(page).getByLabel('Customer Name'));
    await page.keyboard.type('Carol Draft');
    await page.keyboard.press('Enter');
    for (const [code, desc, price] of [
      ['A1', 'First', '1'],
      ['A2', 'Second', '2'],
    ]) {
      await page.keyboard.type('1');
      await page.keyboard.press('Tab');
      await page.keyboard.type(code!);
      await page.keyboard.press('Tab');
      await page.keyboard.type(desc!);
      await page.keyboard.press('Tab');
      await page.keyboard.type(price!);
      await page.keyboard.press('Tab');
      await page.keyboard.press('Tab');
      await page.keyboard.press('Tab');
      await page.keyboard.press('Tab');
    }
    expect(await rows(page).count()).toBe(3);
    await row(page, 1).getByRole('button', { name: 'Remove line 1' }).click();
    expect(await rows(page).count()).toBe(2);
    expect(await box(row(page, 1), 'itemCode').inputValue()).toBe('A2');
    // The add button on an empty last line only focuses it.
    await row(page, 2).getByRole('button', { name: 'Add line' }).click();
    expect(await rows(page).count()).toBe(2);
    await waitFocused(box(row(page, 2), 'quantity'));
    await page.keyboard.press('Tab');
    // Let the saves land before reloading (they go out behind the cashier, one at a time).
    await expect.poll(async () => (await storedItemCodes('T-503')).filter((code) => code !== ''), { timeout: 10_000 }).toEqual(['A2']);
    await page.reload();
    await heading(page).filter({ hasText: 'Order T-503' }).waitFor();
    await row(page, 1).waitFor();
    expect(await editor(page).getByLabel('Customer Name').inputValue()).toBe('Carol Draft');
    expect(await rows(page).evaluateAll((els) => els.map((el) => (el.querySelector('[data-field="itemCode"]') as unknown as { value: string }).value))).toEqual(['A2', '']);
    expect(await summary(page, editor(page))).toMatchObject({ subtotal: '$2.00' });
    // Closing the draft's tab keeps the draft (found again by the lookup, name and all).
    await box(row(page, 1), 'description').click();
    await page.keyboard.type(' edited');
    await orderTab(page, 'T-503').click({ button: 'middle' });
    await orderTab(page, 'T-503').waitFor({ state: 'detached' });
    await tabStrip(page).getByRole('tab', { name: 'Order Lookup' }).click();
    await page.getByLabel('Order Number', { exact: true }).fill('T-503');
    for (const label of ['Customer', 'Item Keyword', 'Start Date', 'End Date', 'Min Amount', 'Max Amount']) await page.getByLabel(label, { exact: true }).fill('');
    await page.getByRole('button', { name: 'Search Orders' }).click();
    await lookupRows(page).filter({ hasText: 'Draft' }).waitFor();
    expect(await lookupNumbers(page)).toEqual(['T-503']);
    await lookupRows(page).first().click();
    await heading(page).filter({ hasText: 'Order T-503' }).waitFor();
    await row(page, 1).waitFor();
    expect(await editor(page).getByLabel('Customer Name').inputValue()).toBe('Carol Draft');
    expect(await box(row(page, 1), 'description').inputValue()).toBe('Second edited');
    await orderTab(page, 'T-503').click({ button: 'middle' });
    await orderTab(page, 'T-503').waitFor({ state: 'detached' });
    tp.expectClean();
  });

  test('a 20-line order entered with the keyboard alone', async () => {
    const { page } = tp;
    await page.keyboard.press('Alt+KeyN');
    await heading(page).filter({ hasText: 'Order T-504' }).waitFor();
    await waitFocused(editor(page).getByLabel('Customer Name'));
    await page.keyboard.type('Twenty Lines');
    await page.keyboard.press('Enter');
    const expected: ReturnType<typeof line>[] = [];
    const started = Date.now();
    for (let i = 1; i <= 20; i++) {
      const qty = (i % 3) + 1;
      const price = `${i}.${String((i * 7) % 100).padStart(2, '0')}`;
      const discount = i % 4 === 0 ? '15' : '';
      const pst = i % 5 === 0;
      await page.keyboard.type(String(qty));
      await page.keyboard.press('Tab');
      await page.keyboard.type(i % 2 === 0 ? 'VASE1' : 'LAMP3'); // a submitted code must be the store's
      await page.keyboard.press('Tab');
      await page.keyboard.type(`Item number ${i}`);
      await page.keyboard.press('Tab');
      await page.keyboard.type(price);
      await page.keyboard.press('Tab');
      if (discount) await page.keyboard.type(discount);
      await page.keyboard.press('Tab'); // GST (on)
      await page.keyboard.press('Tab'); // PST
      if (pst) await page.keyboard.press('Space');
      if (i < 20) await page.keyboard.press('Tab'); // a new line
      expected.push(line(qty, price, discount || '0', ['7.25', pst ? '5' : '']));
    }
    const typing = Date.now() - started;
    expect(await rows(page).count()).toBe(20);
    const s = summaryOf(expected);
    expect(await summary(page, editor(page))).toEqual({ subtotal: dollars(s.subtotal), discount: `-${dollars(s.discount)}`, tax1: dollars(s.tax1), tax2: dollars(s.tax2), total: dollars(s.total) });
    await submitAndPayCash(page);
    expect(await view(page).getByTestId('receipt-line').count()).toBe(20);
    expect(await summary(page, view(page))).toEqual({ subtotal: dollars(s.subtotal), discount: `-${dollars(s.discount)}`, tax1: dollars(s.tax1), tax2: dollars(s.tax2), total: dollars(s.total) });
    console.log(`20 lines typed in ${typing} ms`);
    tp.expectClean();
  });
});
