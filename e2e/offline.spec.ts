/**
 * The offline till in Chromium with the network cut (Playwright's setOffline), as a
 * cashier: the till opened online and enabled for offline selling takes the store's
 * snapshot and a block of numbers; with
 * no network the page still loads (the service worker), three sales are rung up (Cash, a
 * card terminal marked "May be taken offline", a scanned tagged item), each receipt shows
 * its final number marked offline; the outbox survives a reload; a fourth sale past the
 * store's limit is refused with the reason. Back online, the three are completed exactly
 * once with their numbers, each vendor's statement has its sale and the Z report counts
 * them. docs/ARCHITECTURE.md, The offline till.
 */
import { afterAll, beforeAll, describe, expect, test } from 'vitest';
import type { Page } from 'playwright-core';
import { AxeBuilder } from '@axe-core/playwright';
import { launchBrowser, trackedPage, type Browser, type TrackedPage } from './support/browser';
import { asOwnerOf, openAs, screenshot, signUpOwnerViaApi, updateStoreSettings, type OwnerAccount } from './support/app';

const money = (text: string) => ({ type: 'Money', value: String(Math.round(Number(text) * 100) * 10_000) });
const percent = (text: string) => ({ type: 'Percent', value: String(Math.round(Number(text) * 1_000_000)) });

interface DeviceRow {
  numbers: string[];
  snapshot: unknown;
}

/** The device's record in IndexedDB (features/offline/device-db.ts), read in the page. */
function deviceRecord(page: Page): Promise<DeviceRow | null> {
  return page.evaluate(
    () =>
      new Promise<DeviceRow | null>((resolve) => {
        const idb = (globalThis as unknown as { indexedDB: { open(name: string): { onsuccess: (() => void) | null; onerror: (() => void) | null; result: IdbDatabase } } }).indexedDB;
        interface IdbDatabase {
          objectStoreNames: { contains(n: string): boolean };
          transaction(s: string): { objectStore(s: string): { getAll(): { onsuccess: (() => void) | null; result: DeviceRow[] } } };
          close(): void;
        }
        const open = idb.open('pos-till');
        open.onerror = () => resolve(null);
        open.onsuccess = () => {
          const db = open.result;
          if (!db.objectStoreNames.contains('devices')) {
            db.close();
            resolve(null);
            return;
          }
          const all = db.transaction('devices').objectStore('devices').getAll();
          all.onsuccess = () => {
            db.close();
            resolve(all.result[0] ?? null);
          };
        };
      }),
  );
}

/** Dates the device's last sync `hoursAgo` back, in the page's IndexedDB (as a till left unsynced would be). */
function backdateLastSync(page: Page, hoursAgo: number): Promise<void> {
  return page.evaluate(
    (ms) =>
      new Promise<void>((resolve, reject) => {
        interface Store {
          getAll(): { onsuccess: (() => void) | null; result: { lastSyncAt: number | null }[] };
          put(record: unknown): void;
        }
        const idb = (globalThis as unknown as { indexedDB: { open(name: string): { onsuccess: (() => void) | null; result: IdbDatabase } } }).indexedDB;
        interface IdbDatabase {
          transaction(s: string, mode: string): { objectStore(s: string): Store; oncomplete: (() => void) | null; onerror: (() => void) | null };
          close(): void;
        }
        const open = idb.open('pos-till');
        open.onsuccess = () => {
          const db = open.result;
          const tx = db.transaction('devices', 'readwrite');
          const store = tx.objectStore('devices');
          const all = store.getAll();
          all.onsuccess = () => {
            for (const record of all.result) store.put({ ...record, lastSyncAt: Date.now() - ms });
          };
          tx.oncomplete = () => {
            db.close();
            resolve();
          };
          tx.onerror = () => reject(new Error('could not write the device record'));
        };
      }),
    hoursAgo * 3_600_000,
  );
}

