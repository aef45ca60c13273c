/**
 * The till without the mouse, in Chromium, as a cashier: from the drawer to the Orders
 * page, a new order from the tab strip, lines typed with Tab, the arrow keys between
 * lines, the shortcut list opened with `?`, a line removed with Ctrl+Delete, the order
 * submitted with Ctrl+Enter and paid in Cash with Enter. And the editor under a slow server: a line removed before
 * the server has answered the saves before it loses none of the lines typed after it.
 */
import { afterAll, beforeAll, describe, expect, test } from 'vitest';
import type { Page } from 'playwright-core';
import { launchBrowser, trackedPage, type Browser, type TrackedPage } from './support/browser';
import { asOwnerOf, baseURL, createStaffViaApi, openAs, signUpOwnerViaApi, updateStoreSettings, type Account, type OwnerAccount } from './support/app';

const percent = (whole: number) => ({ type: 'Percent', value: String(whole * 1_000_000) });

/** What the element with focus is: its accessible name as the page states it, and where it sits. */
async function focused(page: Page): Promise<{ tag: string; name: string; inputName: string | null; field: string | null; line: number | null; checked: boolean | null }> {
  return page.evaluate(() => {
    const doc = (globalThis as unknown as { document: { activeElement: unknown } }).document;
    const el = doc.activeElement as { tagName: string; textContent: string | null; getAttribute(n: string): string | null; closest(s: string): { getAttribute(n: string): string | null; parentElement: { children: ArrayLike<unknown> } | null } | null; checked?: boolean; type?: string } | null;
    if (!el) return { tag: '', name: '', inputName: null, field: null, line: null, checked: null };
    const row = el.closest('tr[data-line-key]');
    const rows = row?.parentElement ? Array.from(row.parentElement.children) : [];
    return {
      tag: el.tagName.toLowerCase(),
      name: el.getAttribute('aria-label') ?? (el.textContent ?? '').trim(),
      inputName: el.getAttribute('name'),
      field: el.getAttribute('data-field'),
      line: row ? rows.indexOf(row) + 1 : null,
      checked: el.type === 'checkbox' ? Boolean(el.checked) : null,
    };
  });
}

async function waitFor<T>(read: () => Promise<T>, ok: (value: T) => boolean, what: string): Promise<T> {
  let last: T | undefined;
  for (let i = 0; i < 100; i++) {
    last = await read();
    if (ok(last)) return last;
    await new Promise((r) => setTimeout(r, 50));
  }
  throw new Error(`${what}; last seen: ${JSON.stringify(last)}`);
}

const focusIs = (page: Page, want: Partial<Awaited<ReturnType<typeof focused>>>, what: string) =>
  waitFor(
    () => focused(page),
    (f) => Object.entries(want).every(([k, v]) => (f as Record<string, unknown>)[k] === v),
    `expected focus on ${what}`,
  );

