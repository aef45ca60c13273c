/**
 * Every screen and dialog of the product, in one list, with the store data that fills
 * them. The accessibility spec opens each one as its user would and checks it; a new
 * screen or dialog joins that check by being listed here.
 */
import type { Page } from 'playwright-core';
import { expect, inject } from 'vitest';
import { apiPost, asOwnerOf, baseURL, createStaffViaApi, signUpOwnerViaApi, uniqueName, updateStoreSettings, type Account, type OwnerAccount } from './app';

export type Persona = 'anonymous' | 'owner' | 'staff' | 'accountant' | 'admin' | 'vendor';

export interface Viewport {
  width: number;
  height: number;
}

export const DESKTOP: Viewport = { width: 1280, height: 800 };
export const TABLET: Viewport = { width: 768, height: 1024 };
export const PHONE: Viewport = { width: 390, height: 844 };

export interface Screen {
  /** What a person would call it ('Settings: Edit Payment Method dialog'). */
  name: string;
  as: Persona;
  path: string;
  viewport?: Viewport;
  /** Brings the opened path to the state to check (a dialog open, a search run) and waits for it. */
  show(page: Page): Promise<void>;
}

/** The data the screens show, made once through the REST door. */
export const SEED = {
  storeName: 'Blue Door Antiques',
  vendor: 'Harbor Finds',
  itemCode: 'VASE1',
  separateCode: 'QUILT1',
  paymentMethod: 'Card',
  approvalMethod: 'House Account',
  pendingCustomer: 'Pat Pending',
  roadmapTitle: 'Barcode scanner support',
  inventorySku: 'LOW-1',
  customer: 'Alice Smith',
} as const;

export interface ScreenWorld {
  owner: OwnerAccount;
  staff: Account;
  accountant: Account;
  admin: Account;
  /** Holds the portal's VENDOR assignment of SEED.vendor (invited and accepted). */
  vendor: Account;
}

const money = (text: string) => ({ type: 'Money', value: String(Math.round(Number(text) * 1_000_000)) });
const percent = (text: string) => ({ type: 'Percent', value: String(Math.round(Number(text) * 1_000_000)) });

