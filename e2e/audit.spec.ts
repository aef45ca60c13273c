/**
 * The Audit screen in Chromium: an owner changes a setting and a payment method on Store
 * Settings; Audit (from the drawer) lists both, newest first, with the values before and
 * after in words and money as money; the action and person filters narrow the table; the
 * CSV download holds exactly the rows the filters keep; an accountant reads the same
 * trail, a manager is told the page is not theirs; empty and failed loads say so.
 */
import { readFile } from 'node:fs/promises';
import Papa from 'papaparse';
import { afterAll, beforeAll, describe, expect, test } from 'vitest';
import type { Locator, Page, Route } from 'playwright-core';
import { launchBrowser, trackedPage, type Browser, type TrackedPage } from './support/browser';
import { apiPost, baseURL, createStaffViaApi, openAs, screenshot, signUpOwnerViaApi, type Account, type OwnerAccount } from './support/app';
import { TABLET } from './support/screens';
import { pageTitle } from './support/screen';

const HEADERS = ['When', 'Who', 'Role', 'Action', 'Target', 'Changes'];

/** The store's settings with `changes`, as a body of /store/update-settings for the owner. */
async function settingsWith(owner: OwnerAccount, changes: Record<string, unknown>) {
  const identity = { tokenString: owner.token, storeId: owner.storeId, role: 'STORE_OWNER' };
  const { success: _s, message: _m, statusCode: _c, storeUpdatedAt: _u, ...settings } = await apiPost<Record<string, unknown>>('/store/fetch-settings', identity);
  return { ...identity, ...settings, ...changes };
}

