/**
 * One clock, in Chromium: a store on Kiritimati (UTC+14, as far from the test machine's
 * clock as a zone gets) sees every time in its own zone, whatever the browser's: the
 * lookup list, the cancel banner, the refund list, the audit log and the Z report's
 * "closed at". Sign-up gives a new store the browser's zone, and the settings' zone search
 * finds a zone by its city or its region's common name. Also: how the app's files and
 * answers travel (compressed; hashed files kept a year, index.html asked about each load).
 */
import { afterAll, beforeAll, describe, expect, test } from 'vitest';
import type { Page } from 'playwright-core';
import { launchBrowser, trackedPage, type Browser, type TrackedPage } from './support/browser';
import { asOwnerOf, baseURL, openAs, screenshot, signUpOwner, signUpOwnerViaApi, updateStoreSettings, type OwnerAccount } from './support/app';

const STORE_ZONE = 'Pacific/Kiritimati';
/** The browser's own zone: 24 hours from the store's in winter, 23 in summer. */
const BROWSER_ZONE = 'America/Chicago';
const money = (text: string) => ({ type: 'Money', value: String(Math.round(Number(text) * 100) * 10_000) });

const dateTime = (iso: string, timeZone: string) =>
  new Intl.DateTimeFormat('en-US', { month: 'short', day: 'numeric', year: 'numeric', hour: 'numeric', minute: '2-digit', timeZone }).format(new Date(iso));
function stamp(iso: string, timeZone: string): string {
  const p: Record<string, string> = {};
  for (const part of new Intl.DateTimeFormat('en-US', { year: 'numeric', month: '2-digit', day: '2-digit', hour: '2-digit', minute: '2-digit', second: '2-digit', hourCycle: 'h23', timeZone }).formatToParts(new Date(iso))) p[part.type] = part.value;
  return `${p.year}-${p.month}-${p.day} ${p.hour}:${p.minute}:${p.second}`;
}
const storeDay = (timeZone: string) => new Intl.DateTimeFormat('en-CA', { timeZone, year: 'numeric', month: '2-digit', day: '2-digit' }).format(new Date());

interface StoredOrder {
  id: number;
  orderNumber: string;
  createdAt: string;
  cancelledAt: string | null;
  items: { id: number }[];
  refunds: { number: string; createdAt: string }[];
}

