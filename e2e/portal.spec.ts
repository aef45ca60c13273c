/**
 * The vendor portal in Chromium: a manager invites a vendor from the vendor's screen and
 * gets the link; the link opened in a browser of its own (a phone, 390 px), an account is
 * created and the invitation accepted; My Booth, Sales, Statements and Payouts show the
 * same figures as the store's statement of the vendor, to the cent, with no sideways
 * scroll; then on a desktop; on the phone the vendor adds an item, changes its price,
 * prints its tag and asks for it back, which the manager confirms on the store's item
 * screen; the vendor adds three items and prints their tags, a cashier sells one, and the
 * vendor sees the sale with its split and the balance moved by its net; the manager revokes
 * the access and the vendor's screens are refused.
 * Screenshots of each screen at 390 px and on a desktop.
 */
import { readFile } from 'node:fs/promises';
import { afterAll, beforeAll, describe, expect, test } from 'vitest';
import type { BrowserContext, Page } from 'playwright-core';
import { formatMoney } from '@pos/domain';
import { launchBrowser, REDUCED_MOTION, trackedPage, type Browser, type TrackedPage } from './support/browser';
import { apiPost, asOwnerOf, baseURL, createStaffViaApi, drawerEntries, openAs, readSession, screenshot, signUpOwnerViaApi, uniqueName, type Account, type LoginResponse, type OwnerAccount } from './support/app';
import { MENUS } from './support/expectations';
import { PHONE } from './support/screens';
import { waitForPath } from './support/screen';

const money = (text: string) => ({ type: 'Money', value: String(Math.round(Number(text) * 100) * 10_000) });
const percent = (text: string) => ({ type: 'Percent', value: String(Math.round(Number(text) * 1_000_000)) });
const micro = (wire: { value: string }) => BigInt(wire.value);

type Kind = 'SALE' | 'COMMISSION' | 'CARD_FEE' | 'RENT' | 'ADJUSTMENT' | 'PAYOUT';
interface Statement {
  from: string;
  to: string;
  openingBalance: { value: string };
  closingBalance: { value: string };
  totals: Record<Kind, { value: string }>;
  entries: { kind: Kind; orderNumber: string | null; amount: { value: string } }[];
}

/** Is the page as wide as the window (no sideways scroll)? */
async function scrollsSideways(page: Page): Promise<boolean> {
  return page.evaluate(() => {
    const doc = (globalThis as unknown as { document: { documentElement: { scrollWidth: number; clientWidth: number } } }).document;
    return doc.documentElement.scrollWidth > doc.documentElement.clientWidth;
  });
}

const text = async (page: Page, selector: string) => ((await page.locator(selector).first().textContent()) ?? '').trim();