export async function seedScreens(): Promise<ScreenWorld> {
  const owner = await signUpOwnerViaApi({ storeName: SEED.storeName });
  const asOwner = asOwnerOf(owner);
  await updateStoreSettings(owner, {
    orderPrefix: 'A-',
    tax1ShortName: 'GST',
    tax1LongName: 'Goods and Services Tax',
    tax1Percent: percent('5'),
    tax1Enabled: true,
    tax1ApplyByDefault: true,
    tax2ShortName: 'PST',
    tax2LongName: 'Provincial Sales Tax',
    tax2Percent: percent('7'),
    tax2Enabled: true,
    tax2ApplyByDefault: false,
  });
  const { vendor } = await asOwner<{ vendor: { id: number } }>('/vendor/add', {
    tradeName: SEED.vendor,
    contactName: 'Hana Harbor',
    contactEmail: 'hana@example.com',
    primaryPhone: '555-0101',
    secondaryPhone: '',
    deductMonthlyRent: true,
  });
  await asOwner('/store/itemcode/add', { tag: SEED.itemCode, vendorId: vendor.id, warnOnNoControlCode: true });
  // A balance to pay, and a separate-statement account of its own.
  await asOwner('/store/itemcode/add', { tag: SEED.separateCode, vendorId: vendor.id, receivesSeparateStatement: true, monthlyRent: money('20.00') });
  await asOwner('/vendor/adjust', { vendorId: vendor.id, amount: money('25.00'), memo: 'Consignment settled by hand' });
  await asOwner('/store/payment/create', {
    name: SEED.paymentMethod,
    vendorFeePercent: percent('3'),
    customerFeePercent: percent('2'),
    customerFeeAmount: money('0.25'),
    minimumAmount: money('5.00'),
    requiresManagerApproval: false,
  });
  const { paymentMethod: house } = await asOwner<{ paymentMethod: { id: number } }>('/store/payment/create', {
    name: SEED.approvalMethod,
    vendorFeePercent: percent('0'),
    customerFeePercent: percent('0'),
    customerFeeAmount: money('0'),
    minimumAmount: money('0'),
    requiresManagerApproval: true,
  });
  await asOwner('/roadmap/roadmap', {
    action: 'create',
    entry: { title: SEED.roadmapTitle, description: 'Scan item tags at the till', requestor: 'Front desk', estimatedCompletion: '2027-03-01T07:00:00.000Z', actualCompletion: null, status: 'in_progress' },
  });
  await asOwner('/store/inventory/add', { sku: SEED.inventorySku, description: 'Brass candlesticks', price: money('24.00'), quantityOnHand: 1, reorderLevel: 2, itemCode: SEED.itemCode });
  // A completed order, for the lookup's results and the read-only order view.
  const order = await asOwner<{ nextOrderId: number; nextOrderLineId: number }>('/order/next');
  const line = { itemCode: SEED.itemCode, quantity: 2, price: money('12.50'), discountPercent: percent('0'), tax1Enabled: true, tax1Percent: percent('5'), tax1Description: 'GST' };
  await asOwner('/order/update-line', { orderLineId: order.nextOrderLineId, itemDescription: 'Blue vase', ...line });
  await asOwner('/order/submit', { orderId: order.nextOrderId, customerName: SEED.customer, items: [{ id: order.nextOrderLineId, description: 'Blue vase', ...line }] });
  // One of its two vases refunded (12.50 and GST 0.62, its half of 1.25 rounded half-to-even), paid in cash: a refund to list and a receipt to open.
  const { paymentMethods } = await asOwner<{ paymentMethods: { id: number; isCash: boolean }[] }>('/store/payment/list');
  await asOwner('/order/refund', {
    orderId: order.nextOrderId,
    lines: [{ orderLineId: order.nextOrderLineId, quantity: 1 }],
    payments: [{ paymentMethodId: paymentMethods.find((m) => m.isCash)!.id, amount: money('13.12') }],
    reason: 'Chipped rim',
  });
  // A sale on a method that needs approval, left PENDING, for the manager's Approve and Cancel.
  const pending = await asOwner<{ nextOrderId: number; nextOrderLineId: number }>('/order/next');
  await asOwner('/order/submit', {
    orderId: pending.nextOrderId,
    customerName: SEED.pendingCustomer,
    items: [{ id: pending.nextOrderLineId, description: 'Green quilt', ...line }],
    payments: [{ paymentMethodId: house.id, amount: money('26.25') }],
  });

  const staff = await createStaffViaApi(baseURL(), owner.token, { role: 'STORE_STAFF', storeId: owner.storeId });
  const accountant = await createStaffViaApi(baseURL(), owner.token, { role: 'STORE_ACCOUNTANT', storeId: owner.storeId });
  // The vendor's own person in the portal: invited by the owner, accepted with a new account; a payout to list.
  await asOwner('/vendor/payout', { vendorId: vendor.id, amount: money('10.00'), method: 'CASH', reference: 'Envelope 3' });
  const { inviteUrl } = await asOwner<{ inviteUrl: string }>('/vendor/invite', { vendorId: vendor.id, email: 'hana@example.com' });
  const portal = { username: uniqueName('hana'), email: `${uniqueName('hana')}@example.com`, password: 'booth password 1' };
  await apiPost('/portal/accept', { token: inviteUrl.split('/').pop(), ...portal });
  const { username, password, email } = inject('admin');
  return { owner, staff, accountant, admin: { username, password, email }, vendor: portal };
}

// ---- how each screen is brought up ----

const heading = (page: Page, name: string) => page.getByRole('heading', { name, exact: true }).first().waitFor();
const dialog = async (page: Page, name: string) => {
  await page.getByRole('dialog', { name }).waitFor();
};
const click = (page: Page, role: 'button' | 'tab' | 'link', name: string) => page.getByRole(role, { name, exact: true }).first().click();

async function dashboardLoaded(page: Page, name = 'Dashboard') {
  await heading(page, name);
  await page.getByTestId('dashboard-counter').first().waitFor();
  await page.getByTestId('dashboard-counter-loading').first().waitFor({ state: 'detached' });
}

/** The Items screen with the stock item the seed made (by its SKU, now an item). */
async function itemsLoaded(page: Page) {
  await page.getByRole('table', { name: 'Items' }).getByText('Brass candlesticks').waitFor();
}