describe("one clock: the store's time zone on every screen", () => {
  let browser: Browser;
  let tp: TrackedPage;
  let owner: OwnerAccount;
  let asOwner: ReturnType<typeof asOwnerOf>;
  let browserZone: string;
  let sold: StoredOrder;
  let cancelled: StoredOrder;
  let closedAt: string;

  const view = (page: Page) => page.locator('[data-testid="order-view"]:visible');
  const fetchOrder = async (orderId: number) => (await asOwner<{ order: StoredOrder }>('/order/fetch', { orderId })).order;

  beforeAll(async () => {
    browser = await launchBrowser({ timezoneId: BROWSER_ZONE });
    tp = await trackedPage(browser.context);
    browserZone = await tp.page.evaluate(() => Intl.DateTimeFormat().resolvedOptions().timeZone);
    expect(browserZone).toBe(BROWSER_ZONE);
    owner = await signUpOwnerViaApi();
    asOwner = asOwnerOf(owner);
    await updateStoreSettings(owner, { timeZone: STORE_ZONE });
    const { paymentMethods } = await asOwner<{ paymentMethods: { id: number; isCash: boolean }[] }>('/store/payment/list');
    const cash = paymentMethods.find((m) => m.isCash)!;

    const next = await asOwner<{ nextOrderId: number }>('/order/next');
    await asOwner('/order/submit', {
      orderId: next.nextOrderId,
      customerName: 'Kiri Timati',
      items: [{ itemCode: '', description: 'Shell lamp', quantity: 2, price: money('10') }],
      payments: [{ paymentMethodId: cash.id, amount: money('20') }],
    });
    const order = await fetchOrder(next.nextOrderId);
    await asOwner('/order/refund', { orderId: order.id, lines: [{ orderLineId: order.items[0]!.id, quantity: 1 }], payments: [{ paymentMethodId: cash.id, amount: money('10') }], reason: 'Chipped' });
    sold = await fetchOrder(order.id);

    const voided = await asOwner<{ nextOrderId: number }>('/order/next');
    await asOwner('/order/cancel', { orderId: voided.nextOrderId, reason: 'Walked out' });
    cancelled = await fetchOrder(voided.nextOrderId);

    const closed = await asOwner<{ closed: { at: string } | null }>('/reports/end-of-day/close', { date: storeDay(STORE_ZONE), openingCash: money('0'), countedCash: money('10') });
    closedAt = closed.closed!.at;
  });

  afterAll(async () => {
    await browser?.close();
  });

  test("the store's zone is not the browser's, so every time below would differ in the browser's", () => {
    expect(browserZone).not.toBe(STORE_ZONE);
    expect(dateTime(sold.createdAt, STORE_ZONE)).not.toBe(dateTime(sold.createdAt, browserZone));
  });

  test('the lookup, the cancel banner and the refund list show times in the store’s zone', async () => {
    const { page } = tp;
    await openAs(page, owner, '/orders');
    await page.getByRole('tablist', { name: 'Orders' }).getByRole('tab', { name: 'Order Lookup' }).click();
    await page.getByRole('button', { name: 'Search Orders' }).click();
    const found = page.getByRole('table', { name: 'Orders found' });
    const dateOf = (number: string) => found.locator(`tbody tr[data-order-number="${number}"] td[data-label="Date"]`);
    await expect.poll(() => dateOf(sold.orderNumber).textContent()).toBe(dateTime(sold.createdAt, STORE_ZONE));
    await expect(dateOf(cancelled.orderNumber).textContent()).resolves.toBe(dateTime(cancelled.createdAt, STORE_ZONE));
    await screenshot(page, 'one-clock-lookup');

    await found.locator(`tbody tr[data-order-number="${cancelled.orderNumber}"]`).click();
    const banner = view(page).getByTestId('view-banner');
    await expect.poll(() => banner.textContent()).toContain(`was cancelled on ${dateTime(cancelled.cancelledAt!, STORE_ZONE)}.`);

    await page.getByRole('tablist', { name: 'Orders' }).getByRole('tab', { name: 'Order Lookup' }).click();
    await found.locator(`tbody tr[data-order-number="${sold.orderNumber}"]`).click();
    const refundDate = view(page).getByTestId('refund-list').locator(`tr[data-refund="${sold.refunds[0]!.number}"] td[data-label="Date"]`);
    await expect.poll(() => refundDate.textContent()).toBe(dateTime(sold.refunds[0]!.createdAt, STORE_ZONE));
    await screenshot(page, 'one-clock-refund-list');
    tp.expectClean();
  });

  test("the audit log and the Z report's closed at show the store's zone", async () => {
    const { page } = tp;
    await openAs(page, owner, '/store/audit');
    const when = page.getByRole('table').locator('tbody tr').filter({ hasText: 'Day closed' }).locator('td').first();
    await expect.poll(() => when.textContent()).toBe(stamp(closedAt, STORE_ZONE));
    await screenshot(page, 'one-clock-audit');

    await openAs(page, owner, '/reports');
    await page.getByRole('tab', { name: 'End of Day' }).click();
    await page.getByRole('textbox', { name: 'Day' }).fill(storeDay(STORE_ZONE));
    await expect.poll(() => page.getByTestId('closed-badge').textContent()).toBe(`Closed by ${owner.username} at ${dateTime(closedAt, STORE_ZONE)}`);
    await screenshot(page, 'one-clock-z-report');
    tp.expectClean();
  });

  test("sign-up gives the new store the browser's zone, and the zone search finds cities and regions", async () => {
    const { page } = tp;
    await page.goto(`${baseURL()}/`);
    await page.evaluate(() => (globalThis as unknown as { localStorage: { clear(): void } }).localStorage.clear());
    const newOwner = await signUpOwner(page);
    const settings = await asOwnerOf(newOwner)<{ timeZone: string }>('/store/fetch-settings');
    expect(settings.timeZone).toBe(browserZone);

    await page.goto(`${baseURL()}/store/settings`);
    const zone = page.getByRole('combobox', { name: 'Time Zone' });
    await expect.poll(() => zone.inputValue()).toBe(BROWSER_ZONE);
    await zone.focus();
    for (const [typed, found] of [
      ['New York', 'America/New_York'],
      ['Eastern', 'America/New_York'],
      ['Pacific', 'America/Los_Angeles'],
      ['America/New_York', 'America/New_York'],
    ] as const) {
      await zone.fill(typed);
      await page.getByRole('option', { name: found, exact: true }).waitFor();
    }
    await zone.fill('New York');
    await screenshot(page, 'one-clock-zone-search');
    await page.getByRole('option', { name: 'America/New_York', exact: true }).click();
    await expect.poll(() => zone.inputValue()).toBe('America/New_York');
    tp.expectClean();
  });
});

describe('how the app travels', () => {
  const get = (path: string, encoding = 'gzip, deflate, br') => fetch(`${baseURL()}${path}`, { headers: { 'accept-encoding': encoding } });

  test('index.html is asked about on every load; the hashed files it names are compressed and kept a year', async () => {
    const index = await get('/');
    expect(index.headers.get('cache-control')).toBe('no-cache');
    expect(index.headers.get('content-encoding')).toBe('br');
    const html = await index.text();
    const assets = [...html.matchAll(/(?:src|href)="(\/assets\/[^"]+\.(?:js|css))"/g)].map((m) => m[1]!);
    expect(assets.length).toBeGreaterThan(0);
    for (const asset of assets) {
      const res = await get(asset);
      expect(res.status, asset).toBe(200);
      expect(res.headers.get('cache-control'), asset).toBe('public, max-age=31536000, immutable');
      expect(res.headers.get('content-encoding'), asset).toBe('br');
      const gz = await get(asset, 'gzip');
      expect(gz.headers.get('content-encoding'), asset).toBe('gzip');
    }
  });

  test('answers of the API are compressed and never stored', async () => {
    const res = await get('/api/v1/openapi.json', 'gzip');
    expect(res.status).toBe(200);
    expect(res.headers.get('content-encoding')).toBe('gzip');
    expect(res.headers.get('cache-control')).toBe('no-store');
    expect(((await res.json()) as { openapi: string }).openapi).toMatch(/^3\.1/);
  });
});
