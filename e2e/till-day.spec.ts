/**
 * A day at the till in Chromium: quick cash buttons (the exact amount and the next $5,
 * $10, $20, $50 and $100 above it) and the amount due falling as payments are added; the
 * tabs of completed orders closing when the next order starts, unless pinned; a draft's
 * customer name kept by the server (an open draft's lookup shows it, a cancelled draft
 * keeps it); on a 390 px phone every payment row shows its method, amount, change and
 * remove button without scrolling sideways; on a touch device the keyboard hints are gone.
 */
import { afterAll, beforeAll, describe, expect, test } from 'vitest';
import { chromium, type Locator, type Page } from 'playwright-core';
import { CHROMIUM_ARGS, launchBrowser, REDUCED_MOTION, trackedPage, type Browser, type TrackedPage } from './support/browser';
import { chromiumPath } from './support/chromium-path';
import { asOwnerOf, createStaffViaApi, baseURL, openAs, screenshot, signUpOwnerViaApi, updateStoreSettings, type Account, type OwnerAccount } from './support/app';

const money = (text: string) => ({ type: 'Money', value: String(Math.round(Number(text) * 100) * 10_000) });
const percent = (text: string) => ({ type: 'Percent', value: String(Math.round(Number(text) * 1_000_000)) });

describe('a day at the till', () => {
  let browser: Browser;
  let tp: TrackedPage;
  let owner: OwnerAccount;
  let cashier: Account;
  let asOwner: ReturnType<typeof asOwnerOf>;

  const editor = (page: Page) => page.locator('[data-testid="order-editor"]:visible');
  const panel = (page: Page) => page.locator('[data-testid="checkout-panel"]:visible');
  const view = (page: Page) => page.locator('[data-testid="order-view"]:visible');
  const paymentRow = (page: Page, n: number) => panel(page).locator('tr[data-payment-key]').nth(n - 1);
  const heading = (page: Page) => page.getByRole('heading', { level: 1 });
  const text = async (l: Locator) => ((await l.textContent()) ?? '').trim();
  const orderTabs = (page: Page) => page.getByRole('tablist', { name: 'Orders' }).locator('[data-order-tab]');

  async function openOrders(page: Page) {
    await openAs(page, cashier, '/orders');
    await page.getByRole('tablist', { name: 'Orders' }).getByRole('tab', { name: 'Order Lookup' }).click();
    await page.getByRole('heading', { name: 'Order Lookup', level: 1 }).waitFor();
  }

  /** Alt+N, the customer's name, one line of `price`; answers the order's number. */
  async function ringUp(page: Page, customer: string, price: string): Promise<string> {
    const before = await text(heading(page));
    await page.keyboard.press('Alt+KeyN');
    await expect.poll(() => text(heading(page))).not.toBe(before);
    await expect.poll(() => page.evaluate(() => (globalThis as unknown as { document: { activeElement: { getAttribute(n: string): string | null } | null } }).document.activeElement?.getAttribute('name'))).toBe('customerName');
    await page.keyboard.type(customer);
    await page.keyboard.press('Enter');
    for (const value of ['1', '', 'Teapot', price]) {
      if (value) await page.keyboard.type(value);
      await page.keyboard.press('Tab');
    }
    await expect.poll(() => text(editor(page).getByTestId('summary-total'))).toBe(`$${price}`);
    return (await text(heading(page))).replace('Order ', '');
  }

  beforeAll(async () => {
    browser = await launchBrowser();
    tp = await trackedPage(browser.context);
    owner = await signUpOwnerViaApi({ storeName: 'Quick Cash Antiques' });
    asOwner = asOwnerOf(owner);
    await updateStoreSettings(owner, { orderPrefix: 'Q-', nextOrderNumber: 1, tax1Enabled: false, tax1Percent: percent('0') });
    await asOwner('/store/payment/create', { name: 'Card', vendorFeePercent: percent('3'), customerFeePercent: percent('0'), customerFeeAmount: money('0'), minimumAmount: money('0'), requiresManagerApproval: false });
    cashier = await createStaffViaApi(baseURL(), owner.token, { role: 'STORE_STAFF', storeId: owner.storeId });
  });

  afterAll(async () => {
    await browser?.close();
  });

  test('quick cash: the exact amount and the next notes above it; the amount due falls as payments are added', async () => {
    const { page } = tp;
    await openOrders(page);
    await ringUp(page, 'Quick Cash', '37.40');
    await page.keyboard.press('Control+Enter');
    await panel(page).waitFor();
    const quick = panel(page).getByRole('group', { name: 'Quick cash' }).getByRole('button');
    expect(await quick.allTextContents()).toEqual(['Exact $37.40', '$40.00', '$50.00', '$100.00']);
    expect(await text(panel(page).getByTestId('amount-due'))).toBe('$37.40');

    // Card 20.00, Enter adds a payment for what is left: the amount due falls to it.
    await page.keyboard.press('F3');
    await page.keyboard.type('20');
    await page.keyboard.press('Enter');
    await expect.poll(() => text(panel(page).getByTestId('amount-due'))).toBe('$17.40');
    expect(await text(panel(page).getByTestId('amount-due-of'))).toBe('of $37.40');
    expect(await quick.allTextContents()).toEqual(['Exact $17.40', '$20.00', '$50.00', '$100.00']);

    // $20.00 in cash: the last row is Cash 20.00, change 2.60, Complete Sale takes Enter.
    await quick.filter({ hasText: '$20.00' }).click();
    expect(await paymentRow(page, 2).getAttribute('data-method')).toBe('Cash');
    expect(await paymentRow(page, 2).locator('input[data-field="amount"]').inputValue()).toBe('20.00');
    await expect.poll(() => text(panel(page).getByTestId('change-due'))).toBe('$2.60');
    await screenshot(page, 'till-quick-cash');
    await page.keyboard.press('Enter');
    await view(page).getByTestId('view-banner').waitFor();
    expect(await text(view(page).getByTestId('view-banner'))).toContain('Change due $2.60.');
    tp.expectClean();
  });

  test("a completed order's tab closes when the next order starts, unless pinned", async () => {
    const { page } = tp;
    await openOrders(page);
    // The order completed in the last test is still open; the next order closes its tab.
    expect(await orderTabs(page).count()).toBe(1);
    const second = await ringUp(page, 'Tabs One', '5.00');
    expect(await orderTabs(page).allTextContents()).toEqual([second]);
    await page.keyboard.press('Control+Enter');
    await panel(page).waitFor();
    await page.keyboard.press('Enter');
    await view(page).getByTestId('view-banner').waitFor();
    await view(page).getByTestId('pin-tab').click();
    expect(await view(page).getByTestId('pin-tab').getAttribute('aria-pressed')).toBe('true');
    const third = await ringUp(page, 'Tabs Two', '6.00');
    // The pinned one stays; the new one opens beside it.
    await expect.poll(() => orderTabs(page).allTextContents()).toEqual([`${second} (pinned)•`, third]);
    await page.keyboard.press('Control+Enter');
    await panel(page).waitFor();
    await page.keyboard.press('Enter');
    await view(page).getByTestId('view-banner').waitFor();
    const fourth = await ringUp(page, 'Tabs Three', '7.00');
    await expect.poll(() => orderTabs(page).allTextContents()).toEqual([`${second} (pinned)•`, fourth]);
    await screenshot(page, 'till-tabs-pinned');
    tp.expectClean();
  });

  test('the server keeps a draft\'s customer name: the lookup of an open draft shows it, a cancelled draft keeps it', async () => {
    const { page } = tp;
    await openOrders(page);
    const number = await ringUp(page, 'Dana Whitfield', '12.00');
    // The name was saved when the box was left: the lookup (Status Draft) shows it.
    const lookup = async (status: string) => {
      const { orderStubs } = await asOwner<{ orderStubs: { orderNumber: string; customerName: string; status: string }[] }>('/order/lookup', { orderNumber: number, status });
      return orderStubs[0]?.customerName;
    };
    await expect.poll(() => lookup('DRAFT')).toBe('Dana Whitfield');

    // Typed over, then cancelled without leaving the box: the cancel carries it.
    await editor(page).locator('input[name="customerName"]').fill('Dana W.');
    await editor(page).getByRole('button', { name: 'Cancel Order' }).click();
    const dialog = page.getByRole('dialog', { name: `Cancel Order ${number}` });
    await dialog.getByLabel('Reason').fill('Walked out');
    await dialog.getByRole('button', { name: 'Cancel Order' }).click();
    await view(page).getByTestId('view-banner').waitFor();
    expect(await text(view(page).getByTestId('view-customer'))).toBe('Dana W.');
    expect(await lookup('CANCELLED')).toBe('Dana W.');

    // The lookup screen shows the cancelled order with its customer.
    await page.getByRole('tablist', { name: 'Orders' }).getByRole('tab', { name: 'Order Lookup' }).click();
    await page.getByLabel('Order Number').fill(number);
    await page.getByRole('button', { name: 'Search Orders' }).click();
    await expect.poll(() => text(page.locator(`tr[data-order-id] td[data-label="Customer"]`).first())).toBe('Dana W.');
    await screenshot(page, 'till-cancelled-draft-customer');
    tp.expectClean();
  });

  test('on a 390 px phone the payment rows wrap: method, amount, change and remove all visible', async () => {
    const { page } = tp;
    await page.setViewportSize({ width: 390, height: 844 });
    try {
      await openOrders(page);
      await ringUp(page, 'Phone', '45.00');
      await editor(page).getByTestId('submit-order').click();
      await panel(page).waitFor();
      await panel(page).getByRole('button', { name: 'Add Payment' }).click();
      await expect.poll(() => panel(page).locator('tr[data-payment-key]').count()).toBe(2);
      const width = await page.evaluate(() => (globalThis as unknown as { document: { documentElement: { scrollWidth: number } } }).document.documentElement.scrollWidth);
      expect(width).toBeLessThanOrEqual(390);
      for (const n of [1, 2]) {
        const row = paymentRow(page, n);
        for (const part of [row.locator('select'), row.locator('input[data-field="amount"]'), row.getByTestId('payment-change'), row.getByRole('button', { name: `Remove payment ${n}` })]) {
          await part.scrollIntoViewIfNeeded();
          const box = await part.boundingBox();
          expect(box, `row ${n}`).not.toBeNull();
          expect(box!.x).toBeGreaterThanOrEqual(0);
          expect(box!.x + box!.width).toBeLessThanOrEqual(390);
        }
      }
      await screenshot(page, 'till-payment-rows-390');
      await page.keyboard.press('Escape');
    } finally {
      await page.setViewportSize({ width: 1280, height: 800 });
    }
    tp.expectClean();
  });

  test('on a touch device the keyboard hints are hidden', async () => {
    const context = await chromium.launchPersistentContext('', { executablePath: chromiumPath(), headless: true, args: CHROMIUM_ARGS, viewport: { width: 1024, height: 768 }, hasTouch: true, isMobile: true, ...REDUCED_MOTION });
    try {
      const page = await context.newPage();
      await openAs(page, cashier, '/orders');
      await page.getByRole('tablist', { name: 'Orders' }).locator('[data-testid="new-order-tab"]').click();
      await editor(page).waitFor();
      expect(await page.evaluate(() => (globalThis as unknown as { matchMedia(q: string): { matches: boolean } }).matchMedia('(hover: none) and (pointer: coarse)').matches)).toBe(true);
      const hint = editor(page).getByTestId('new-line-hint');
      expect((await hint.innerText()).trim()).toBe('Tab past the last box to start a new line.');
      expect(await page.getByRole('button', { name: 'Keyboard shortcuts' }).isVisible()).toBe(false);
      await editor(page).locator('input[data-field="price"]').first().fill('3');
      await editor(page).getByTestId('submit-order').click();
      await panel(page).waitFor();
      expect(await panel(page).getByTestId('method-keys').isVisible()).toBe(false);
      await screenshot(page, 'till-touch-no-hints');
    } finally {
      await context.close();
    }
  });
});
