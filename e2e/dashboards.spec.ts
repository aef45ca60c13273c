/**
 * The dashboards in Chromium: every store role's dashboard shows figures made from real rows.
 * A cashier makes a few sales through the REST door (with the cashier's identity), and
 * each expected figure below is worked out by hand from those sales. A failing dashboard
 * call shows the server's message, the fallback text, or 'Failed to connect to server'.
 * Every card says what it counts and links to the screen that lists it; a new store's
 * dashboard shows its set-up list, ticked step by step.
 */
import { afterAll, beforeAll, describe, expect, test } from 'vitest';
import type { Page, Route } from 'playwright-core';
import { launchBrowser, trackedPage, type Browser, type TrackedPage } from './support/browser';
import { apiPost, baseURL, createStaffViaApi, openAs, screenshot, signUpOwnerViaApi, type Account, type LoginResponse, type OwnerAccount, type StoreRole } from './support/app';
import { DASHBOARD_LABELS } from './support/expectations';
import { dashboardCounters, dashboardLabels, waitForPath } from './support/screen';

/** '12.50' → Money micro-units on the wire, without a float. */
function money(dollars: string) {
  const [whole = '0', fraction = ''] = dollars.split('.');
  return { type: 'Money', value: (BigInt(whole) * 1_000_000n + BigInt(fraction.padEnd(6, '0'))).toString() };
}
const percent = (whole: number) => ({ type: 'Percent', value: (BigInt(whole) * 1_000_000n).toString() });

/**
 * The sales, and what they add up to (each rounding to cents half-to-even).
 *
 * Sale 1, code ANT (its vendor's commission 30%), 2 × $12.50, 10% off, GST 5%:
 *   amount 25.00, discount 2.50, line total 22.50, GST 22.50 × 5% = 1.125 → 1.12 (half to even);
 *   order total 22.50 + 1.12 = 23.62; commission 22.50 × 30% = 6.75, vendor share 15.75.
 * Sale 2, code MISC (not a code of this store: the store's own merchandise, no vendor's),
 *   1 × $7.25, no discount, no tax: order total 7.25.
 * Sale 3, 1 × $40.00 on House Account, a method that needs a manager's approval, given
 *   none: it waits as PENDING (the manager's Pending Orders), in no revenue.
 * A fourth order is left as the cashier's draft: a pending task of the cashier's, but not
 * one of the manager's Pending Orders (orders waiting for a manager's approval).
 *
 * Revenue (completed totals): 23.62 + 7.25 = 30.87. Less tax: 30.87 − 1.12 = 29.75.
 * Expenses, what the sales earned vendors in the ledger: Antique Annie's 15.75, the one
 * account the store owes. Margin: (29.75 − 15.75) / 29.75 × 100 = 47.0588…% → 47.06%.
 */
const EXPECTED = {
  STORE_OWNER: { 'Total Revenue': '$30.87', 'Total Orders': '2', 'Total Products': '3', 'Total Staff': '4' },
  STORE_STAFF: { "Today's Orders": '2', "Today's Revenue": '$30.87', 'Pending Tasks': '1' },
  STORE_ACCOUNTANT: { 'Monthly Revenue': '$29.75', 'Monthly Expenses': '$15.75', 'Pending Invoices': '1', 'Profit Margin': '47.06%' },
  // Every user of the store has signed in by then; the stock seeded has one low item.
  STORE_MANAGER: { "Today's Revenue": '$30.87', 'Pending Orders': '1', 'Low Stock Items': '1', 'Active Staff': '4' },
} satisfies Record<StoreRole, Record<string, string>>;

interface NextOrder {
  nextOrderId: number;
  nextOrderLineId: number;
}

interface Staff {
  account: Account;
  login: LoginResponse;
}

