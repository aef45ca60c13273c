/**
 * The server's half of the offline till on screen: a sale a till sent back that the
 * server could not complete (the piece was sold meanwhile at another till) is listed for
 * the manager under Needs Attention, who completes one anyway and voids another with a
 * reason; the End of Day close warns about a till with sales not yet sent; Settings
 * show the offline limits and the payment method's "May be taken offline".
 */
import { randomUUID } from 'node:crypto';
import { afterAll, beforeAll, describe, expect, test } from 'vitest';
import { launchBrowser, trackedPage, type Browser, type TrackedPage } from './support/browser';
import { asOwnerOf, baseURL, createStaffViaApi, openAs, screenshot, signUpOwnerViaApi, type Account, type OwnerAccount } from './support/app';

const M = (dollars: number) => ({ type: 'Money', value: String(dollars * 1_000_000) });
const P = (percent: number) => ({ type: 'Percent', value: String(percent * 1_000_000) });

describe('Needs Attention', () => {
  let browser: Browser;
  let tp: TrackedPage;
  let owner: OwnerAccount;
  let manager: Account;
  let asOwner: ReturnType<typeof asOwnerOf>;

  beforeAll(async () => {
    browser = await launchBrowser();
    tp = await trackedPage(browser.context);
    owner = await signUpOwnerViaApi({ storeName: 'Offline Antiques' });
    asOwner = asOwnerOf(owner);
    manager = await createStaffViaApi(baseURL(), owner.token, { role: 'STORE_MANAGER', storeId: owner.storeId });
    const { vendor } = await asOwner<{ vendor: { id: number } }>('/vendor/add', { tradeName: 'Jane Doe Antiques', contactName: 'Jane', contactEmail: `jane-${randomUUID().slice(0, 6)}@example.test`, primaryPhone: '555-0100' });
    await asOwner('/store/itemcode/add', { tag: 'JANE1', vendorId: vendor.id, defaultCommissionPercent: P(20) });
    await asOwner('/store/payment/create', { name: 'Card terminal', vendorFeePercent: P(3), customerFeePercent: P(0), customerFeeAmount: M(0), minimumAmount: M(0), offlineAllowed: true });
  });
  afterAll(async () => {
    await browser?.close();
  });

  test('lists the refused sales; Complete anyway and Void with a reason resolve them', async () => {
    const { paymentMethods } = await asOwner<{ paymentMethods: { id: number; isCash: boolean }[] }>('/store/payment/list', {});
    const cash = paymentMethods.find((m) => m.isCash)!.id;
    const till = async (name: string) => {
      const deviceId = randomUUID();
      await asOwner('/device/register', { deviceId, name });
      const { numbers } = await asOwner<{ numbers: string[] }>('/device/reserve-numbers', { deviceId, idempotencyKey: randomUUID() });
      return { deviceId, numbers };
    };
    const [front, back] = await Promise.all([till('Front till'), till('Back till')]);
    const refused: { orderNumber: string }[] = [];
    for (const description of ['Cameo brooch', 'Silver spoon']) {
      const { item } = await asOwner<{ item: { itemNumber: string } }>('/item/add', { itemCode: 'JANE1', description, price: M(35), quantity: 1 });
      for (const t of [front, back]) {
        const orderNumber = t.numbers.shift()!;
        const answer = await asOwner<{ status: string }>('/offline/replay', {
          deviceId: t.deviceId,
          clientId: randomUUID(),
          orderNumber,
          soldAt: new Date(Date.now() - 30 * 60_000).toISOString(),
          items: [{ itemNumber: item.itemNumber }],
          payments: [{ paymentMethodId: cash, amount: M(35) }],
        });
        if (answer.status === 'NEEDS_ATTENTION') refused.push({ orderNumber });
      }
    }
    expect(refused).toHaveLength(2);
    await asOwner('/device/report', { deviceId: front.deviceId, pending: 2, oldestPendingAt: new Date(Date.now() - 3_600_000).toISOString(), skippedNumbers: [] });

    const { page } = tp;
    await openAs(page, manager, '/attention');
    await page.getByRole('heading', { name: 'Needs Attention', level: 1 }).waitFor();
    const open = page.getByRole('table', { name: 'Open offline sales' });
    await open.locator(`[data-attention="${refused[0]!.orderNumber}"]`).waitFor();
    expect(await open.locator('tbody tr').count()).toBe(2);
    expect(await open.textContent()).toContain('was sold on order');
    await screenshot(page, 'needs-attention-list');

    await page.getByRole('button', { name: `Void ${refused[1]!.orderNumber}` }).click();
    const dialog = page.getByRole('dialog');
    await dialog.getByRole('button', { name: 'Void sale' }).click();
    await dialog.getByText('Reason is required to void a sale').waitFor();
    await screenshot(page, 'needs-attention-void-dialog');
    await dialog.getByLabel('Reason').fill('Rung up twice');
    await dialog.getByRole('button', { name: 'Void sale' }).click();
    await page.getByText(`Offline sale ${refused[1]!.orderNumber} voided`).waitFor();

    await page.getByRole('button', { name: `Complete ${refused[0]!.orderNumber} anyway` }).click();
    await screenshot(page, 'needs-attention-complete-dialog');
    await page.getByRole('dialog').getByRole('button', { name: 'Complete anyway' }).click();
    await page.getByText(`Offline sale ${refused[0]!.orderNumber} completed`).first().waitFor();
    const resolved = page.getByRole('table', { name: 'Resolved offline sales' });
    await resolved.getByText('Rung up twice').waitFor();
    // The list reloads after each resolution: wait for both rows.
    await expect.poll(() => resolved.locator('tbody tr').count()).toBe(2);
    await screenshot(page, 'needs-attention-resolved');

    await page.setViewportSize({ width: 390, height: 844 });
    await screenshot(page, 'needs-attention-phone');
    await page.setViewportSize({ width: 1280, height: 900 });

    // The End of Day close warns about the till with sales not yet sent.
    await openAs(page, manager, '/reports?tab=endOfDay');
    await page.getByRole('tab', { name: 'End of Day', selected: true }).waitFor();
    await page.getByTestId('devices-waiting').waitFor();
    expect(await page.getByTestId('devices-waiting').textContent()).toContain('Front till');
    await screenshot(page, 'end-of-day-devices-waiting');

    // Settings: the offline limits and the payment method's flag.
    await openAs(page, owner, '/store/settings');
    await page.getByLabel('Offline sales limit').waitFor();
    expect(await page.getByLabel('Offline sales limit').inputValue()).toBe('50');
    await page.getByLabel('Offline sales limit').scrollIntoViewIfNeeded();
    await screenshot(page, 'settings-offline-limits');
    await page.getByRole('button', { name: 'Edit Card terminal' }).click();
    await page.getByRole('dialog').getByLabel('May be taken offline').waitFor();
    expect(await page.getByRole('dialog').getByLabel('May be taken offline').isChecked()).toBe(true);
    await screenshot(page, 'settings-payment-method-offline');
  });
});