describe('the vendor portal', () => {
  let store: Browser;
  /** The vendor's phone: a context of its own (its own storage and cookies) in the one browser. */
  let phone: BrowserContext | undefined;
  let tp: TrackedPage;
  let vp: TrackedPage;
  let owner: OwnerAccount;
  let manager: Account;
  let asOwner: ReturnType<typeof asOwnerOf>;
  let vendorId: number;
  let inviteUrl = '';
  const vendorAccount = { username: uniqueName('ada'), password: 'booth password 1' };

  beforeAll(async () => {
    store = await launchBrowser();
    tp = await trackedPage(store.context);
    owner = await signUpOwnerViaApi({ storeName: `Harbour Mall ${uniqueName('')}` });
    asOwner = asOwnerOf(owner);
    manager = await createStaffViaApi(baseURL(), owner.token, { role: 'STORE_MANAGER', storeId: owner.storeId });
    const { vendor } = await asOwner<{ vendor: { id: number } }>('/vendor/add', {
      tradeName: 'Ada Antiques',
      contactName: 'Ada Lovelace',
      contactEmail: 'ada@example.com',
      primaryPhone: '555-0101',
      vendorType: 'VENDOR',
      deductMonthlyRent: true,
      monthlyRent: money('40'),
    });
    vendorId = vendor.id;
    // 20% commission on ADA, which passes card fees through; the card method charges 3%.
    await asOwner('/store/itemcode/add', { tag: 'ADA', vendorId, defaultCommissionPercent: percent('20'), proportionalCcFee: true });
    const { paymentMethod: card } = await asOwner<{ paymentMethod: { id: number } }>('/store/payment/create', {
      name: 'Card',
      vendorFeePercent: percent('3'),
      customerFeePercent: percent('0'),
      customerFeeAmount: money('0'),
      minimumAmount: money('0'),
      requiresManagerApproval: false,
    });
    // Two lamps at 12.50 paid by card, then one of them refunded to the card: a sale and a refund of the vendor's.
    const order = await asOwner<{ nextOrderId: number; nextOrderLineId: number }>('/order/next');
    const line = { itemCode: 'ADA', quantity: 2, price: money('12.50'), discountPercent: percent('0') };
    await asOwner('/order/update-line', { orderLineId: order.nextOrderLineId, itemDescription: 'Brass lamp', ...line });
    await asOwner('/order/submit', {
      orderId: order.nextOrderId,
      customerName: 'Secret Customer',
      items: [{ id: order.nextOrderLineId, description: 'Brass lamp', ...line }],
      payments: [{ paymentMethodId: card.id, amount: money('25.00') }],
    });
    await asOwner('/order/refund', {
      orderId: order.nextOrderId,
      lines: [{ orderLineId: order.nextOrderLineId, quantity: 1 }],
      payments: [{ paymentMethodId: card.id, amount: money('12.50') }],
      reason: 'Wobbly shade',
    });
    await asOwner('/vendor/payout', { vendorId, amount: money('5.00'), method: 'CASH', reference: 'Envelope 7' });
  });

  afterAll(async () => {
    await phone?.close();
    await store?.close();
  });

  test('a manager invites the vendor from the vendor screen and gets the link to hand on', async () => {
    const { page } = tp;
    await openAs(page, manager, '/store/vendors');
    await page.getByRole('button', { name: 'Edit vendor Ada Antiques', exact: true }).click();
    const section = page.getByRole('region', { name: 'Vendor Portal' });
    await section.getByTestId('portal-people-empty').waitFor();
    await expect(section.getByLabel('Email').inputValue()).resolves.toBe('ada@example.com');
    await section.getByRole('button', { name: 'Invite to Portal' }).click();
    const link = section.getByLabel('Invitation link');
    await link.waitFor();
    inviteUrl = await link.inputValue();
    expect(inviteUrl).toMatch(new RegExp(`^${baseURL()}/accept-invite/[A-Za-z0-9_-]{43}$`));
    const mailto = (await section.getByTestId('invite-mailto').getAttribute('href')) ?? '';
    expect(mailto.startsWith('mailto:ada%40example.com?subject=')).toBe(true);
    expect(decodeURIComponent(mailto)).toContain(inviteUrl);
    // The open invitation is listed, revocable.
    await section.getByRole('button', { name: 'Revoke the invitation for ada@example.com' }).waitFor();
    await screenshot(page, 'portal-invite-made');
    tp.expectClean();
  });

  test('an accountant, who has no vendor form, invites from the vendor’s statement screen', async () => {
    const { page } = tp;
    const accountant = await createStaffViaApi(baseURL(), owner.token, { role: 'STORE_ACCOUNTANT', storeId: owner.storeId });
    await openAs(page, accountant, '/store/vendors/accounts');
    await page.getByRole('link', { name: 'Statement of Ada Antiques' }).click();
    await waitForPath(page, `/store/vendors/accounts/${vendorId}/statement`);
    const section = page.getByRole('region', { name: 'Vendor Portal' });
    await expect(section.getByLabel('Email').inputValue()).resolves.toBe('ada@example.com');
    await section.getByLabel('Email').fill('ada.partner@example.com');
    await section.getByRole('button', { name: 'Invite to Portal' }).click();
    await expect.poll(() => section.getByLabel('Invitation link').inputValue()).toMatch(new RegExp(`^${baseURL()}/accept-invite/[A-Za-z0-9_-]{43}$`));
    await section.getByRole('button', { name: 'Revoke the invitation for ada.partner@example.com' }).waitFor();
    await screenshot(page, 'store-statement-invite-desktop');
    await page.setViewportSize(PHONE);
    await section.scrollIntoViewIfNeeded();
    expect(await scrollsSideways(page)).toBe(false);
    await screenshot(page, 'store-statement-invite-phone');
    await page.setViewportSize({ width: 1280, height: 800 });
    tp.expectClean();
  });

  test('the link, opened on a phone, creates an account and accepts; My Booth shows the store’s figures to the cent', async () => {
    // A second connection to the browser would answer the store page's confirm dialogs itself: a context of the same one.
    phone = await store.context.browser()!.newContext({ viewport: PHONE, ...REDUCED_MOTION });
    phone.setDefaultTimeout(10_000);
    vp = await trackedPage(phone);
    const { page } = vp;
    await page.setViewportSize(PHONE);
    await page.goto(inviteUrl);
    await page.getByRole('heading', { name: "Join your store's vendor portal" }).waitFor();
    expect(await scrollsSideways(page)).toBe(false);
    await screenshot(page, 'portal-accept-phone');
    await page.locator('input[name="username"]').fill(vendorAccount.username);
    await page.locator('input[name="email"]').fill(`${vendorAccount.username}@example.com`);
    await page.locator('input[name="password"]').fill(vendorAccount.password);
    await page.getByRole('button', { name: 'Create Account and Accept' }).click();
    await waitForPath(page, '/portal');
    const session = await readSession(page);
    expect(session.currentRole).toMatchObject({ storeId: owner.storeId, role: 'VENDOR', vendorId, vendorName: 'Ada Antiques' });

    // The store's own statement of this month, and its balance.
    const statement = await asOwner<Statement>('/vendor/statement', { vendorId });
    const closing = micro(statement.closingBalance);
    const booth = page.getByTestId('booth-balance');
    await booth.waitFor();
    await expect(text(page, '[data-testid="booth-balance"] [data-field="balance"]')).resolves.toBe(formatMoney(closing));
    expect(closing).toBeGreaterThan(0n);
    await expect(text(page, '[data-testid="booth-balance"] [data-field="balance-words"]')).resolves.toBe(`The store owes you ${formatMoney(closing)}`);
    // Sales this month: one lamp sold net of the refund; what it earned is the sales entries of the statement.
    const earned = micro(statement.totals.SALE) + micro(statement.totals.COMMISSION) + micro(statement.totals.CARD_FEE);
    await expect(text(page, '[data-testid="booth-month"] [data-field="sales"]')).resolves.toBe(formatMoney(micro(statement.totals.SALE)));
    await expect(text(page, '[data-testid="booth-month"] [data-field="net"]')).resolves.toBe(`You earned ${formatMoney(earned)}`);
    await expect(text(page, '[data-testid="booth-last-payout"] [data-field="amount"]')).resolves.toBe('$5.00');
    await page.getByTestId('booth-last-payout').getByText('Cash · Envelope 7').waitFor();
    await expect(text(page, '[data-testid="booth-next-rent"] [data-field="amount"]')).resolves.toBe('$40.00');
    expect(await scrollsSideways(page)).toBe(false);
    // Beside the store's long name the top bar's title keeps its words: the name wraps, neither is cut.
    await expect(page.getByTestId('page-title').textContent()).resolves.toBe('My Booth');
    for (const box of [page.getByTestId('page-title'), page.getByTestId('current-role').locator('p, div').first()]) {
      expect(await box.evaluate((el) => el.scrollWidth <= el.clientWidth && el.scrollHeight <= el.clientHeight + 1)).toBe(true);
    }
    await screenshot(page, 'portal-booth-phone');

    // The drawer of a vendor: the portal's screens, Roadmap and Account only.
    await page.getByRole('button', { name: 'Open menu' }).click();
    await expect(drawerEntries(page)).resolves.toEqual(MENUS.VENDOR);
    await page.getByRole('navigation', { name: 'Main menu' }).getByRole('link', { name: 'Sales' }).click();
    await waitForPath(page, '/portal/sales');

    // Sales: the sale and its refund, each with its split, adding up to the statement's sales entries.
    const lines = page.getByTestId('sale-line');
    await expect.poll(() => lines.count()).toBe(2);
    const refund = page.locator('[data-testid="sale-line"][data-refund]');
    await refund.getByText(/^.+ · Refund .+ of order .+$/).waitFor();
    const totals = page.getByTestId('sales-totals');
    await expect(text(page, '[data-testid="sales-totals"] [data-field="lineTotal"]')).resolves.toBe(formatMoney(micro(statement.totals.SALE)));
    await expect(text(page, '[data-testid="sales-totals"] [data-field="commission"]')).resolves.toBe(formatMoney(micro(statement.totals.COMMISSION)));
    await expect(text(page, '[data-testid="sales-totals"] [data-field="cardFee"]')).resolves.toBe(formatMoney(micro(statement.totals.CARD_FEE)));
    await expect(text(page, '[data-testid="sales-totals"] [data-field="net"]')).resolves.toBe(formatMoney(earned));
    await expect(text(page, '[data-testid="sales-totals"] [data-field="balance"]')).resolves.toBe(formatMoney(closing));
    // Each line's net is its total less commission and card fee; the nets add up to the total.
    const nets = await lines.locator('[data-field="net"]').allTextContents();
    const sale = page.locator('[data-testid="sale-line"]:not([data-refund])');
    await expect(sale.locator('[data-field="lineTotal"]').textContent()).resolves.toBe('$25.00');
    await expect(sale.locator('[data-field="commission"]').textContent()).resolves.toBe('-$5.00');
    await expect(sale.locator('[data-field="cardFee"]').textContent()).resolves.toBe('-$0.75');
    await expect(sale.locator('[data-field="net"]').textContent()).resolves.toBe('$19.25');
    const sum = nets.reduce((s, n) => s + BigInt(Math.round(Number(n.replace(/[$,]/g, '')) * 100)) * 10_000n, 0n);
    expect(sum).toBe(earned);
    // No customer anywhere on the vendor's screens.
    await expect(page.getByText('Secret Customer').count()).resolves.toBe(0);
    await totals.scrollIntoViewIfNeeded();
    expect(await scrollsSideways(page)).toBe(false);
    await screenshot(page, 'portal-sales-phone');

    // Statements: the store's statement, the same closing balance.
    await page.goto(`${baseURL()}/portal/statements`);
    await page.getByTestId('statement-closing').waitFor();
    await expect(page.getByTestId('statement-closing').textContent()).resolves.toBe(formatMoney(closing));
    await expect(page.getByTestId('statement-opening').textContent()).resolves.toBe(formatMoney(micro(statement.openingBalance)));
    expect(await scrollsSideways(page)).toBe(false);
    await screenshot(page, 'portal-statement-phone');

    // Payouts: method and reference.
    await page.goto(`${baseURL()}/portal/payouts`);
    const payout = page.getByTestId('payout');
    await payout.first().waitFor();
    await expect(payout.count()).resolves.toBe(1);
    await expect(payout.locator('[data-field="amount"]').textContent()).resolves.toBe('$5.00');
    await payout.getByText('Cash · Envelope 7').waitFor();
    expect(await scrollsSideways(page)).toBe(false);
    await screenshot(page, 'portal-payouts-phone');

    // The Account page names the vendor in the role selection.
    await page.goto(`${baseURL()}/account`);
    await expect(page.getByRole('combobox', { name: 'Current Role' }).inputValue()).resolves.toBe(`${owner.storeName} - Vendor (Ada Antiques)`);
    vp.expectClean();
  });

  test('on a desktop the vendor sees the same booth, and the sales as a table', async () => {
    const { page } = vp;
    await page.setViewportSize({ width: 1366, height: 900 });
    await page.goto(`${baseURL()}/portal`);
    await page.getByTestId('booth-balance').waitFor();
    await page.getByTestId('booth-next-rent').waitFor();
    await screenshot(page, 'portal-booth-desktop');
    await page.goto(`${baseURL()}/portal/sales`);
    await page.getByRole('table', { name: 'Sales lines' }).locator('[data-testid="sale-line"]').first().waitFor();
    expect(await scrollsSideways(page)).toBe(false);
    await screenshot(page, 'portal-sales-desktop');
    // A store screen is not the vendor's.
    await page.goto(`${baseURL()}/store/vendors`);
    await page.getByText('This page is not available for the current role.').waitFor();
    vp.expectClean();
  });

  test('on the phone the vendor adds an item, changes its price, prints its tag and asks for it back; a manager confirms on the store side', async () => {
    const { page } = vp;
    await page.setViewportSize(PHONE);
    await page.goto(`${baseURL()}/portal/items`);
    await page.getByRole('button', { name: 'Add items' }).click();
    const intake = page.getByRole('dialog', { name: 'Intake' });
    await intake.getByLabel('Row 1 Item Code').fill('ADA');
    await intake.getByLabel('Row 1 Description').fill('Copper kettle');
    // The code, once left, is named as the vendor's own.
    await expect.poll(() => intake.getByTestId('intake-vendor-1').textContent()).toBe('Ada Antiques');
    await intake.getByLabel('Row 1 Price').fill('18.00');
    // At 390 px each row is a card of its own: nothing in the dialog scrolls sideways.
    const sideways = await intake.evaluate((dialog) =>
      [dialog, ...dialog.querySelectorAll('*')].filter((el) => el.scrollWidth > el.clientWidth + 1 && ['auto', 'scroll'].includes(getComputedStyle(el).overflowX)).length,
    );
    expect(sideways).toBe(0);
    await screenshot(page, 'portal-items-intake-phone');
    await intake.getByRole('button', { name: 'Save 1 item' }).click();

    // The new item's tag is offered at once: the store's tag PDF.
    const print = page.getByRole('dialog', { name: 'Print 1 price tags' });
    const [download] = await Promise.all([page.waitForEvent('download'), print.getByRole('button', { name: 'Print tags' }).click()]);
    expect(download.suggestedFilename()).toMatch(/\.pdf$/);
    expect((await readFile((await download.path()))).subarray(0, 5).toString('latin1')).toBe('%PDF-');

    const card = page.getByTestId('portal-item').filter({ hasText: 'Copper kettle' });
    await card.waitFor();
    const itemNumber = (await card.getAttribute('data-item-number'))!;
    await expect(card.locator('[data-field="status"]').textContent()).resolves.toBe('On the floor');
    await expect(card.locator('[data-field="days"]').textContent()).resolves.toBe('0 days on the floor');
    await expect(card.locator('[data-field="price"]').textContent()).resolves.toBe('$18.00');
    // Printed: the card drops its "Needs a new tag" once the list reloads after the print.
    await expect.poll(() => card.locator('[data-field="needs-tag"]').count()).toBe(0);

    // A new price: the item then needs a new tag.
    await card.getByRole('button', { name: `Change item ${itemNumber}` }).click();
    const edit = page.getByRole('dialog', { name: `Change item ${itemNumber}` });
    await edit.getByLabel('Price').fill('15.50');
    await edit.getByRole('button', { name: 'Save' }).click();
    await edit.waitFor({ state: 'detached' });
    await expect.poll(() => card.locator('[data-field="price"]').textContent()).toBe('$15.50');
    await card.locator('[data-field="needs-tag"]').getByText('Needs a new tag').waitFor();

    // Asking to take it back: it stays on the floor until the store confirms.
    await card.getByRole('checkbox', { name: `Select item ${itemNumber}` }).check();
    await page.getByRole('button', { name: 'Ask to withdraw' }).click();
    const ask = page.getByRole('dialog', { name: 'Ask to take back 1 item' });
    await ask.getByLabel('Reason (optional)').fill('Sold it at a fair');
    await ask.getByRole('button', { name: 'Ask to withdraw' }).click();
    await card.locator('[data-field="withdraw-asked"]').waitFor();
    await expect(card.locator('[data-field="status"]').textContent()).resolves.toBe('On the floor');
    expect(await scrollsSideways(page)).toBe(false);
    await screenshot(page, 'portal-items-phone');
    await page.setViewportSize({ width: 1366, height: 900 });
    await card.waitFor();
    // The drawer marks Items alone as the current screen (not My Booth, whose path holds it).
    const marked = page.getByRole('navigation', { name: 'Main menu' }).locator('[data-menu-path][data-active]');
    await expect(marked.evaluateAll((links) => links.map((l) => l.getAttribute('data-menu-path')))).resolves.toEqual(['/portal/items']);
    await screenshot(page, 'portal-items-desktop');
    vp.expectClean();

    // The manager finds the request on the store's Items screen and confirms it on the item.
    const store = tp.page;
    await openAs(store, manager, '/store/items');
    await store.getByRole('checkbox', { name: 'Withdrawal asked' }).check();
    const row = store.locator(`tr[data-item-number="${itemNumber}"]`);
    await row.getByTestId('withdraw-asked').waitFor();
    await row.getByRole('button', { name: `Open item ${itemNumber}` }).click();
    const request = store.getByTestId('withdraw-request');
    await request.getByText('“Sold it at a fair”', { exact: false }).waitFor();
    await screenshot(store, 'store-item-withdraw-request');
    await request.getByRole('button', { name: 'Confirm withdrawal' }).click();
    await request.waitFor({ state: 'detached' });
    await store.getByRole('dialog', { name: `Item ${itemNumber}` }).getByText('WITHDRAWN').first().waitFor();
    tp.expectClean();

    await page.setViewportSize(PHONE);
    await page.reload();
    await expect.poll(() => card.locator('[data-field="status"]').textContent()).toBe('Withdrawn');
    await expect(card.locator('[data-field="withdraw-asked"]').count()).resolves.toBe(0);
    await expect(card.getByRole('button', { name: `Change item ${itemNumber}` }).count()).resolves.toBe(0);
    vp.expectClean();
  });

  test('on the phone the vendor adds three items and prints their tags; a cashier sells one; the vendor sees the sale with its split and the new balance', async () => {
    const { page } = vp;
    await page.setViewportSize(PHONE);
    await page.goto(`${baseURL()}/portal/items`);
    await page.getByRole('button', { name: 'Add items' }).click();
    const intake = page.getByRole('dialog', { name: 'Intake' });
    const pieces = [
      ['Pewter jug', '40.00'],
      ['Oak stool', '55.00'],
      ['Glass float', '12.00'],
    ] as const;
    for (const [n, [description, price]] of pieces.entries()) {
      if (n > 0) await intake.getByRole('button', { name: 'Add row' }).click();
      await intake.getByLabel(`Row ${n + 1} Item Code`).fill('ADA');
      await intake.getByLabel(`Row ${n + 1} Description`).fill(description);
      await intake.getByLabel(`Row ${n + 1} Price`).fill(price);
    }
    await intake.getByRole('button', { name: 'Save 3 items' }).click();
    const print = page.getByRole('dialog', { name: 'Print 3 price tags' });
    const [download] = await Promise.all([page.waitForEvent('download'), print.getByRole('button', { name: 'Print tags' }).click()]);
    expect((await readFile(await download.path())).subarray(0, 5).toString('latin1')).toBe('%PDF-');
    const jug = page.getByTestId('portal-item').filter({ hasText: 'Pewter jug' });
    await jug.waitFor();
    for (const [description] of pieces) await page.getByTestId('portal-item').filter({ hasText: description }).waitFor();
    const itemNumber = (await jug.getAttribute('data-item-number'))!;

    // The balance before, as My Booth shows it.
    const balanceShown = async () => {
      await page.goto(`${baseURL()}/portal`);
      await page.getByTestId('booth-balance').waitFor();
      return text(page, '[data-testid="booth-balance"] [data-field="balance"]');
    };
    const before = (await asOwner<Statement>('/vendor/statement', { vendorId })).closingBalance;
    await expect(balanceShown()).resolves.toBe(formatMoney(micro(before)));

    // A cashier sells the jug by its number, in cash, through the till's own call.
    const cashier = await createStaffViaApi(baseURL(), owner.token, { role: 'STORE_STAFF', storeId: owner.storeId });
    const { token } = await apiPost<LoginResponse>('/login', { usernameOrEmail: cashier.username, password: cashier.password });
    const asCashier = <T>(path: string, body: Record<string, unknown>) => apiPost<T>(path, { tokenString: token, storeId: owner.storeId, role: 'STORE_STAFF', ...body });
    const order = await asCashier<{ nextOrderId: number }>('/order/next', {});
    const sold = await asCashier<{ order: { orderNumber: string } }>('/order/submit', {
      orderId: order.nextOrderId,
      items: [{ itemNumber, itemCode: 'ADA', description: 'Pewter jug', quantity: 1, price: money('40.00') }],
    });

    // The vendor's Sales shows the sale with its split: 40.00 less 20% commission, no card fee in cash.
    await page.goto(`${baseURL()}/portal/sales`);
    const line = page.getByTestId('sale-line').filter({ hasText: sold.order.orderNumber });
    await line.waitFor();
    await expect(line.locator('[data-field="lineTotal"]').textContent()).resolves.toBe('$40.00');
    await expect(line.locator('[data-field="commission"]').textContent()).resolves.toBe('-$8.00');
    await expect(line.locator('[data-field="net"]').textContent()).resolves.toBe('$32.00');
    expect(await scrollsSideways(page)).toBe(false);
    await screenshot(page, 'portal-sales-after-till-sale-phone');
    // And the balance moved by exactly that net, as the store's own statement says.
    const after = (await asOwner<Statement>('/vendor/statement', { vendorId })).closingBalance;
    expect(micro(after) - micro(before)).toBe(32_000_000n);
    await expect(balanceShown()).resolves.toBe(formatMoney(micro(after)));
    await page.goto(`${baseURL()}/portal/items`);
    await expect.poll(() => jug.locator('[data-field="status"]').textContent()).toBe('Sold');
    vp.expectClean();
  });

  test('the manager revokes the access: the vendor’s screens are refused and a new sign-in has no vendor role', async () => {
    const { page } = tp;
    await openAs(page, manager, '/store/vendors');
    await page.getByRole('button', { name: 'Edit vendor Ada Antiques', exact: true }).click();
    const section = page.getByRole('region', { name: 'Vendor Portal' });
    const people = section.getByTestId('portal-people');
    await people.getByText(vendorAccount.username, { exact: true }).waitFor();
    page.once('dialog', (d) => void d.accept());
    await section.getByRole('button', { name: `Revoke portal access of ${vendorAccount.username}` }).click();
    await section.getByTestId('portal-people-empty').waitFor();
    tp.expectClean();

    await vp.page.goto(`${baseURL()}/portal`);
    await vp.page.getByTestId('booth-error').waitFor();
    await expect(vp.page.getByTestId('booth-balance').count()).resolves.toBe(0);
    vp.expectClean([/status of 40[13]/]);
    const login = await apiPost<LoginResponse>('/login', { usernameOrEmail: vendorAccount.username, password: vendorAccount.password });
    expect(login.roles.filter((r) => r.role === 'VENDOR')).toEqual([]);
  });
});