describe('store dashboards with real figures', () => {
  let browser: Browser;
  let tp: TrackedPage;
  let owner: OwnerAccount;
  const staff = {} as Record<Exclude<StoreRole, 'STORE_OWNER'>, Staff>;

  /** POST /api/v1<path> as `token` holding `role` in the owner's store. */
  const call = <T = unknown>(token: string, role: StoreRole, path: string, body: Record<string, unknown> = {}) =>
    apiPost<T>(path, { tokenString: token, storeId: owner.storeId, role, ...body });
  const asOwner = <T = unknown>(path: string, body: Record<string, unknown> = {}) => call<T>(owner.token, 'STORE_OWNER', path, body);
  const asCashier = <T = unknown>(path: string, body: Record<string, unknown> = {}) => call<T>(staff.STORE_STAFF.login.token, 'STORE_STAFF', path, body);

  /** One sale through the cashier's door: a new order, its line saved, then submitted. */
  async function sell(line: Record<string, unknown>) {
    const order = await asCashier<NextOrder>('/order/next');
    await asCashier('/order/update-line', { orderLineId: order.nextOrderLineId, ...line });
    const { itemDescription, ...fields } = line;
    await asCashier('/order/submit', { orderId: order.nextOrderId, customerName: 'Walk-in', items: [{ id: order.nextOrderLineId, description: itemDescription, ...fields }] });
  }

  beforeAll(async () => {
    browser = await launchBrowser();
    tp = await trackedPage(browser.context);
    owner = await signUpOwnerViaApi();
    for (const role of ['STORE_STAFF', 'STORE_ACCOUNTANT', 'STORE_MANAGER'] as const) {
      const account = await createStaffViaApi(baseURL(), owner.token, { role, storeId: owner.storeId });
      const login = await apiPost<LoginResponse>('/login', { usernameOrEmail: account.username, password: account.password });
      staff[role] = { account, login };
    }

    await asOwner('/store/update-settings', {
      orderPrefix: 'S-',
      nextOrderNumber: 1,
      defaultVendorCommissionPercent: percent(40),
      defaultVendorConsignmentCommissionPercent: percent(0),
      defaultConsignmentCommissionPercent: percent(0),
      tax1ShortName: 'GST',
      tax1LongName: 'Goods and Services Tax',
      tax1Percent: percent(5),
      tax1Enabled: true,
      tax1ApplyByDefault: true,
    });
    const { vendor } = await asOwner<{ vendor: { id: number } }>('/vendor/add', {
      tradeName: 'Antique Annie',
      contactName: 'Annie',
      contactEmail: 'annie@example.com',
      primaryPhone: '555-0100',
    });
    await asOwner('/store/itemcode/add', { tag: 'ANT', vendorId: vendor.id, defaultCommissionPercent: percent(30) });
    // The store's own code (of no vendor): a submitted code must be one the store knows.
    await asOwner('/store/itemcode/add', { tag: 'MISC' });

    // Stock: three active items (one at its reorder level: low) and one archived.
    for (const [sku, quantityOnHand, reorderLevel] of [['CHAIR-1', 4, 1], ['LAMP-1', 2, 2], ['VASE-1', 10, 3], ['GONE-1', 0, 5]] as const) {
      await asOwner('/store/inventory/add', { sku, description: sku, price: money('10.00'), quantityOnHand, reorderLevel });
    }
    const { items } = await asOwner<{ items: { id: number; sku: string }[] }>('/store/inventory/list', { search: 'GONE-1' });
    await asOwner('/store/inventory/archive', { id: items[0]?.id });

    await sell({
      itemCode: 'ANT',
      itemDescription: 'Pair of brass candlesticks',
      quantity: 2,
      price: money('12.50'),
      discountPercent: percent(10),
      tax1Enabled: true,
      tax1Percent: percent(5),
      tax1Description: 'GST',
    });
    await sell({ itemCode: 'MISC', itemDescription: 'Postcard lot', quantity: 1, price: money('7.25'), tax1Enabled: false });
    const { paymentMethod: house } = await asOwner<{ paymentMethod: { id: number } }>('/store/payment/create', {
      name: 'House Account',
      vendorFeePercent: percent(0),
      customerFeePercent: percent(0),
      customerFeeAmount: money('0'),
      minimumAmount: money('0'),
      requiresManagerApproval: true,
    });
    const waiting = await asCashier<NextOrder>('/order/next');
    const pending = await asCashier<{ order: { status: string } }>('/order/submit', {
      orderId: waiting.nextOrderId,
      customerName: 'On account',
      items: [{ id: waiting.nextOrderLineId, description: 'Oak chest', quantity: 1, price: money('40.00'), tax1Enabled: false }],
      payments: [{ paymentMethodId: house.id, amount: money('40.00') }],
    });
    expect(pending.order.status).toBe('PENDING');
    await asCashier('/order/next');
  });

  afterAll(async () => {
    await browser?.close();
  });

  async function openDashboard(page: Page, account: Pick<Account, 'username' | 'password'>, role: StoreRole) {
    await openAs(page, account, '/dashboard', { storeId: owner.storeId, role });
    await waitForPath(page, '/dashboard');
    await expect(dashboardLabels(page)).resolves.toEqual(DASHBOARD_LABELS[role]);
    // The skeletons give way to the figures.
    await page.getByTestId('dashboard-counter-loading').first().waitFor({ state: 'detached' });
  }

  test("the owner's dashboard: revenue and orders completed, active products, staff", async () => {
    const { page } = tp;
    await openDashboard(page, owner, 'STORE_OWNER');
    await expect(dashboardCounters(page)).resolves.toEqual(EXPECTED.STORE_OWNER);
    await page.mouse.move(0, 0);
    await screenshot(page, 'dashboards-owner');
    tp.expectClean();
  });

  test("the cashier's dashboard: today's orders and revenue, the cashier's own draft", async () => {
    const { page } = tp;
    await openDashboard(page, staff.STORE_STAFF.account, 'STORE_STAFF');
    await expect(dashboardCounters(page)).resolves.toEqual(EXPECTED.STORE_STAFF);
    await page.mouse.move(0, 0);
    await screenshot(page, 'dashboards-cashier');
    tp.expectClean();
  });

  test("the accountant's dashboard: revenue less tax, what the sales earned vendors, accounts owed, margin", async () => {
    const { page } = tp;
    await openDashboard(page, staff.STORE_ACCOUNTANT.account, 'STORE_ACCOUNTANT');
    await expect(dashboardCounters(page)).resolves.toEqual(EXPECTED.STORE_ACCOUNTANT);
    await page.mouse.move(0, 0);
    await screenshot(page, 'dashboards-accountant');
    tp.expectClean();
  });

  test("the manager's dashboard counts one more low item after a stock item is added; the Items screen lists it", async () => {
    const { page } = tp;
    await openDashboard(page, staff.STORE_MANAGER.account, 'STORE_MANAGER');
    await expect(dashboardCounters(page)).resolves.toEqual(EXPECTED.STORE_MANAGER);

    // A SKU with a reorder level (the store's stock is items that carry a SKU).
    await asOwner('/store/inventory/add', { sku: 'CLOCK-1', description: 'Mantel clock', price: money('45.00'), quantityOnHand: 1, reorderLevel: 2 });
    await page.getByRole('navigation', { name: 'Main menu' }).getByRole('link', { name: 'Items' }).click();
    await waitForPath(page, '/store/items');
    await page.getByRole('table', { name: 'Items' }).getByText('Mantel clock').waitFor();

    await page.getByRole('navigation', { name: 'Main menu' }).getByRole('link', { name: 'Dashboard' }).click();
    await waitForPath(page, '/dashboard');
    await expect.poll(() => dashboardCounters(page).then((c) => c['Low Stock Items'])).toBe('2');
    await page.mouse.move(0, 0);
    await screenshot(page, 'dashboards-manager');
    tp.expectClean();
  });

  /**
   * Answers the page's dashboard call itself: the tRPC error the server would send (a
   * batch of one), or no answer at all. Other calls in the same batch get their real answers.
   */
  async function interceptDashboard(page: Page, answer: { status: number; message: string } | 'abort') {
    const handler = async (route: Route) => {
      const url = new URL(route.request().url());
      const paths = decodeURIComponent(url.pathname.replace(/^\/trpc\//, '')).split(',');
      const index = paths.indexOf('dashboard.storeOwner');
      if (index < 0) return route.continue();
      if (answer === 'abort') return route.abort('failed');
      const error = { error: { json: { message: answer.message, code: -32603, data: { code: 'INTERNAL_SERVER_ERROR', httpStatus: answer.status, path: paths[index] } } } };
      if (paths.length === 1) return route.fulfill({ status: answer.status, contentType: 'application/json', body: JSON.stringify([error]) });
      const real = (await (await route.fetch()).json()) as unknown[];
      real[index] = error;
      return route.fulfill({ status: 207, contentType: 'application/json', body: JSON.stringify(real) });
    };
    await page.route('**/trpc/**', handler);
    return () => page.unroute('**/trpc/**', handler);
  }

  test('while the figures load, skeleton cards stand in for them', async () => {
    const { page } = tp;
    let release = () => {};
    const held = new Promise<void>((resolve) => (release = resolve));
    const hold = async (route: Route) => {
      if (!route.request().url().includes('dashboard.storeOwner')) return route.continue();
      await held;
      return route.continue();
    };
    await page.route('**/trpc/**', hold);
    await openAs(page, owner, '/dashboard');
    await expect(dashboardLabels(page)).resolves.toEqual(DASHBOARD_LABELS.STORE_OWNER);
    await expect(page.getByTestId('dashboard-counter-loading').count()).resolves.toBe(4);
    await page.mouse.move(0, 0);
    await screenshot(page, 'dashboards-loading');
    release();
    await page.getByTestId('dashboard-counter-loading').first().waitFor({ state: 'detached' });
    await page.unroute('**/trpc/**', hold);
    await expect(dashboardCounters(page).then((c) => c['Total Revenue'])).resolves.toBe('$30.87');
    tp.expectClean();
  });

  const failure = (page: Page) => page.getByTestId('dashboard-error');
  const SERVER_ERROR_NOISE = [/status of 500/, /server error: 500/];

  test("a failing dashboard shows the server's message", async () => {
    const { page } = tp;
    const stop = await interceptDashboard(page, { status: 500, message: 'Dashboard figures are being rebuilt' });
    await openAs(page, owner, '/dashboard');
    await expect(failure(page).textContent()).resolves.toBe('Dashboard figures are being rebuilt');
    await page.mouse.move(0, 0);
    await screenshot(page, 'dashboards-error');
    await stop();
    tp.expectClean(SERVER_ERROR_NOISE);
  });

  test("a failure without a message shows 'Failed to load dashboard data'; Try again recovers", async () => {
    const { page } = tp;
    const stop = await interceptDashboard(page, { status: 500, message: '' });
    await openAs(page, owner, '/dashboard');
    await expect(failure(page).textContent()).resolves.toBe('Failed to load dashboard data');
    await stop();
    await page.getByRole('button', { name: 'Try again' }).click();
    // The manager's clock (above) is a fourth product by now.
    await expect.poll(() => dashboardCounters(page)).toEqual({ ...EXPECTED.STORE_OWNER, 'Total Products': '4' });
    tp.expectClean(SERVER_ERROR_NOISE);
  });

  test("no answer from the server shows 'Failed to connect to server'", async () => {
    const { page } = tp;
    const stop = await interceptDashboard(page, 'abort');
    await openAs(page, owner, '/dashboard');
    await expect(failure(page).textContent()).resolves.toBe('Failed to connect to server');
    await stop();
    tp.expectClean([/ERR_FAILED/]);
  });
  test('each card says what its figure is and opens what it counts; Pending Orders opens the lookup filtered to Pending', async () => {
    const { page } = tp;
    await openDashboard(page, staff.STORE_ACCOUNTANT.account, 'STORE_ACCOUNTANT');
    const note = (label: string) => page.getByRole('link', { name: new RegExp(`^${label} `) }).getByTestId('dashboard-counter-note').innerText();
    expect(await note('Monthly Revenue')).toBe("This month's completed sales, tax excluded, net of refunds");
    expect(await note('Monthly Expenses')).toBe("Vendors' shares of this month's sales, less the commission and card fees they bear");
    expect(await note('Pending Invoices')).toBe('Vendor accounts the store owes money');
    expect(await note('Profit Margin')).toBe("What the store keeps (commission and fees) over this month's revenue");
    await page.getByRole('link', { name: /^Pending Invoices / }).click();
    await waitForPath(page, '/store/vendors/accounts');
    await page.goBack();
    await page.getByRole('link', { name: /^Monthly Expenses / }).click();
    await waitForPath(page, '/reports?tab=vendors');
    expect(await page.getByRole('tab', { name: 'Vendors' }).getAttribute('aria-selected')).toBe('true');

    await openDashboard(page, staff.STORE_MANAGER.account, 'STORE_MANAGER');
    expect(await note("Today's Revenue")).toBe("Today's completed sales, tax included, net of refunds");
    await page.getByRole('link', { name: /^Pending Orders / }).click();
    await waitForPath(page, '/orders?status=PENDING');
    const lookup = page.getByRole('tabpanel', { name: 'Order Lookup' });
    expect(await lookup.locator('select[name="status"]').inputValue()).toBe('PENDING');
    // The one order waiting for approval, and nothing else.
    await expect.poll(() => lookup.locator('tbody tr').count()).toBe(1);
    await screenshot(page, 'dashboards-pending-lookup');
    tp.expectClean();
  });

  test("a new store's dashboard lists its set-up steps, each linked and ticked when done", async () => {
    const { page } = tp;
    const fresh = await signUpOwnerViaApi();
    const asFresh = <T = unknown>(path: string, body: Record<string, unknown> = {}) => apiPost<T>(path, { tokenString: fresh.token, storeId: fresh.storeId, role: 'STORE_OWNER', ...body });
    await openAs(page, fresh, '/dashboard');
    const list = page.getByRole('region', { name: 'Set up your store' });
    await list.waitFor();
    const steps = () => list.locator('li').evaluateAll((els) => els.map((el) => `${el.textContent ?? ''}: ${el.getAttribute('data-done') ?? ''}`));
    expect(await steps()).toEqual([
      'Turn on the taxes you charge: false',
      // Sign-up gives a store its first payment methods.
      'Add the payment methods you take: true',
      'Add your vendors and their item codes: false',
      'Add your staff: false',
    ]);
    await list.getByText('1 of 4 done').waitFor();
    await screenshot(page, 'dashboards-setup-list');

    // A vendor alone is half the step; its first code finishes it.
    const { vendor } = await asFresh<{ vendor: { id: number } }>('/vendor/add', { tradeName: 'First Vendor', contactName: 'Fay Lee', contactEmail: 'fay@example.com', primaryPhone: '555-0100' });
    await page.reload();
    await list.getByText('1 of 4 done').waitFor();
    await asFresh('/store/itemcode/add', { tag: 'FV1', vendorId: vendor.id });
    await page.reload();
    await list.getByText('2 of 4 done').waitFor();
    expect((await steps())[2]).toBe('Add your vendors and their item codes: true');

    await list.getByRole('link', { name: 'Add your staff' }).click();
    await waitForPath(page, '/store/staff');
    await page.goBack();
    await list.getByRole('link', { name: 'Turn on the taxes you charge' }).click();
    await waitForPath(page, '/store/settings');
    tp.expectClean();
  });
});