async function settingsLoaded(page: Page) {
  await page.getByLabel('Order Prefix').waitFor();
  await page.locator(`tr[data-payment-method="${SEED.paymentMethod}"]`).waitFor();
}

async function vendorsLoaded(page: Page) {
  await page.locator('tr[data-vendor-id]').first().waitFor();
}

async function accountsLoaded(page: Page) {
  await page.locator(`tr[data-account="${SEED.vendor}"]`).waitFor();
}

/** The Books screen on one tab, loaded (the trial balance, the chart of accounts, the export form). */
function booksTab(tab: 'Trial balance' | 'Chart of accounts' | 'Export') {
  return async (page: Page) => {
    await heading(page, 'Books');
    await click(page, 'tab', tab);
    if (tab === 'Trial balance') await page.getByText('Trial balance at the end of').waitFor();
    else if (tab === 'Chart of accounts') await page.getByTestId('chart-of-accounts').waitFor();
    else await page.getByRole('button', { name: 'Download' }).waitFor();
  };
}

/** The Reports screen on one tab, its report loaded (the sales chart, the balances, the Z report). */
function reportsTab(tab: 'Sales' | 'Vendors' | 'End of Day') {
  return async (page: Page) => {
    await heading(page, 'Reports');
    await click(page, 'tab', tab);
    const loaded = { Sales: 'sales-table', Vendors: 'vendors-table', 'End of Day': 'z-report' }[tab];
    await page.getByTestId(loaded).waitFor();
  };
}

async function statementLoaded(page: Page) {
  await page.getByTestId('statement-closing').waitFor();
}

/** The vendor's statement, opened from the accounts screen. */
async function vendorStatement(page: Page) {
  await accountsLoaded(page);
  await click(page, 'link', `Statement of ${SEED.vendor}`);
  await statementLoaded(page);
}

async function roadmapLoaded(page: Page) {
  await page.locator('tr[data-entry-id]').first().waitFor();
}

/** The Orders page keeps the tabs of earlier visits: start from its lookup tab. */
async function lookupTab(page: Page) {
  await click(page, 'tab', 'Order Lookup');
  await heading(page, 'Order Lookup');
}

async function ordersFound(page: Page) {
  await lookupTab(page);
  await click(page, 'button', 'Search Orders');
  await page.getByRole('table', { name: 'Orders found' }).locator('tbody tr[data-order-number]').first().waitFor();
}

/** A new order with one line whose code the store does not know (its warning shows). */
async function newOrderWithWarning(page: Page) {
  await lookupTab(page);
  await page.getByTestId('new-order-tab').click();
  const editor = page.locator('[data-testid="order-editor"]:visible');
  const line = editor.locator('tr[data-line-key]').first();
  await line.locator('[data-field="itemCode"]').fill('ZZ999');
  await line.locator('[data-field="description"]').click();
  await line.locator('[data-warning="unknown-code"]').waitFor();
}

/** The payment panel of a new order, split over Cash and the method that needs a manager's approval. */
async function paymentPanel(page: Page) {
  await newOrderWithWarning(page);
  const line = page.locator('[data-testid="order-editor"]:visible tr[data-line-key]').first();
  await line.locator('[data-field="price"]').fill('30');
  await line.locator('[data-field="price"]').press('Tab');
  await page.keyboard.press('Control+Enter');
  const panel = page.locator('[data-testid="checkout-panel"]:visible');
  await panel.locator('input[name="payments.0.amount"]').fill('10');
  await page.keyboard.press('Enter');
  await panel.locator('input[name="payments.1.amount"]').waitFor();
  await page.keyboard.press('F4');
  await panel.getByTestId('approval').waitFor();
}

/** The completed order (one of its vases refunded), found by the lookup and opened. */
async function completedOrder(page: Page) {
  await ordersFound(page);
  await page.getByRole('table', { name: 'Orders found' }).locator('tbody tr', { hasText: SEED.customer }).first().click();
  await page.locator('[data-testid="order-view"]:visible [data-testid="refund-list"]').waitFor();
}

