/**
 * The Store Settings screen in Chromium: a store owner changes order numbering, commissions and
 * the three taxes on Store Settings, saves and finds them kept after a reload; bad
 * percents and a too-long tax short name are refused with the product's messages; payment
 * methods are added, edited and deleted (after the confirmation) and kept; a failed save
 * keeps everything typed; a change made elsewhere reaches an untouched form through the
 * settings-freshness rules.
 */
import { afterAll, beforeAll, describe, expect, test } from 'vitest';
import type { Locator, Page, Route } from 'playwright-core';
import { launchBrowser, trackedPage, type Browser, type TrackedPage } from './support/browser';
import { apiPost, baseURL, dismissToasts, openAs, screenshot, signUpOwnerViaApi, windowScreenshot, type OwnerAccount } from './support/app';
import { pageTitle } from './support/screen';

const pct = (value: string) => ({ type: 'Percent', value });

interface SettingsAnswer {
  orderPrefix: string;
  nextOrderNumber: number;
  timeZone: string;
  [key: string]: unknown;
}

describe('Store Settings: an owner configures the store', () => {
  let browser: Browser;
  let tp: TrackedPage;
  let owner: OwnerAccount;
  let page: Page;

  const input = (name: string) => page.locator(`form[aria-label="Store Settings"] input[name="${name}"]`);
  const tax = (n: number) => page.getByRole('group', { name: `Tax ${n}` });
  const saveButton = () => page.getByRole('button', { name: 'Save Settings' });
  const dialog = () => page.getByRole('dialog');
  const methodRow = (name: string) => page.getByRole('table', { name: 'Payment Methods' }).locator(`tr[data-payment-method="${name}"]`);
  const asOwner = () => ({ tokenString: owner.token, storeId: owner.storeId, role: 'STORE_OWNER' });
  const fetchSettings = () => apiPost<SettingsAnswer>('/store/fetch-settings', asOwner());

  /** Types into a box and leaves it with Tab, the way a keyboard user does. */
  async function type(box: Locator, text: string) {
    await box.fill(text);
    await box.press('Tab');
  }

  async function setSwitch(n: number, label: 'Default?' | 'Enabled?', on: boolean) {
    const toggle = tax(n).getByRole('switch', { name: label });
    if ((await toggle.isChecked()) !== on) await toggle.click();
    await expect(toggle.isChecked()).resolves.toBe(on);
  }

  async function openSettings() {
    await page.goto(`${baseURL()}/store/settings`);
    await input('orderPrefix').waitFor();
    await page.getByRole('table', { name: 'Payment Methods' }).waitFor();
  }

  beforeAll(async () => {
    browser = await launchBrowser();
    tp = await trackedPage(browser.context);
    page = tp.page;
    owner = await signUpOwnerViaApi();
  });

  afterAll(async () => {
    await browser?.close();
  });

  test('the page shows its four sections and a Save Settings button fixed at the bottom', async () => {
    await openAs(page, owner, '/store/settings');
    await page.getByRole('heading', { name: 'Store Settings' }).waitFor();
    await expect(pageTitle(page)).resolves.toBe('Settings');
    for (const section of ['Order Settings', 'Commission Settings', 'Tax Configuration', 'Payment Methods']) {
      await page.getByRole('region', { name: section }).waitFor();
    }
    await input('orderPrefix').waitFor();
    await expect(input('orderPrefix').inputValue()).resolves.toBe('ORD-');
    await expect(input('nextOrderNumber').inputValue()).resolves.toBe('1');
    for (const n of [1, 2, 3]) {
      for (const label of ['Short Name', 'Long Name', 'Percentage']) await tax(n).getByLabel(label).waitFor();
      for (const label of ['Default?', 'Enabled?']) await tax(n).getByRole('switch', { name: label }).waitFor({ state: 'attached' });
    }
    // A new store has its Cash method, and only that.
    await methodRow('Cash').waitFor();
    await expect(page.getByRole('table', { name: 'Payment Methods' }).locator('tbody tr').count()).resolves.toBe(1);

    // Fixed: the button sits on the window's bottom edge, at the top and at the end of the page.
    const viewport = page.viewportSize() ?? { width: 1280, height: 800 };
    const bar = page.getByTestId('save-bar');
    const atTop = await bar.boundingBox();
    expect(atTop && Math.round(atTop.y + atTop.height)).toBe(viewport.height);
    expect(atTop && Math.round(atTop.x)).toBe(240);
    await page.mouse.wheel(0, 5000);
    await page.waitForTimeout(200);
    const afterScroll = await saveButton().boundingBox();
    expect(afterScroll && afterScroll.y + afterScroll.height).toBeLessThanOrEqual(viewport.height);
    expect(afterScroll && afterScroll.y).toBeGreaterThan(viewport.height - 100);
    await expect(page.getByTestId('save-state').textContent()).resolves.toBe('No unsaved changes');
    tp.expectClean();
  });

  test('order numbering, commissions, the three taxes and the time zone are saved and kept after a reload', async () => {
    await openSettings();
    await type(input('orderPrefix'), 'INV-');
    await type(input('nextOrderNumber'), '1500');
    await page.getByRole('combobox', { name: 'Time Zone' }).click();
    await page.getByRole('combobox', { name: 'Time Zone' }).fill('Toronto');
    await page.getByRole('option', { name: 'America/Toronto' }).click();

    await type(input('defaultVendorCommissionPercent'), '12.5');
    await type(input('defaultVendorConsignmentCommissionPercent'), '30');
    await type(input('defaultConsignmentCommissionPercent'), '45.125');

    const taxes = [
      { n: 1, short: 'GST', long: 'Goods and Services Tax', percent: '5', shown: '5', byDefault: true, enabled: true },
      { n: 2, short: 'PST', long: 'Provincial Sales Tax', percent: '7.25', shown: '7.25', byDefault: false, enabled: true },
      { n: 3, short: 'LUX', long: 'Luxury Tax', percent: '10.000001', shown: '10.000001', byDefault: true, enabled: false },
    ];
    for (const t of taxes) {
      await type(input(`tax${t.n}ShortName`), t.short);
      await type(input(`tax${t.n}LongName`), t.long);
      await type(input(`tax${t.n}Percent`), t.percent);
      await setSwitch(t.n, 'Default?', t.byDefault);
      await setSwitch(t.n, 'Enabled?', t.enabled);
    }
    await expect(page.getByTestId('save-state').textContent()).resolves.toBe('Unsaved changes');
    await saveButton().click();
    await page.getByText('Store settings updated successfully').waitFor();
    await expect(page.getByTestId('save-state').textContent()).resolves.toBe('No unsaved changes');
    await dismissToasts(page).catch(() => undefined);

    await page.reload();
    await input('orderPrefix').waitFor();
    await expect(input('orderPrefix').inputValue()).resolves.toBe('INV-');
    await expect(input('nextOrderNumber').inputValue()).resolves.toBe('1500');
    await expect(page.getByRole('combobox', { name: 'Time Zone' }).inputValue()).resolves.toBe('America/Toronto');
    await expect(input('defaultVendorCommissionPercent').inputValue()).resolves.toBe('12.5');
    await expect(input('defaultVendorConsignmentCommissionPercent').inputValue()).resolves.toBe('30');
    await expect(input('defaultConsignmentCommissionPercent').inputValue()).resolves.toBe('45.125');
    for (const t of taxes) {
      await expect(input(`tax${t.n}ShortName`).inputValue()).resolves.toBe(t.short);
      await expect(input(`tax${t.n}LongName`).inputValue()).resolves.toBe(t.long);
      await expect(input(`tax${t.n}Percent`).inputValue()).resolves.toBe(t.shown);
      await expect(tax(t.n).getByRole('switch', { name: 'Default?' }).isChecked()).resolves.toBe(t.byDefault);
      await expect(tax(t.n).getByRole('switch', { name: 'Enabled?' }).isChecked()).resolves.toBe(t.enabled);
    }

    // The server holds exactly that, in micro-units.
    const stored = await fetchSettings();
    expect(stored).toMatchObject({
      orderPrefix: 'INV-',
      nextOrderNumber: 1500,
      timeZone: 'America/Toronto',
      defaultVendorCommissionPercent: pct('12500000'),
      defaultVendorConsignmentCommissionPercent: pct('30000000'),
      defaultConsignmentCommissionPercent: pct('45125000'),
      tax1ShortName: 'GST',
      tax1Percent: pct('5000000'),
      tax1Enabled: true,
      tax1ApplyByDefault: true,
      tax2ShortName: 'PST',
      tax2Percent: pct('7250000'),
      tax2Enabled: true,
      tax2ApplyByDefault: false,
      tax3ShortName: 'LUX',
      tax3LongName: 'Luxury Tax',
      tax3Percent: pct('10000001'),
      tax3Enabled: false,
      tax3ApplyByDefault: true,
    });
    await page.mouse.move(0, 0);
    await screenshot(page, 'settings-page');
    tp.expectClean();
  });

  test("a bad percent is refused with the product's messages and the old value comes back", async () => {
    const box = input('tax2Percent');
    const field = tax(2);
    await type(box, 'abc');
    await field.getByText('Invalid percentage format').waitFor();
    await expect(box.inputValue()).resolves.toBe('7.25');

    await type(box, '150');
    await field.getByText('Percentage must be between 0% and 100%').waitFor();
    await expect(box.inputValue()).resolves.toBe('7.25');

    await type(input('defaultVendorCommissionPercent'), '-1');
    await page.getByRole('region', { name: 'Commission Settings' }).getByText('Percentage must be between 0% and 100%').waitFor();
    await expect(input('defaultVendorCommissionPercent').inputValue()).resolves.toBe('12.5');
    // Nothing changed, so there is nothing to save.
    await expect(page.getByTestId('save-state').textContent()).resolves.toBe('No unsaved changes');

    // A good value clears the message.
    await type(box, '8');
    await expect(field.getByText('Percentage must be between 0% and 100%').count()).resolves.toBe(0);
    await expect(box.inputValue()).resolves.toBe('8');
    await type(box, '7.25');
    tp.expectClean();
  });

  test('a tax short name of 7 characters is refused before anything is sent', async () => {
    const sent: string[] = [];
    const watch = (request: { url(): string }) => {
      if (request.url().includes('store.updateSettings')) sent.push(request.url());
    };
    page.on('request', watch);
    try {
      await type(input('tax1ShortName'), 'GSTHST7');
      const message = 'Tax 1 short name must be at most 6 characters';
      await tax(1).getByText(message).waitFor();
      await saveButton().click();
      const toast = page.locator('.mantine-Notification-root', { hasText: 'Failed to update store settings' });
      await toast.getByText(message).waitFor();
      // The cursor goes to the field to fix.
      await expect(input('tax1ShortName').evaluate((el) => el === (el.ownerDocument as { activeElement: unknown }).activeElement)).resolves.toBe(true);
      await screenshot(page, 'settings-short-name-error');
      expect(sent).toEqual([]);
      expect((await fetchSettings()).tax1ShortName).toBe('GST');

      await type(input('tax1ShortName'), 'GST');
      await expect(tax(1).getByText(message).count()).resolves.toBe(0);
      await expect(page.getByTestId('save-state').textContent()).resolves.toBe('No unsaved changes');
    } finally {
      page.off('request', watch);
    }
    tp.expectClean();
  });

  test('payment methods are added, edited and deleted after a confirmation, and kept', async () => {
    await openSettings();
    await page.getByRole('button', { name: 'Add Payment Method' }).click();
    await dialog().getByRole('heading', { name: 'Add Payment Method' }).waitFor();
    // Name is required.
    await dialog().getByRole('button', { name: 'Add', exact: true }).click();
    await dialog().getByText('Name is required').waitFor();

    await dialog().locator('input[name="name"]').fill('Visa');
    await type(dialog().locator('input[name="vendorFeePercent"]'), '2.5');
    await type(dialog().locator('input[name="customerFeePercent"]'), '150');
    await dialog().getByText('Percentage must be between 0% and 100%').waitFor();
    await expect(dialog().locator('input[name="customerFeePercent"]').inputValue()).resolves.toBe('0');
    await type(dialog().locator('input[name="customerFeePercent"]'), '1');
    await type(dialog().locator('input[name="customerFeeAmount"]'), '0.25');
    await type(dialog().locator('input[name="minimumAmount"]'), '5');
    await dialog().getByLabel('Requires Manager Approval').check();
    await screenshot(page, 'settings-payment-dialog');
    await dialog().getByRole('button', { name: 'Add', exact: true }).click();
    await page.getByText('Payment method added successfully').waitFor();
    await dialog().waitFor({ state: 'detached' });
    const visa = methodRow('Visa');
    await visa.waitFor();
    await expect(visa.locator('td').allTextContents()).resolves.toEqual(['Visa', '2.5%', '1%', '$0.25', '$5.00', 'Yes', 'No', 'EditDelete']);

    // A second one, added from the keyboard: Enter in the last box commits it and submits.
    await page.getByRole('button', { name: 'Add Payment Method' }).click();
    await dialog().locator('input[name="name"]').fill('Gift Card');
    await dialog().locator('input[name="minimumAmount"]').fill('1');
    await dialog().locator('input[name="minimumAmount"]').press('Enter');
    await methodRow('Gift Card').waitFor();
    await expect(methodRow('Gift Card').locator('td').allTextContents()).resolves.toEqual(['Gift Card', '0%', '0%', '$0.00', '$1.00', 'No', 'No', 'EditDelete']);
    // The store's own Cash method is marked, and cannot be deleted.
    await expect(methodRow('Cash').locator('td').allTextContents()).resolves.toEqual(['CashCash', '0%', '0%', '$0.00', '$0.00', 'No', 'Yes', 'Edit']);
    await dismissToasts(page).catch(() => undefined);

    // Edit Visa.
    await visa.getByRole('button', { name: 'Edit Visa' }).click();
    await dialog().getByRole('heading', { name: 'Edit Payment Method' }).waitFor();
    await expect(dialog().locator('input[name="vendorFeePercent"]').inputValue()).resolves.toBe('2.5');
    await expect(dialog().locator('input[name="customerFeeAmount"]').inputValue()).resolves.toBe('0.25');
    await dialog().locator('input[name="name"]').fill('Visa Credit');
    await type(dialog().locator('input[name="vendorFeePercent"]'), '2.75');
    await type(dialog().locator('input[name="minimumAmount"]'), '10');
    await dialog().getByLabel('Requires Manager Approval').uncheck();
    await dialog().getByRole('button', { name: 'Save', exact: true }).click();
    await page.getByText('Payment method updated successfully').waitFor();
    await methodRow('Visa Credit').waitFor();
    await expect(methodRow('Visa Credit').locator('td').allTextContents()).resolves.toEqual(['Visa Credit', '2.75%', '1%', '$0.25', '$10.00', 'No', 'No', 'EditDelete']);
    await dismissToasts(page).catch(() => undefined);

    // Delete Gift Card: the confirmation first; Cancel keeps it.
    await methodRow('Gift Card').getByRole('button', { name: 'Delete Gift Card' }).click();
    await dialog().getByText('Are you sure you want to delete this payment method?').waitFor();
    await dialog().getByRole('button', { name: 'Cancel' }).click();
    await dialog().waitFor({ state: 'detached' });
    await methodRow('Gift Card').waitFor();
    await methodRow('Gift Card').getByRole('button', { name: 'Delete Gift Card' }).click();
    await dialog().getByText('Are you sure you want to delete this payment method?').waitFor();
    await screenshot(page, 'settings-payment-delete-confirm');
    await dialog().getByRole('button', { name: 'Delete', exact: true }).click();
    await page.getByText('Payment method deleted successfully').waitFor();
    await methodRow('Gift Card').waitFor({ state: 'detached' });

    await page.reload();
    await page.getByRole('table', { name: 'Payment Methods' }).waitFor();
    await methodRow('Visa Credit').waitFor();
    // The store's own Cash method, which every store has, and Visa Credit.
    await expect(page.getByRole('table', { name: 'Payment Methods' }).locator('tbody tr').count()).resolves.toBe(2);
    await expect(methodRow('Visa Credit').locator('td').allTextContents()).resolves.toEqual(['Visa Credit', '2.75%', '1%', '$0.25', '$10.00', 'No', 'No', 'EditDelete']);
    const listed = await apiPost<{ paymentMethods: { name: string }[] }>('/store/payment/list', asOwner());
    expect(listed.paymentMethods.map((m) => m.name)).toEqual(['Cash', 'Visa Credit']);
    tp.expectClean();
  });

  test('a payment method the server refuses keeps the dialog open with what was typed', async () => {
    await page.route('**/trpc/store.payment.create**', (route) =>
      route.fulfill({
        status: 500,
        contentType: 'application/json',
        body: JSON.stringify([
          { error: { json: { message: 'Internal server error (error id e2e00002)', code: -32603, data: { code: 'INTERNAL_SERVER_ERROR', httpStatus: 500, path: 'store.payment.create' } } } },
        ]),
      }),
    );
    try {
      await page.getByRole('button', { name: 'Add Payment Method' }).click();
      await dialog().locator('input[name="name"]').fill('Debit');
      await type(dialog().locator('input[name="vendorFeePercent"]'), '1.5');
      await dialog().getByRole('button', { name: 'Add', exact: true }).click();
      const banner = dialog().getByRole('alert');
      await banner.getByText('Failed to add payment method').waitFor();
      await banner.getByText('Internal server error (error id e2e00002)').waitFor();
      await expect(dialog().locator('input[name="name"]').inputValue()).resolves.toBe('Debit');
      await expect(dialog().locator('input[name="vendorFeePercent"]').inputValue()).resolves.toBe('1.5');
      await screenshot(page, 'settings-payment-add-failed');
      await dialog().getByRole('button', { name: 'Cancel' }).click();
      await dialog().waitFor({ state: 'detached' });
    } finally {
      await page.unroute('**/trpc/store.payment.create**');
    }
    tp.expectClean([/status of 500/, /server error: 500 .*store\.payment\.create/]);
  });

  test("a failed save shows the product's message and keeps everything typed", async () => {
    await page.route('**/trpc/store.updateSettings**', (route) =>
      route.fulfill({
        status: 500,
        contentType: 'application/json',
        body: JSON.stringify([
          { error: { json: { message: 'Internal server error (error id e2e00001)', code: -32603, data: { code: 'INTERNAL_SERVER_ERROR', httpStatus: 500, path: 'store.updateSettings' } } } },
        ]),
      }),
    );
    try {
      await type(input('orderPrefix'), 'SALE-');
      await type(input('tax3ShortName'), 'ECO');
      await type(input('tax3Percent'), '2.5');
      await setSwitch(3, 'Enabled?', true);
      await saveButton().click();
      const toast = page.locator('.mantine-Notification-root', { hasText: 'Failed to update store settings' });
      await toast.getByText('Internal server error (error id e2e00001)').waitFor();
      await expect(input('orderPrefix').inputValue()).resolves.toBe('SALE-');
      await expect(input('tax3ShortName').inputValue()).resolves.toBe('ECO');
      await expect(input('tax3Percent').inputValue()).resolves.toBe('2.5');
      await expect(tax(3).getByRole('switch', { name: 'Enabled?' }).isChecked()).resolves.toBe(true);
      await expect(page.getByTestId('save-state').textContent()).resolves.toBe('Unsaved changes');
      // The notification is part of this state: a plain capture keeps it.
      await page.mouse.move(0, 0);
      await windowScreenshot(page, 'settings-save-failed');
      expect((await fetchSettings()).orderPrefix).toBe('INV-');
    } finally {
      await page.unroute('**/trpc/store.updateSettings**');
    }
    tp.expectClean([/status of 500/, /server error: 500 .*store\.updateSettings/]);

    // The server answers again: the same typed values are saved.
    await dismissToasts(page).catch(() => undefined);
    await saveButton().click();
    await page.getByText('Store settings updated successfully').waitFor();
    const stored = await fetchSettings();
    expect(stored).toMatchObject({ orderPrefix: 'SALE-', tax3ShortName: 'ECO', tax3Percent: pct('2500000'), tax3Enabled: true });
    tp.expectClean();
  });

  test('settings and payment methods that fail to load say so, and load on Try again', async () => {
    const failing = (route: Route) => {
      // One error per procedure of the batch, the way the server answers.
      const paths = decodeURIComponent(new URL(route.request().url()).pathname.replace('/trpc/', '')).split(',');
      return route.fulfill({
        status: 500,
        contentType: 'application/json',
        body: JSON.stringify(paths.map((path) => ({ error: { json: { message: 'Internal server error (error id e2e00003)', code: -32603, data: { code: 'INTERNAL_SERVER_ERROR', httpStatus: 500, path } } } }))),
      });
    };
    const matches = (url: URL) => url.pathname.startsWith('/trpc/') && /store\.(fetchSettings|payment\.list)/.test(url.pathname);
    const settingsBanner = page.getByRole('alert').filter({ hasText: 'Failed to load store settings' });
    const methodsBanner = page.getByRole('alert').filter({ hasText: 'Failed to load payment methods' });
    await page.route(matches, failing);
    try {
      await page.goto(`${baseURL()}/store/settings`);
      await settingsBanner.getByText('Internal server error (error id e2e00003)').waitFor();
      await methodsBanner.getByText('Internal server error (error id e2e00003)').waitFor();
      await expect(page.getByRole('button', { name: 'Add Payment Method' }).isDisabled()).resolves.toBe(true);
      await page.mouse.move(0, 0);
      await screenshot(page, 'settings-load-failed');
    } finally {
      await page.unroute(matches);
    }
    tp.expectClean([/status of 500/, /server error: 500 .*trpc\/store\./]);
    await settingsBanner.getByRole('button', { name: 'Try again' }).click();
    await input('orderPrefix').waitFor();
    await methodsBanner.getByRole('button', { name: 'Try again' }).click();
    await methodRow('Visa Credit').waitFor();
    tp.expectClean();
  });

  test('a change made elsewhere reaches an untouched form when an answer reports a newer storeUpdatedAt', async () => {
    await openSettings();
    const current = await fetchSettings();
    const { success: _s, message: _m, statusCode: _c, storeUpdatedAt: _u, ...fields } = current;
    await apiPost('/store/update-settings', { ...asOwner(), ...fields, tax2LongName: 'Changed at the other till' });
    // The page still shows its copy; the next answer that carries storeUpdatedAt (here a
    // payment method added on this page) makes the settings refresh.
    await expect(input('tax2LongName').inputValue()).resolves.toBe('Provincial Sales Tax');
    await page.getByRole('button', { name: 'Add Payment Method' }).click();
    await dialog().locator('input[name="name"]').fill('Gift Card');
    await dialog().getByRole('button', { name: 'Add', exact: true }).click();
    await page.getByText('Payment method added successfully').waitFor();
    await page.waitForFunction(
      () => (globalThis as unknown as { document: { querySelector(s: string): { value: string } | null } }).document.querySelector('input[name="tax2LongName"]')?.value === 'Changed at the other till',
    );
    await expect(page.getByTestId('save-state').textContent()).resolves.toBe('No unsaved changes');
    tp.expectClean();
  });
});
