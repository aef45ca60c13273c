/**
 * Two tills offline at once, each a browser of its own (its own IndexedDB and outbox):
 * each takes its own block of numbers, so their receipts carry distinct final numbers;
 * both sell the same single tagged piece. When the network returns, the first to send
 * completes it and the other's sale lands in Needs Attention with the reason, for the
 * manager. docs/ARCHITECTURE.md, The offline till.
 */
import { randomUUID } from 'node:crypto';
import { afterAll, beforeAll, describe, expect, test } from 'vitest';
import type { Page } from 'playwright-core';
import { launchBrowser, trackedPage, type Browser, type TrackedPage } from './support/browser';
import { asOwnerOf, baseURL, createStaffViaApi, openAs, screenshot, signUpOwnerViaApi, type Account, type OwnerAccount } from './support/app';

const M = (dollars: number) => ({ type: 'Money', value: String(dollars * 1_000_000) });
const P = (percent: number) => ({ type: 'Percent', value: String(percent * 1_000_000) });

describe('two tills offline at once', () => {
  const browsers: Browser[] = [];
  const pages: TrackedPage[] = [];
  let owner: OwnerAccount;
  let manager: Account;
  let asOwner: ReturnType<typeof asOwnerOf>;
  let itemNumber: string;

  const till = (page: Page) => page.getByTestId('offline-till');

  beforeAll(async () => {
    owner = await signUpOwnerViaApi({ storeName: 'Twin Tills Mall' });
    asOwner = asOwnerOf(owner);
    manager = await createStaffViaApi(baseURL(), owner.token, { role: 'STORE_MANAGER', storeId: owner.storeId });
    const { vendor } = await asOwner<{ vendor: { id: number } }>('/vendor/add', { tradeName: 'Jane Doe Antiques', contactName: 'Jane', contactEmail: `jane-${randomUUID().slice(0, 6)}@example.test`, primaryPhone: '555-0100' });
    await asOwner('/store/itemcode/add', { tag: 'JANE1', vendorId: vendor.id, defaultCommissionPercent: P(20) });
    const { item } = await asOwner<{ item: { itemNumber: string } }>('/item/add', { itemCode: 'JANE1', description: 'Cameo brooch', price: M(35), quantity: 1 });
    itemNumber = item.itemNumber;
    for (let i = 0; i < 2; i++) {
      const browser = await launchBrowser({ serviceWorkers: 'allow' });
      browsers.push(browser);
      pages.push(await trackedPage(browser.context));
    }
  });
  afterAll(async () => {
    for (const browser of browsers) {
      await browser.context.setOffline(false);
      await browser.close();
    }
  });

  test('distinct numbers on each receipt; the same piece sold on both: one completes, the other needs attention', async () => {
    // Each till is opened online and enabled: its own device, snapshot and block of numbers.
    for (const { page } of pages) {
      await openAs(page, manager, '/orders');
      await page.getByRole('button', { name: 'Sell offline on this till' }).click();
      await expect.poll(() => page.getByTestId('offline-readiness').textContent(), { timeout: 15_000 }).toMatch(/^Ready to sell offline: 25 order numbers/);
      await page.waitForFunction(() => (globalThis as unknown as { navigator: { serviceWorker: { ready: Promise<unknown> } } }).navigator.serviceWorker.ready.then(() => true));
    }

    // Both go offline and sell the one brooch, by its tag, for cash.
    const numbers: string[] = [];
    for (const [i, { page }] of pages.entries()) {
      await browsers[i]!.context.setOffline(true);
      await till(page).waitFor();
      const box = till(page).getByTestId('offline-entry');
      await box.fill(itemNumber);
      await box.press('Enter');
      await till(page).getByTestId('offline-line').first().waitFor();
      await till(page).getByTestId('offline-methods').getByText('Cash', { exact: true }).click();
      await till(page).getByTestId('offline-complete').click();
      const receipt = page.getByTestId('offline-receipt-view');
      await receipt.waitFor();
      expect(await receipt.getByTestId('receipt-offline').textContent()).toBe('OFFLINE SALE');
      numbers.push((await receipt.getByTestId('receipt-number').textContent()) ?? '');
      await page.getByTestId('offline-new-sale').click();
      await expect.poll(() => page.getByTestId('offline-banner').textContent()).toContain('Offline — 1 sale waiting to be sent');
    }
    expect(numbers[0]).not.toBe(numbers[1]);

    // The first till comes back and sends; then the second.
    for (const [i, { page }] of pages.entries()) {
      await browsers[i]!.context.setOffline(false);
      await page.getByRole('tab', { name: 'Order Lookup' }).waitFor();
      await expect.poll(() => page.getByTestId('outbox-banner').count(), { timeout: 20_000 }).toBe(0);
    }

    const stubs = (await asOwner<{ orderStubs: { orderNumber: string; status: string }[] }>('/order/lookup', {})).orderStubs;
    expect(stubs.filter((s) => s.orderNumber === numbers[0]).map((s) => s.status)).toEqual(['COMPLETED']);
    expect(stubs.filter((s) => s.orderNumber === numbers[1])).toEqual([]);
    const { sales } = await asOwner<{ sales: { orderNumber: string; status: string; reason: string }[] }>('/offline/attention', {});
    expect(sales.map((s) => [s.orderNumber, s.status])).toEqual([[numbers[1], 'OPEN']]);
    expect(sales[0]!.reason).toContain(`was sold on order ${numbers[0]}`);

    // The manager sees it under Needs Attention.
    const { page } = pages[0]!;
    await page.goto(`${baseURL()}/attention`);
    const open = page.getByRole('table', { name: 'Open offline sales' });
    await open.locator(`[data-attention="${numbers[1]}"]`).waitFor();
    expect(await open.textContent()).toContain(`was sold on order ${numbers[0]}`);
    await screenshot(page, 'offline-two-tills-attention');
    for (const p of pages) p.expectClean([/ERR_INTERNET_DISCONNECTED/, /Failed to load resource/]);
  }, 120_000);
});