/** The PENDING order, found with the lookup's Status filter and opened. */
async function pendingOrder(page: Page) {
  await lookupTab(page);
  await page.getByLabel('Status', { exact: true }).selectOption('PENDING');
  await click(page, 'button', 'Search Orders');
  await page.getByRole('table', { name: 'Orders found' }).locator('tbody tr', { hasText: SEED.pendingCustomer }).first().click();
  await page.locator('[data-testid="order-view"][data-status="PENDING"]:visible').waitFor();
}

/** Once the screen has loaded, a button opens the dialog to check. */
function dialogFrom(loaded: (page: Page) => Promise<void>, button: string, name: string) {
  return async (page: Page) => {
    await loaded(page);
    await click(page, 'button', button);
    await dialog(page, name);
  };
}

/** The audit trail with its events (cells only real rows have). */
async function auditLoaded(page: Page) {
  await page.getByRole('table', { name: 'Audit events' }).locator('tbody td[data-label="Action"]').first().waitFor();
}

/** The vendor portal's screens, each loaded. */
async function boothLoaded(page: Page) {
  await heading(page, 'My Booth');
  await page.getByTestId('booth-balance').waitFor();
}

async function portalSalesLoaded(page: Page) {
  await heading(page, 'Sales');
  await page.getByTestId('sale-line').first().waitFor();
}

async function portalPayoutsLoaded(page: Page) {
  await heading(page, 'Payouts');
  await page.getByTestId('payout').first().waitFor();
}

/** The vendor's form with an invitation to the portal just made (its link to copy). */
async function portalInviteMade(page: Page) {
  await vendorsLoaded(page);
  await click(page, 'button', `Edit vendor ${SEED.vendor}`);
  const section = page.getByRole('region', { name: 'Vendor Portal' });
  await section.getByTestId('portal-people').waitFor();
  await section.getByRole('button', { name: 'Invite to Portal' }).click();
  await section.getByLabel('Invitation link').waitFor();
}

async function pageTable(page: Page, name: string) {
  await page.getByRole('table', { name }).locator('tbody tr').first().waitFor();
}