describe('the till without the mouse', () => {
  let browser: Browser;
  let tp: TrackedPage;
  let owner: OwnerAccount;
  let cashier: Account;

  const asOwner = <T = unknown>(path: string, body: Record<string, unknown> = {}) => asOwnerOf(owner)<T>(path, body);
  const editor = (page: Page) => page.locator('[data-testid="order-editor"]:visible');
  const rows = (page: Page) => editor(page).locator('tbody tr[data-line-key]');
  const itemCodes = (page: Page) => rows(page).locator('[data-field="itemCode"]').evaluateAll((els) => els.map((el) => (el as unknown as { value: string }).value));

  /** The item codes of an order's lines as the server holds them (blank lines left out). */
  const storedCodes = async (orderNumber: string) => {
    const { orderStubs } = await asOwner<{ orderStubs: { id: number }[] }>('/order/lookup', { orderNumber });
    const { order } = await asOwner<{ order: { items: { itemCode: string }[] } }>('/order/fetch', { orderId: orderStubs[0]!.id });
    return order.items.map((i) => i.itemCode).filter((c) => c !== '');
  };

  /** Types one line from its Qty box and leaves focus in its last tax toggle. */
  async function typeLine(page: Page, qty: string, code: string, description: string, price: string) {
    await page.keyboard.type(qty);
    await page.keyboard.press('Tab');
    await page.keyboard.type(code);
    await page.keyboard.press('Tab');
    await page.keyboard.type(description);
    await page.keyboard.press('Tab');
    await page.keyboard.type(price);
    await page.keyboard.press('Tab'); // Discount
    await page.keyboard.press('Tab'); // GST
    await page.keyboard.press('Tab'); // PST
  }

  beforeAll(async () => {
    browser = await launchBrowser();
    tp = await trackedPage(browser.context);
    owner = await signUpOwnerViaApi();
    await updateStoreSettings(owner, {
      orderPrefix: 'K-',
      nextOrderNumber: 1,
      tax1ShortName: 'GST',
      tax1Percent: percent(5),
      tax1Enabled: true,
      tax1ApplyByDefault: true,
      tax2ShortName: 'PST',
      tax2Percent: percent(7),
      tax2Enabled: true,
      tax2ApplyByDefault: false,
    });
    // A submitted line's code must be one of the store's.
    const { vendor } = await asOwner<{ vendor: { id: number } }>('/vendor/add', {
      tradeName: 'Keys and Lamps',
      contactName: 'Kim Keys',
      contactEmail: 'kim@example.com',
      primaryPhone: '555-0120',
      secondaryPhone: '',
      deductMonthlyRent: false,
    });
    for (const tag of ['LAMP1', 'CHAIR2', 'CUP3']) await asOwner('/store/itemcode/add', { tag, vendorId: vendor.id, warnOnNoControlCode: false });
    cashier = await createStaffViaApi(baseURL(), owner.token, { role: 'STORE_STAFF', storeId: owner.storeId });
  });

  afterAll(async () => {
    await browser?.close();
  });

  test('a whole order: entered, moved through with the arrows, a line removed with Ctrl+Delete, submitted', async () => {
    const { page } = tp;
    await openAs(page, cashier, '/dashboard');
    await page.getByRole('heading', { name: 'Dashboard', level: 1 }).waitFor();

    // Tab through the drawer to Orders; the new page's heading takes focus.
    let reached = false;
    for (let i = 0; i < 20 && !reached; i++) {
      await page.keyboard.press('Tab');
      reached = (await focused(page)).name === 'Orders';
    }
    expect(reached).toBe(true);
    await page.keyboard.press('Enter');
    await focusIs(page, { tag: 'h1', name: 'Order Lookup' }, 'the Order Lookup heading');

    // From the heading to the tab strip, along it to the plus tab: a new order.
    await page.keyboard.press('Tab');
    await focusIs(page, { name: 'Keyboard shortcuts' }, 'the Keyboard shortcuts button');
    await page.keyboard.press('Tab');
    await focusIs(page, { name: 'Order Lookup', tag: 'button' }, 'the Order Lookup tab');
    await page.keyboard.press('ArrowRight');
    await focusIs(page, { name: 'New order' }, 'the New order tab');
    await page.keyboard.press('Enter');
    await focusIs(page, { inputName: 'customerName' }, 'Customer Name');
    const heading = (await page.getByRole('heading', { level: 1 }).textContent()) ?? '';
    const number = heading.replace('Order ', '');
    expect(number).toBe('K-1');

    await page.keyboard.type('Dana Keys');
    await page.keyboard.press('Enter');
    await focusIs(page, { field: 'quantity', line: 1 }, 'Qty of line 1');
    await typeLine(page, '2', 'LAMP1', 'Brass lamp', '30');
    await page.keyboard.press('Tab'); // past the last box: line 2
    await focusIs(page, { field: 'quantity', line: 2 }, 'Qty of line 2');
    await typeLine(page, '1', 'CHAIR2', 'Oak chair', '80');
    await page.keyboard.press('Tab');
    await focusIs(page, { field: 'quantity', line: 3 }, 'Qty of line 3');
    await typeLine(page, '3', 'CUP3', 'Tea cup', '4.50');
    await focusIs(page, { field: 'tax2', line: 3 }, 'the PST toggle of line 3');
    expect(await rows(page).count()).toBe(3);

    // The arrows go to the same box of the line above or below, and stop at the ends.
    await page.keyboard.press('ArrowUp');
    await focusIs(page, { field: 'tax2', line: 2 }, 'the PST toggle of line 2');
    await page.keyboard.press('Space');
    await focusIs(page, { field: 'tax2', line: 2, checked: true }, 'PST switched on for line 2');
    await page.keyboard.press('Shift+Tab');
    await page.keyboard.press('Shift+Tab');
    await focusIs(page, { field: 'discountPercent', line: 2 }, 'the discount of line 2');
    await page.keyboard.press('ArrowUp');
    await focusIs(page, { field: 'discountPercent', line: 1 }, 'the discount of line 1');
    await page.keyboard.press('ArrowUp');
    await focusIs(page, { field: 'discountPercent', line: 1 }, 'still the discount of line 1');
    await page.keyboard.press('ArrowDown');
    await focusIs(page, { field: 'discountPercent', line: 2 }, 'the discount of line 2 again');

    // The shortcut list: announced in the hint, opened with ?, closed with Escape.
    const hint = (await editor(page).getByTestId('new-line-hint').textContent()) ?? '';
    expect(hint).toContain('Tab past the last box to start a new line.');
    expect(hint.replace(/\s+/g, ' ')).toContain('Ctrl + Delete removes the current line');
    await page.keyboard.press('Tab');
    await focusIs(page, { field: 'tax1', line: 2 }, 'the GST toggle of line 2');
    await page.keyboard.press('?');
    const shortcuts = page.getByRole('dialog', { name: 'Keyboard shortcuts' });
    await shortcuts.waitFor();
    await shortcuts.getByRole('cell', { name: 'Remove the line being edited' }).waitFor();
    await shortcuts.getByRole('cell', { name: 'Go to the same box in the line above or below' }).waitFor();
    await page.keyboard.press('Escape');
    await shortcuts.waitFor({ state: 'detached' });
    await focusIs(page, { field: 'tax1', line: 2 }, 'the GST toggle of line 2 after the list closed');

    // Ctrl+Delete takes line 2 away; focus stays in the same box, now on the next line.
    await page.keyboard.press('Control+Delete');
    await waitFor(() => itemCodes(page), (codes) => codes.length === 2, 'two lines left');
    expect(await itemCodes(page)).toEqual(['LAMP1', 'CUP3']);
    await focusIs(page, { field: 'tax1', line: 2 }, 'the GST toggle of the line that moved up');

    // Submit Order opens the payment panel on the whole total in Cash; Enter completes the sale.
    await page.keyboard.press('Control+Enter');
    const panel = page.locator('[data-testid="checkout-panel"]:visible');
    await panel.waitFor();
    // 2 x 30.00 + 3 x 4.50 = 73.50, GST 5% = 3.68 (3.675 to even), total 77.18.
    expect(await panel.getByTestId('amount-due').textContent()).toBe('$77.18');
    await focusIs(page, { inputName: 'payments.0.amount' }, 'the amount of the first payment');
    await page.keyboard.press('Enter');
    const view = page.locator('[data-testid="order-view"]:visible');
    await view.getByText(`Order ${number} completed.`).waitFor();
    await focusIs(page, { name: 'Print Receipt' }, 'Print Receipt, for the customer');
    expect(await view.getByTestId('receipt-line').count()).toBe(2);
    expect(await view.getByTestId('view-customer').textContent()).toBe('Dana Keys');
    expect(await view.getByTestId('summary-total').textContent()).toBe('$77.18');
    expect(await storedCodes(number)).toEqual(['LAMP1', 'CUP3']);
    tp.expectClean();
  });

  test('a slow server: a line removed before the saves ahead of it are answered loses none of the lines after it', async () => {
    const { page } = tp;
    // Every line save waits 400 ms before it reaches the server, as on a busy till.
    await page.route('**/trpc/order.updateLine*', async (route) => {
      await new Promise((r) => setTimeout(r, 400));
      await route.continue();
    });
    let number = '';
    try {
      await openAs(page, cashier, '/orders');
      const heading = page.getByRole('heading', { level: 1 });
      await heading.waitFor();
      const before = await heading.textContent();
      await page.keyboard.press('Alt+KeyN');
      const opened = await waitFor(() => heading.textContent(), (text) => text !== before && /^Order K-\d+$/.test(text ?? ''), 'a new order');
      number = (opened ?? '').replace('Order ', '');
      await focusIs(page, { inputName: 'customerName' }, 'Customer Name');
      await page.keyboard.type('Slow Server');
      await page.keyboard.press('Enter');
      await typeLine(page, '1', 'A1', 'First', '1');
      await page.keyboard.press('Tab');
      await typeLine(page, '1', 'A2', 'Second', '2');
      await page.keyboard.press('Tab');
      await focusIs(page, { field: 'quantity', line: 3 }, 'Qty of line 3');
      // Line 1 goes while its own saves, and the request for line 2's id, still wait.
      await rows(page).first().getByRole('button', { name: 'Remove line 1' }).click();
      expect(await itemCodes(page)).toEqual(['A2', '']);
      await expect.poll(() => storedCodes(number), { timeout: 20_000, interval: 250 }).toEqual(['A2']);
    } finally {
      await page.unrouteAll({ behavior: 'wait' });
    }
    await page.reload();
    await page.getByRole('heading', { name: `Order ${number}`, level: 1 }).waitFor();
    await rows(page).first().waitFor();
    expect(await itemCodes(page)).toEqual(['A2', '']);
    tp.expectClean();
  });
});