describe('the offline till', () => {
  let browser: Browser;
  let tp: TrackedPage;
  let owner: OwnerAccount;
  let asOwner: ReturnType<typeof asOwnerOf>;
  let vendorIds: { ada: number; bo: number };
  let itemNumber: string;
  const sold: { number: string; total: string }[] = [];

  const till = (page: Page) => page.getByTestId('offline-till');
  const banner = (page: Page) => page.getByTestId('offline-banner');

  /** Adds a line by item number or code; a code's line gets its description and price. */
  async function addLine(page: Page, entry: string, typed?: { description: string; price: string }) {
    const box = till(page).getByTestId('offline-entry');
    await box.fill(entry);
    await box.press('Enter');
    const line = till(page).getByTestId('offline-line').last();
    await line.waitFor();
    if (typed) {
      await line.getByRole('textbox', { name: 'Description' }).fill(typed.description);
      await line.getByRole('textbox', { name: 'Price' }).fill(typed.price);
      await line.getByRole('textbox', { name: 'Price' }).blur();
    }
  }

  /** Tenders by the named method (amount as given, else the total) and completes; returns the receipt's number. */
  async function complete(page: Page, method: string, amount?: string): Promise<string> {
    await till(page).getByTestId('offline-methods').getByText(method, { exact: true }).click();
    if (amount) {
      const box = till(page).getByRole('textbox', { name: /tendered|amount/ });
      await box.fill(amount);
      await box.blur();
    }
    const total = (await till(page).getByTestId('offline-total').textContent()) ?? '';
    await till(page).getByTestId('offline-complete').click();
    const receipt = page.getByTestId('offline-receipt-view');
    await receipt.waitFor();
    const number = (await receipt.getByTestId('receipt-number').textContent()) ?? '';
    expect(await receipt.getByTestId('receipt-offline').textContent()).toBe('OFFLINE SALE');
    sold.push({ number, total });
    return number;
  }

  beforeAll(async () => {
    browser = await launchBrowser({ serviceWorkers: 'allow' });
    // Counts the app's requests that the browser keep its data (navigator.storage.persist()).
    await browser.context.addInitScript(() => {
      const w = globalThis as unknown as { persistAsked: number; navigator: { storage?: { persist?: () => Promise<boolean> } } };
      w.persistAsked = 0;
      const storage = w.navigator.storage;
      const persist = storage?.persist?.bind(storage);
      if (storage && persist) {
        storage.persist = () => {
          w.persistAsked++;
          return persist();
        };
      }
    });
    tp = await trackedPage(browser.context);
    owner = await signUpOwnerViaApi({ storeName: 'Harbour Mall' });
    asOwner = asOwnerOf(owner);
    const ada = await asOwner<{ vendor: { id: number } }>('/vendor/add', { tradeName: 'Ada Antiques', contactName: 'Ada', contactEmail: 'ada@example.com', primaryPhone: '555-0101', vendorType: 'CONSIGNMENT' });
    const bo = await asOwner<{ vendor: { id: number } }>('/vendor/add', { tradeName: 'Bo Books', contactName: 'Bo', contactEmail: 'bo@example.com', primaryPhone: '555-0102', vendorType: 'CONSIGNMENT' });
    vendorIds = { ada: ada.vendor.id, bo: bo.vendor.id };
    await asOwner('/store/itemcode/add', { tag: 'ADA1', vendorId: ada.vendor.id, defaultCommissionPercent: percent('20') });
    await asOwner('/store/itemcode/add', { tag: 'BO1', vendorId: bo.vendor.id, defaultCommissionPercent: percent('30') });
    const item = await asOwner<{ item: { itemNumber: string } }>('/item/add', { description: 'Brass lamp', price: money('45'), itemCode: 'BO1' });
    itemNumber = item.item.itemNumber;
    await asOwner('/store/payment/create', { name: 'Terminal', vendorFeePercent: percent('3'), customerFeePercent: percent('0'), customerFeeAmount: money('0'), minimumAmount: money('0'), requiresManagerApproval: false, offlineAllowed: true });
    await asOwner('/store/payment/create', { name: 'House account', vendorFeePercent: percent('0'), customerFeePercent: percent('0'), customerFeeAmount: money('0'), minimumAmount: money('0'), requiresManagerApproval: true });
    await updateStoreSettings(owner, { offlineMaxSales: 3 });
  });
  afterAll(async () => {
    await browser.context.setOffline(false);
    await browser.close();
  });

  test('opened online, the till loads and sells with no network, and every sale is completed once when it returns', async () => {
    const { page } = tp;
    await openAs(page, owner, '/orders');
    await page.getByRole('tab', { name: 'Order Lookup' }).waitFor();
    expect(await page.getByTestId('offline-readiness').textContent()).toContain('This till does not sell offline');
    expect(await deviceRecord(page)).toBeNull();
    await page.getByRole('button', { name: 'Sell offline on this till' }).click();
    // The device registers, takes the snapshot and its block of numbers; the worker installs.
    await expect.poll(async () => (await deviceRecord(page))?.numbers.length ?? 0, { timeout: 15_000 }).toBe(25);
    await page.waitForFunction(() => (globalThis as unknown as { navigator: { serviceWorker: { ready: Promise<unknown> } } }).navigator.serviceWorker.ready.then(() => true));
    const manifest = await page.evaluate(() => fetch('/manifest.webmanifest').then((r) => r.json() as Promise<{ display: string; start_url: string; icons: unknown[] }>));
    expect(manifest).toMatchObject({ display: 'standalone', start_url: '/orders' });
    // The app asked the browser to keep the till's data.
    expect(await page.evaluate(() => (globalThis as unknown as { persistAsked: number }).persistAsked)).toBeGreaterThan(0);
    const firstNumber = (await deviceRecord(page))?.numbers[0];
    await expect.poll(() => page.getByTestId('offline-readiness').textContent()).toMatch(/^Ready to sell offline: 25 order numbers, data of /);

    // No network: the page still loads, from the service worker, on the offline till.
    await browser.context.setOffline(true);
    await page.reload();
    await till(page).waitFor();
    expect(await banner(page).textContent()).toContain('Offline — 0 sales waiting to be sent');
    const unavailable = await till(page).getByTestId('offline-unavailable-methods').textContent();
    expect(unavailable).toContain("House account: Needs a manager's approval, which needs the network");
    expect(unavailable).not.toContain('Terminal');

    // 1: typed by item code, Cash 50.00 (change shown).
    await addLine(page, 'ada1', { description: 'Cameo brooch', price: '35' });
    expect(await till(page).getByTestId('offline-line-vendor').first().textContent()).toBe('Ada Antiques');
    await till(page).getByRole('textbox', { name: 'Cash tendered' }).fill('50');
    await till(page).getByRole('textbox', { name: 'Cash tendered' }).blur();
    expect(await till(page).getByTestId('offline-change').textContent()).toBe('$15.00');
    await screenshot(page, 'offline-till');
    // WCAG 2.1 A and AA, as every screen of the accessibility spec.
    const axe = await new AxeBuilder({ page }).withTags(['wcag2a', 'wcag2aa', 'wcag21a', 'wcag21aa']).analyze();
    expect(axe.violations.filter((v) => v.impact === 'serious' || v.impact === 'critical').map((v) => `${v.id}: ${v.nodes.map((n) => n.target.join(' ')).join(', ')}`)).toEqual([]);
    const first = await complete(page, 'Cash');
    expect(first).toBe(firstNumber);
    // The receipt as it prints.
    await page.evaluate(() => {
      (globalThis as unknown as { print: () => void }).print = () => undefined;
    });
    await page.getByRole('button', { name: 'Print Receipt' }).click();
    await page.locator('[data-receipt-print]').waitFor({ state: 'attached' });
    await page.emulateMedia({ media: 'print' });
    await screenshot(page, 'offline-receipt-print');
    await page.emulateMedia({ media: 'screen' });
    await page.getByTestId('offline-new-sale').click();

    // 2: the card terminal allowed offline.
    await addLine(page, 'BO1', { description: 'Book set', price: '20' });
    await complete(page, 'Terminal');
    await page.getByTestId('offline-new-sale').click();

    // 3: a scanned tag fills the line; Cash exactly.
    await addLine(page, itemNumber);
    const scanned = till(page).getByTestId('offline-line').first();
    expect(await scanned.getByRole('textbox', { name: 'Description' }).inputValue()).toBe('Brass lamp');
    expect(await scanned.getByTestId('offline-line-vendor').textContent()).toBe('Bo Books');
    await complete(page, 'Cash');
    await page.getByTestId('offline-new-sale').click();
    expect(new Set(sold.map((s) => s.number)).size).toBe(3);
    await expect.poll(() => banner(page).textContent()).toContain('Offline — 3 sales waiting to be sent');

    // A fourth is past the store's limit of 3: refused with the reason.
    await addLine(page, 'ADA1', { description: 'Teacup', price: '5' });
    expect(await till(page).getByTestId('offline-refusal').textContent()).toContain('already has 3 sales waiting to be sent, the most it may keep offline (3)');
    expect(await till(page).getByTestId('offline-complete').isDisabled()).toBe(true);
    await screenshot(page, 'offline-till-limit');

    // The outbox survives a reload.
    await page.reload();
    await till(page).waitFor();
    await expect.poll(() => banner(page).textContent()).toContain('Offline — 3 sales waiting to be sent');
    expect(await page.getByTestId('sync-stale').count()).toBe(0);

    // A till that has not synced for 24 hours says so.
    await backdateLastSync(page, 25);
    await page.reload();
    await till(page).waitFor();
    await page.getByTestId('sync-stale').waitFor();
    expect(await page.getByTestId('sync-stale').textContent()).toContain('This till has not synced for 24 hours');
    await screenshot(page, 'offline-till-stale');

    // The network returns: the outbox is sent, the till is the online one again.
    await browser.context.setOffline(false);
    await page.getByRole('tab', { name: 'Order Lookup' }).waitFor();
    await expect.poll(() => page.getByTestId('outbox-banner').count(), { timeout: 20_000 }).toBe(0);
    // Synced: the warning is gone.
    await expect.poll(() => page.getByTestId('sync-stale').count()).toBe(0);

    // Each completed exactly once, with its number and total.
    const stubs = (await asOwner<{ orderStubs: { orderNumber: string; status: string; total: { value: string } }[] }>('/order/lookup', {})).orderStubs;
    for (const sale of sold) {
      const found = stubs.filter((s) => s.orderNumber === sale.number);
      expect(found.map((s) => s.status)).toEqual(['COMPLETED']);
      expect(`$${(Number(found[0]!.total.value) / 1_000_000).toFixed(2)}`).toBe(sale.total);
    }
    // Vendor statements: each sale posted once to its vendor (its sale, and the store's commission on it).
    const statementSales = async (vendorId: number) =>
      (await asOwner<{ entries: { orderNumber: string | null; kind: string }[] }>('/vendor/statement', { vendorId })).entries
        .filter((e) => e.kind === 'SALE')
        .map((e) => e.orderNumber)
        .sort();
    expect(await statementSales(vendorIds.ada)).toEqual([sold[0]!.number]);
    expect(await statementSales(vendorIds.bo)).toEqual([sold[1]!.number, sold[2]!.number].sort());
    // The Z report counts them.
    const z = await asOwner<{ report: { sales: { orders: number }; payments: { name: string; orders: number }[] } }>('/reports/end-of-day', {});
    expect(z.report.sales.orders).toBe(3);
    expect(z.report.payments.find((p) => p.name === 'Terminal')?.orders).toBe(1);
    expect(z.report.payments.find((p) => p.name === 'Cash')?.orders).toBe(2);
    tp.expectClean([/ERR_INTERNET_DISCONNECTED/, /Failed to load resource/]);
  }, 120_000);
});