export const SCREENS: readonly Screen[] = [
  { name: 'Login', as: 'anonymous', path: '/', show: (p) => heading(p, 'Login') },
  {
    name: 'Sign Up',
    as: 'anonymous',
    path: '/',
    show: async (p) => {
      await click(p, 'button', 'Need an account? Sign up');
      await heading(p, 'Sign Up');
    },
  },
  {
    name: 'Login with an error',
    as: 'anonymous',
    path: '/',
    show: async (p) => {
      await p.locator('input[name="usernameOrEmail"]').fill('nobody-here');
      await p.locator('input[name="password"]').fill('not-the-password');
      await click(p, 'button', 'Login');
      await p.getByTestId('login-error').waitFor();
    },
  },
  { name: 'Unknown address', as: 'anonymous', path: '/no-such-page', show: (p) => heading(p, 'Page not found') },

  { name: 'Owner: Dashboard', as: 'owner', path: '/dashboard', show: (p) => dashboardLoaded(p) },
  { name: 'Owner: Store Management', as: 'owner', path: '/store', show: (p) => heading(p, 'Store Management') },
  { name: 'Owner: Staff', as: 'owner', path: '/store/staff', show: (p) => pageTable(p, 'Staff') },
  { name: 'Owner: Items', as: 'owner', path: '/store/items', show: itemsLoaded },
  { name: 'Items: Intake dialog', as: 'owner', path: '/store/items', show: dialogFrom(itemsLoaded, 'Intake', 'Intake') },
  { name: 'Owner: Store Settings', as: 'owner', path: '/store/settings', show: settingsLoaded },
  { name: 'Settings: Add Payment Method dialog', as: 'owner', path: '/store/settings', show: dialogFrom(settingsLoaded, 'Add Payment Method', 'Add Payment Method') },
  { name: 'Settings: Edit Payment Method dialog', as: 'owner', path: '/store/settings', show: dialogFrom(settingsLoaded, `Edit ${SEED.paymentMethod}`, 'Edit Payment Method') },
  { name: 'Settings: Delete Payment Method dialog', as: 'owner', path: '/store/settings', show: dialogFrom(settingsLoaded, `Delete ${SEED.paymentMethod}`, 'Delete Payment Method') },
  { name: 'Owner: Vendors', as: 'owner', path: '/store/vendors', show: vendorsLoaded },
  {
    name: 'Vendors: Add New Vendor form',
    as: 'owner',
    path: '/store/vendors',
    show: async (p) => {
      await vendorsLoaded(p);
      await click(p, 'button', 'Add Vendor');
      await heading(p, 'Add New Vendor');
    },
  },
  {
    name: 'Vendors: Edit Vendor with an item code being added',
    as: 'owner',
    path: '/store/vendors',
    show: async (p) => {
      await vendorsLoaded(p);
      await click(p, 'button', `Edit vendor ${SEED.vendor}`);
      await heading(p, 'Edit Vendor');
      await p.locator(`[data-item-code="${SEED.itemCode}"]`).waitFor();
      await click(p, 'button', 'Add Code');
      await p.getByLabel('Tag').waitFor();
    },
  },
  { name: 'Owner: Vendor Accounts', as: 'owner', path: '/store/vendors/accounts', show: accountsLoaded },
  { name: 'Vendor Accounts: Pay Vendor dialog', as: 'owner', path: '/store/vendors/accounts', show: dialogFrom(accountsLoaded, `Pay ${SEED.vendor}`, 'Pay Vendor') },
  { name: 'Vendor Accounts: Adjust Balance dialog', as: 'owner', path: '/store/vendors/accounts', show: dialogFrom(accountsLoaded, `Adjust ${SEED.vendor}`, 'Adjust Balance') },
  { name: 'Vendor Accounts: Post Rent dialog', as: 'owner', path: '/store/vendors/accounts', show: dialogFrom(accountsLoaded, 'Post Rent', 'Post Rent') },
  {
    name: 'Vendor Accounts: Payout Run dialog with its preview',
    as: 'owner',
    path: '/store/vendors/accounts',
    show: async (p) => {
      await dialogFrom(accountsLoaded, 'Payout Run', 'Payout Run')(p);
      const run = p.getByRole('dialog', { name: 'Payout Run' });
      const through = run.getByRole('textbox', { name: 'Through' });
      await through.fill(new Date().toISOString().slice(0, 10));
      await through.blur();
      await click(p, 'button', 'Preview');
      await run.getByTestId('run-table').waitFor();
    },
  },
  { name: 'Owner: Vendor statement', as: 'owner', path: '/store/vendors/accounts', show: vendorStatement },
  { name: 'Owner: Order Lookup with results', as: 'owner', path: '/orders', show: ordersFound },
  { name: 'Owner: Order editor with a warning', as: 'owner', path: '/orders', show: newOrderWithWarning },
  {
    name: 'Orders: Keyboard shortcuts dialog',
    as: 'owner',
    path: '/orders',
    show: async (p) => {
      await lookupTab(p);
      await p.keyboard.press('?');
      await dialog(p, 'Keyboard shortcuts');
    },
  },
  { name: 'Owner: Completed order with a refund', as: 'owner', path: '/orders', show: completedOrder },
  { name: 'Orders: Refund dialog', as: 'owner', path: '/orders', show: dialogFrom(completedOrder, 'Refund', 'Refund order') },
  { name: "Staff: Refund dialog asking for a manager's credentials", as: 'staff', path: '/orders', show: dialogFrom(completedOrder, 'Refund', 'Refund order') },
  { name: 'Phone: Refund dialog', as: 'owner', path: '/orders', viewport: PHONE, show: dialogFrom(completedOrder, 'Refund', 'Refund order') },
  {
    name: 'Orders: Refund receipt dialog',
    as: 'owner',
    path: '/orders',
    show: async (p) => {
      await completedOrder(p);
      await p.getByRole('button', { name: /^Receipt of refund / }).first().click();
      await dialog(p, 'Receipt of refund');
    },
  },
  { name: 'Owner: Pending order with Approve and Cancel', as: 'owner', path: '/orders', show: pendingOrder },
  { name: 'Orders: Cancel Order dialog', as: 'owner', path: '/orders', show: dialogFrom(pendingOrder, 'Cancel Order', 'Cancel Order') },
  { name: 'Owner: Payment panel with a split and an approval', as: 'owner', path: '/orders', show: paymentPanel },
  { name: 'Owner: Customers', as: 'owner', path: '/customers', show: (p) => heading(p, 'Customers') },
  { name: 'Owner: Reports: Sales', as: 'owner', path: '/reports', show: reportsTab('Sales') },
  { name: 'Owner: Reports: End of Day', as: 'owner', path: '/reports', show: reportsTab('End of Day') },
  { name: 'Owner: Needs Attention', as: 'owner', path: '/attention', show: (p) => p.getByRole('table', { name: 'Open offline sales' }).waitFor() },
  { name: 'Owner: Audit', as: 'owner', path: '/store/audit', show: auditLoaded },
  { name: 'Tablet: Audit', as: 'owner', path: '/store/audit', viewport: TABLET, show: auditLoaded },
  { name: 'Owner: Roadmap', as: 'owner', path: '/roadmap', show: roadmapLoaded },
  { name: 'Roadmap: New Roadmap Entry dialog', as: 'owner', path: '/roadmap', show: dialogFrom(roadmapLoaded, 'Add New Entry', 'New Roadmap Entry') },
  {
    name: 'Roadmap: Edit Roadmap Entry dialog with its date field in focus',
    as: 'owner',
    path: '/roadmap',
    show: async (p) => {
      await roadmapLoaded(p);
      await click(p, 'button', `Edit ${SEED.roadmapTitle}`);
      await dialog(p, 'Edit Roadmap Entry');
      const day = p.getByRole('dialog', { name: 'Edit Roadmap Entry' }).getByLabel('Estimated Completion');
      await day.focus();
      await expect.poll(() => day.evaluate((el) => el === document.activeElement)).toBe(true);
    },
  },
  { name: 'Roadmap: Delete Roadmap Entry dialog', as: 'owner', path: '/roadmap', show: dialogFrom(roadmapLoaded, `Delete ${SEED.roadmapTitle}`, 'Delete Roadmap Entry') },
  { name: 'Owner: Account', as: 'owner', path: '/account', show: (p) => heading(p, 'Account') },
  {
    name: 'Phone: the menu opened from the top bar',
    as: 'owner',
    path: '/dashboard',
    viewport: PHONE,
    show: async (p) => {
      await dashboardLoaded(p);
      await click(p, 'button', 'Open menu');
      await p.getByRole('navigation', { name: 'Main menu' }).getByRole('link', { name: 'Orders' }).waitFor();
    },
  },
  { name: 'Tablet: Order editor', as: 'owner', path: '/orders', viewport: TABLET, show: newOrderWithWarning },
  { name: 'Phone: Order editor', as: 'owner', path: '/orders', viewport: PHONE, show: newOrderWithWarning },
  { name: 'Phone: Vendors', as: 'owner', path: '/store/vendors', viewport: PHONE, show: vendorsLoaded },
  { name: 'Tablet: Vendor Accounts', as: 'owner', path: '/store/vendors/accounts', viewport: TABLET, show: accountsLoaded },
  { name: 'Tablet: Vendor statement', as: 'owner', path: '/store/vendors/accounts', viewport: TABLET, show: vendorStatement },
  { name: 'Phone: Store Settings', as: 'owner', path: '/store/settings', viewport: PHONE, show: settingsLoaded },

  { name: 'Staff: Dashboard', as: 'staff', path: '/dashboard', show: (p) => dashboardLoaded(p) },
  { name: 'Staff: Vendors', as: 'staff', path: '/store/vendors', show: vendorsLoaded },
  { name: 'Staff: Order Lookup with results', as: 'staff', path: '/orders', show: ordersFound },
  { name: 'Staff: Order editor with a warning', as: 'staff', path: '/orders', show: newOrderWithWarning },
  { name: 'Staff: Payment panel with a split and an approval', as: 'staff', path: '/orders', show: paymentPanel },
  { name: 'Staff: Pending order', as: 'staff', path: '/orders', show: pendingOrder },
  { name: 'Phone: Payment panel', as: 'owner', path: '/orders', viewport: PHONE, show: paymentPanel },
  { name: 'Staff: Roadmap (read only)', as: 'staff', path: '/roadmap', show: roadmapLoaded },
  { name: 'Staff: Account', as: 'staff', path: '/account', show: (p) => heading(p, 'Account') },
  {
    name: 'Staff: a page not for the role',
    as: 'staff',
    path: '/store/settings',
    show: (p) => p.getByText('This page is not available for the current role.').waitFor(),
  },

  { name: 'Accountant: Dashboard', as: 'accountant', path: '/dashboard', show: (p) => dashboardLoaded(p) },
  { name: 'Accountant: Reports: Sales', as: 'accountant', path: '/reports', show: reportsTab('Sales') },
  { name: 'Accountant: Reports: Vendors', as: 'accountant', path: '/reports', show: reportsTab('Vendors') },
  { name: 'Accountant: Reports: End of Day', as: 'accountant', path: '/reports', show: reportsTab('End of Day') },
  { name: 'Accountant: Books: Trial balance', as: 'accountant', path: '/books', show: booksTab('Trial balance') },
  { name: 'Accountant: Books: Chart of accounts', as: 'accountant', path: '/books', show: booksTab('Chart of accounts') },
  { name: 'Accountant: Books: Export', as: 'accountant', path: '/books', show: booksTab('Export') },
  { name: 'Accountant: Vendor Accounts', as: 'accountant', path: '/store/vendors/accounts', show: accountsLoaded },
  { name: 'Accountant: Vendor statement', as: 'accountant', path: '/store/vendors/accounts', show: vendorStatement },
  { name: 'Accountant: Audit', as: 'accountant', path: '/store/audit', show: auditLoaded },
  { name: 'Accountant: Roadmap', as: 'accountant', path: '/roadmap', show: roadmapLoaded },
  { name: 'Accountant: Account', as: 'accountant', path: '/account', show: (p) => heading(p, 'Account') },

  { name: 'Portal: Invitation accept page', as: 'anonymous', path: '/accept-invite/not-a-real-token', viewport: PHONE, show: (p) => heading(p, "Join your store's vendor portal") },
  {
    name: 'Portal: Invitation refused',
    as: 'anonymous',
    path: '/accept-invite/not-a-real-token',
    show: async (p) => {
      await p.getByText('I have an account', { exact: true }).click();
      await p.locator('input[name="usernameOrEmail"]').fill('nobody-here');
      await p.locator('input[name="password"]').fill('not-the-password');
      await click(p, 'button', 'Sign In and Accept');
      await p.getByTestId('accept-error').waitFor();
    },
  },
  { name: 'Portal: Vendors: Edit Vendor with a portal invitation made', as: 'owner', path: '/store/vendors', show: portalInviteMade },
  { name: 'Portal: Phone: My Booth', as: 'vendor', path: '/portal', viewport: PHONE, show: boothLoaded },
  { name: 'Portal: Phone: Sales', as: 'vendor', path: '/portal/sales', viewport: PHONE, show: portalSalesLoaded },
  { name: 'Portal: Phone: Statements', as: 'vendor', path: '/portal/statements', viewport: PHONE, show: statementLoaded },
  { name: 'Portal: Phone: Payouts', as: 'vendor', path: '/portal/payouts', viewport: PHONE, show: portalPayoutsLoaded },
  { name: 'Portal: Phone: Items', as: 'vendor', path: '/portal/items', viewport: PHONE, show: (p) => heading(p, 'Items') },
  { name: 'Portal: My Booth', as: 'vendor', path: '/portal', show: boothLoaded },
  { name: 'Portal: Sales', as: 'vendor', path: '/portal/sales', show: portalSalesLoaded },
  { name: 'Portal: Statements', as: 'vendor', path: '/portal/statements', show: statementLoaded },
  { name: 'Portal: Account', as: 'vendor', path: '/account', show: (p) => heading(p, 'Account') },

  { name: 'Admin: Dashboard', as: 'admin', path: '/dashboard', show: (p) => dashboardLoaded(p, 'Dashboard') },
  { name: 'Admin: System Management', as: 'admin', path: '/system', show: (p) => heading(p, 'System Management') },
  { name: 'Admin: Users', as: 'admin', path: '/system/users', show: (p) => pageTable(p, 'Users') },
  { name: 'Admin: Stores', as: 'admin', path: '/system/stores', show: (p) => pageTable(p, 'Stores') },
  { name: 'Admin: Account', as: 'admin', path: '/account', show: (p) => heading(p, 'Account') },
];