describe('Audit: who changed what', () => {
  let browser: Browser;
  let tp: TrackedPage;
  let page: Page;
  let owner: OwnerAccount;
  let accountant: Account;
  let manager: Account;

  const table = () => page.getByRole('table', { name: 'Audit events' });
  /** The rows shown, each as its cells' text (the Changes cell one line per change). */
  const rows = async () => {
    await table().locator('tbody td[data-label="Action"]').first().waitFor();
    return table()
      .locator('tbody tr')
      .evaluateAll((trs) => trs.map((tr) => [...tr.querySelectorAll('td')].map((td) => (td as unknown as { innerText: string }).innerText.trim())));
  };
  const totalShown = () => page.getByTestId('total-count').textContent();
  const dialog = () => page.getByRole('dialog');

  async function type(box: Locator, text: string) {
    await box.fill(text);
    await box.press('Tab');
  }

  async function choose(label: string, option: string) {
    await page.getByRole('textbox', { name: label }).or(page.getByRole('combobox', { name: label })).first().click();
    await page.getByRole('option', { name: option, exact: true }).click();
  }

  beforeAll(async () => {
    browser = await launchBrowser();
    tp = await trackedPage(browser.context);
    page = tp.page;
    owner = await signUpOwnerViaApi();
    // Before the screens: two staff added by the owner, and a payment method added by the manager.
    accountant = await createStaffViaApi(baseURL(), owner.token, { role: 'STORE_ACCOUNTANT', storeId: owner.storeId });
    manager = await createStaffViaApi(baseURL(), owner.token, { role: 'STORE_MANAGER', storeId: owner.storeId });
    const { token } = await apiPost<{ token: string }>('/login', { usernameOrEmail: manager.username, password: manager.password });
    const zero = { type: 'Percent', value: '0' };
    await apiPost('/store/payment/create', {
      tokenString: token,
      storeId: owner.storeId,
      role: 'STORE_MANAGER',
      name: 'Debit',
      vendorFeePercent: zero,
      customerFeePercent: zero,
      customerFeeAmount: { type: 'Money', value: '0' },
      minimumAmount: { type: 'Money', value: '0' },
    });
  });

  afterAll(async () => {
    await browser?.close();
  });

  test('a setting and a payment method changed on Store Settings show on Audit with their difference', async () => {
    await openAs(page, owner, '/store/settings');
    const settings = page.locator('form[aria-label="Store Settings"]');
    await type(settings.locator('input[name="orderPrefix"]'), 'AUD-');
    await type(settings.locator('input[name="tax1Percent"]'), '6.5');
    await page.getByRole('button', { name: 'Save Settings' }).click();
    await page.getByText('Store settings updated successfully').waitFor();

    await page.getByRole('button', { name: 'Add Payment Method' }).click();
    await dialog().locator('input[name="name"]').fill('Visa');
    await type(dialog().locator('input[name="vendorFeePercent"]'), '2.5');
    await type(dialog().locator('input[name="minimumAmount"]'), '5');
    await dialog().getByRole('button', { name: 'Add', exact: true }).click();
    await dialog().waitFor({ state: 'detached' });
    const visa = page.getByRole('table', { name: 'Payment Methods' }).locator('tr[data-payment-method="Visa"]');
    await visa.getByRole('button', { name: 'Edit Visa' }).click();
    await type(dialog().locator('input[name="minimumAmount"]'), '7.5');
    await dialog().getByRole('button', { name: 'Save', exact: true }).click();
    await dialog().waitFor({ state: 'detached' });
    await page.getByText('Payment method updated successfully').waitFor();

    await page.getByRole('navigation', { name: 'Main menu' }).getByRole('link', { name: 'Audit' }).click();
    await page.getByRole('heading', { name: 'Audit', level: 1 }).waitFor();
    await expect(pageTitle(page)).resolves.toBe('Audit');
    const shown = await rows();
    expect(shown.map((r) => r.slice(1))).toEqual([
      [owner.username, 'Store owner', 'Payment method changed', 'Payment method Visa', 'Minimum amount: $5.00 → $7.50'],
      [
        owner.username,
        'Store owner',
        'Payment method added',
        'Payment method Visa',
        ['Name: Visa', 'Customer fee amount: $0.00', 'Customer fee percent: 0%', 'Minimum amount: $5.00', 'Offline allowed: No', 'Requires manager approval: No', 'Vendor fee percent: 2.5%'].join('\n'),
      ],
      [owner.username, 'Store owner', 'Settings changed', 'Store settings', 'Order prefix: ORD- → AUD-\nTax 1 percent: 0% → 6.5%'],
      [
        manager.username,
        'Store manager',
        'Payment method added',
        'Payment method Debit',
        ['Name: Debit', 'Customer fee amount: $0.00', 'Customer fee percent: 0%', 'Minimum amount: $0.00', 'Offline allowed: No', 'Requires manager approval: No', 'Vendor fee percent: 0%'].join('\n'),
      ],
      [owner.username, 'Store owner', 'Staff added', `User ${manager.username}`, `Username: ${manager.username}\nRoles: Store manager`],
      [owner.username, 'Store owner', 'Staff added', `User ${accountant.username}`, `Username: ${accountant.username}\nRoles: Store accountant`],
    ]);
    // Local time to the second, newest first.
    for (const r of shown) expect(r[0]).toMatch(/^\d{4}-\d\d-\d\d \d\d:\d\d:\d\d$/);
    expect([...shown.map((r) => r[0])].sort().reverse()).toEqual(shown.map((r) => r[0]));
    await expect(totalShown()).resolves.toBe('6 total');
    await page.mouse.move(0, 0);
    await screenshot(page, 'audit-page');
    tp.expectClean();
  });

  test('the action and person filters narrow the table; no match says so', async () => {
    await choose('Action', 'Payment method changed');
    await expect.poll(async () => (await rows()).length).toBe(1);
    expect((await rows())[0]!.slice(3)).toEqual(['Payment method changed', 'Payment method Visa', 'Minimum amount: $5.00 → $7.50']);
    await expect(totalShown()).resolves.toBe('1 total');

    await choose('Action', 'Order refunded');
    await page.getByText('No events for these filters.').waitFor();
    await expect(page.getByRole('button', { name: 'Download CSV' }).isDisabled()).resolves.toBe(true);
    await page.mouse.move(0, 0);
    await screenshot(page, 'audit-empty');

    await choose('Action', 'All actions');
    await choose('Person', manager.username);
    await expect.poll(async () => (await rows()).map((r) => r.slice(1, 5))).toEqual([[manager.username, 'Store manager', 'Payment method added', 'Payment method Debit']]);
    await choose('Person', owner.username);
    await expect.poll(async () => (await rows()).length).toBe(5);
    await choose('Person', 'Everyone');
    await expect.poll(async () => (await rows()).length).toBe(6);
    tp.expectClean();
  });

  test('Download CSV saves the filtered events, and the file reads back equal to the table', async () => {
    const [download] = await Promise.all([page.waitForEvent('download'), page.getByRole('button', { name: 'Download CSV' }).click()]);
    expect(download.suggestedFilename()).toMatch(/^audit-\d{4}-\d\d-\d\d-to-\d{4}-\d\d-\d\d\.csv$/);
    const text = await readFile(await download.path(), 'utf8');
    expect(text.startsWith('\uFEFF')).toBe(true);
    const parsed = Papa.parse<string[]>(text, { skipEmptyLines: true });
    expect(parsed.errors).toEqual([]);
    expect(parsed.data).toEqual([HEADERS, ...(await rows())]);
    expect(parsed.data).toHaveLength(7);
    await page.getByText('Downloaded 6 events').waitFor();

    // Filtered to one action: the file holds that action only.
    await choose('Action', 'Settings changed');
    await expect.poll(async () => (await rows()).length).toBe(1);
    const [filtered] = await Promise.all([page.waitForEvent('download'), page.getByRole('button', { name: 'Download CSV' }).click()]);
    const filteredRows = Papa.parse<string[]>(await readFile(await filtered.path(), 'utf8'), { skipEmptyLines: true }).data;
    expect(filteredRows).toEqual([HEADERS, ...(await rows())]);
    expect(filteredRows[1]![5]).toBe('Order prefix: ORD- → AUD-\nTax 1 percent: 0% → 6.5%');
    tp.expectClean();
  });

  test('To before From is refused on the field, and nothing is asked of the server', async () => {
    const to = page.locator('input[name="to"]');
    await to.fill('2000-01-01');
    await page.getByText('To must be on or after From').waitFor();
    await page.getByText('Correct the dates to see events.').waitFor();
    await expect(page.getByRole('button', { name: 'Download CSV' }).isDisabled()).resolves.toBe(true);
    tp.expectClean();
  });

  test('an accountant reads the same trail at tablet width; a manager is told the page is not theirs', async () => {
    await page.setViewportSize(TABLET);
    await openAs(page, accountant, '/store/audit');
    await expect.poll(async () => (await rows()).length).toBe(6);
    expect((await rows()).map((r) => r[3])).toEqual(['Payment method changed', 'Payment method added', 'Settings changed', 'Payment method added', 'Staff added', 'Staff added']);
    // Nothing scrolls sideways at 768 px.
    const overflow = await page.evaluate(() => {
      const doc = (globalThis as unknown as { document: { documentElement: { scrollWidth: number; clientWidth: number } } }).document;
      return doc.documentElement.scrollWidth - doc.documentElement.clientWidth;
    });
    expect(overflow).toBeLessThanOrEqual(0);
    await page.mouse.move(0, 0);
    await screenshot(page, 'audit-accountant-tablet');
    await page.setViewportSize({ width: 1280, height: 800 });

    await openAs(page, manager, '/store/audit');
    await page.getByText('This page is not available for the current role.').waitFor();
    await expect(page.getByRole('navigation', { name: 'Main menu' }).getByRole('link', { name: 'Audit' }).count()).resolves.toBe(0);
    tp.expectClean();
  });

  test('the CSV holds every event the filters keep, not only the page shown', async () => {
    // Six more events make two pages of ten.
    for (let i = 1; i <= 6; i++) await apiPost('/store/update-settings', await settingsWith(owner, { nextOrderNumber: 100 + i }));
    await openAs(page, owner, '/store/audit');
    await expect.poll(async () => (await rows()).length).toBe(12);
    await page.getByRole('textbox', { name: 'Rows per page' }).or(page.getByRole('combobox', { name: 'Rows per page' })).first().click();
    await page.getByRole('option', { name: '10', exact: true }).click();
    await expect.poll(async () => (await rows()).length).toBe(10);
    await expect(totalShown()).resolves.toBe('12 total');
    const [download] = await Promise.all([page.waitForEvent('download'), page.getByRole('button', { name: 'Download CSV' }).click()]);
    const data = Papa.parse<string[]>(await readFile(await download.path(), 'utf8'), { skipEmptyLines: true }).data;
    expect(data).toHaveLength(13);
    expect(data.slice(1, 11)).toEqual(await rows());
    expect(data.slice(1, 7).map((r) => r[5])).toEqual(['Next order number: 105 → 106', 'Next order number: 104 → 105', 'Next order number: 103 → 104', 'Next order number: 102 → 103', 'Next order number: 101 → 102', 'Next order number: 1 → 101']);
    await page.getByRole('button', { name: 'Go to next page' }).or(page.locator('.mantine-Pagination-control').last()).first().click();
    await expect.poll(async () => (await rows()).length).toBe(2);
    expect(data.slice(11)).toEqual(await rows());
    tp.expectClean();
  });

  test('a trail that fails to load says so', async () => {
    // One error per procedure of the batch, the way the server answers.
    const failing = (route: Route) => {
      const paths = decodeURIComponent(new URL(route.request().url()).pathname.replace('/trpc/', '')).split(',');
      return route.fulfill({
        status: 500,
        contentType: 'application/json',
        body: JSON.stringify(paths.map((path) => ({ error: { json: { message: 'Internal server error (error id e2e00019)', code: -32603, data: { code: 'INTERNAL_SERVER_ERROR', httpStatus: 500, path } } } }))),
      });
    };
    const matches = (url: URL) => url.pathname.startsWith('/trpc/') && url.pathname.includes('store.audit.');
    await page.route(matches, failing);
    try {
      await openAs(page, owner, '/store/audit');
      await page.getByRole('alert').getByText('Internal server error (error id e2e00019)').waitFor();
      await page.mouse.move(0, 0);
      await screenshot(page, 'audit-load-failed');
    } finally {
      await page.unroute(matches);
    }
    tp.expectClean([/status of 500/, /server error: 500 .*trpc\/[^?]*store\.audit\./]);
  });
});
