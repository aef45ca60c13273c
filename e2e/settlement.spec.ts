/**
 * Settling with vendors in Chromium. The worked example of docs/SETTLEMENT.md end to end:
 * the sale (Card 60.00 and Cash 50.00) through the REST door, then on the screens Post
 * Rent, Ada's statement at −86.43 (printed, looked at as a screenshot), Bo paid 16.25 by
 * check and his balance at 0.00. Then the Vendor Accounts screen's filters, search,
 * adjustments and a payout run (preview, then paid), a statement's period and its CSV,
 * the vendor and item-code forms' type and rents, and who reaches the screen.
 */
import { readFile } from 'node:fs/promises';
import { afterAll, beforeAll, describe, expect, test } from 'vitest';
import type { Page } from 'playwright-core';
import { launchBrowser, trackedPage, type Browser, type TrackedPage } from './support/browser';
import { asOwnerOf, baseURL, createStaffViaApi, drawerEntries, openAs, screenshot, signUpOwnerViaApi, updateStoreSettings, type Account, type OwnerAccount } from './support/app';
import { waitForPath } from './support/screen';

const money = (text: string) => ({ type: 'Money', value: String(Math.round(Number(text) * 100) * 10_000) });
const percent = (text: string) => ({ type: 'Percent', value: String(Math.round(Number(text) * 1_000_000)) });

interface Vendor {
  vendor: { id: number };
}

describe('settling with vendors', () => {
  let browser: Browser;
  let tp: TrackedPage;
  let owner: OwnerAccount;
  let accountant: Account;
  let asOwner: ReturnType<typeof asOwnerOf>;
  const ids: Record<string, number> = {};

  const accountsTable = (page: Page) => page.getByRole('table', { name: 'Vendor accounts' });
  const accountRow = (page: Page, name: string) => accountsTable(page).locator(`tr[data-account="${name}"]`);
  const balanceOf = (page: Page, name: string) => accountRow(page, name).getByTestId('account-balance').textContent();
  const accountNames = (page: Page) => accountsTable(page).locator('tbody tr[data-account]').evaluateAll((rows) => rows.map((r) => r.getAttribute('data-account')));

  beforeAll(async () => {
    browser = await launchBrowser();
    tp = await trackedPage(browser.context);
    owner = await signUpOwnerViaApi({ storeName: 'Blue Door Antiques' });
    asOwner = asOwnerOf(owner);
    await updateStoreSettings(owner, {
      tax1ShortName: 'GST',
      tax1LongName: 'Goods and Services Tax',
      tax1Percent: percent('5'),
      tax1Enabled: true,
      tax1ApplyByDefault: true,
      address: '12 Harbour Street\nHalifax NS B3J 1A1',
    });
    const ada = await asOwner<Vendor>('/vendor/add', {
      tradeName: 'Ada',
      contactName: 'Ada Lovelace',
      contactEmail: 'ada@example.com',
      primaryPhone: '555-0101',
      deductMonthlyRent: true,
      vendorType: 'VENDOR',
      monthlyRent: money('150'),
    });
    const bo = await asOwner<Vendor>('/vendor/add', { tradeName: 'Bo', contactName: 'Bo Diddley', contactEmail: 'bo@example.com', primaryPhone: '555-0102', vendorType: 'CONSIGNMENT' });
    ids.ada = ada.vendor.id;
    ids.bo = bo.vendor.id;
    await asOwner('/store/itemcode/add', { tag: 'ADA1', vendorId: ids.ada, defaultCommissionPercent: percent('10'), proportionalCcFee: true });
    await asOwner('/store/itemcode/add', { tag: 'BO1', vendorId: ids.bo, defaultCommissionPercent: percent('35') });
    accountant = await createStaffViaApi(baseURL(), owner.token, { role: 'STORE_ACCOUNTANT', storeId: owner.storeId });
  });

  afterAll(async () => {
    await browser?.close();
  });

  test('the worked example: the sale, Post Rent, Ada at −86.43, Bo paid 16.25 by check and at 0.00', async () => {
    const { paymentMethod: card } = await asOwner<{ paymentMethod: { id: number } }>('/store/payment/create', {
      name: 'Card',
      vendorFeePercent: percent('3'),
      customerFeePercent: percent('2'),
      customerFeeAmount: money('0.25'),
      minimumAmount: money('5'),
      requiresManagerApproval: false,
    });
    const { paymentMethods } = await asOwner<{ paymentMethods: { id: number; isCash?: boolean }[] }>('/store/payment/list');
    const cash = paymentMethods.find((m) => m.isCash === true);
    expect(cash, 'every store has its Cash method').toBeDefined();
    const next = await asOwner<{ nextOrderId: number }>('/order/next');
    const gst = { tax1Enabled: true, tax1Percent: percent('5'), tax1Description: 'GST' };
    const sold = await asOwner<{ order: { orderNumber: string; total: { value: string }; amountPaid?: { value: string } } }>('/order/submit', {
      orderId: next.nextOrderId,
      customerName: 'Worked Example',
      items: [
        { itemCode: 'ADA1', description: 'Lamp', quantity: 2, price: money('40'), discountPercent: percent('10'), ...gst },
        { itemCode: 'BO1', description: 'Chair', quantity: 1, price: money('25'), discountPercent: percent('0'), ...gst },
        { itemCode: '', description: 'Gift wrap', quantity: 1, price: money('3'), discountPercent: percent('0'), ...gst },
      ],
      payments: [
        { paymentMethodId: card.id, amount: money('60') },
        { paymentMethodId: cash!.id, amount: money('50') },
      ],
    });
    expect([sold.order.total.value, sold.order.amountPaid?.value]).toEqual([money('105').value, money('106.45').value]);

    const { page } = tp;
    await openAs(page, owner, '/store/vendors/accounts');
    await page.getByRole('heading', { name: 'Vendor Accounts', level: 1 }).waitFor();
    await expect.poll(() => balanceOf(page, 'Ada')).toBe('$63.57');
    expect(await balanceOf(page, 'Bo')).toBe('$16.25');

    // Post Rent for this month.
    await page.getByRole('button', { name: 'Post Rent' }).click();
    const rent = page.getByRole('dialog', { name: 'Post Rent' });
    await rent.getByRole('button', { name: /^Post Rent for / }).click();
    await rent.getByTestId('rent-result').getByText(/^Rent for \d{4}-\d{2} posted to 1 account$/).waitFor();
    expect(await rent.getByRole('table').locator('tbody tr').allTextContents()).toEqual(['Ada-$150.00']);
    await screenshot(page, 'settlement-rent-posted');
    await rent.getByRole('button', { name: 'Done' }).click();
    await expect.poll(() => balanceOf(page, 'Ada')).toBe('-$86.43');
    await screenshot(page, 'settlement-accounts');

    // Ada's statement.
    await accountRow(page, 'Ada').getByRole('link', { name: 'Statement of Ada' }).click();
    await page.getByRole('heading', { name: 'Statement: Ada', level: 1 }).waitFor();
    const statement = page.getByTestId('statement');
    await expect.poll(() => statement.getByTestId('statement-closing').textContent()).toBe('-$86.43');
    const rows = await statement.getByRole('table', { name: 'Entries' }).locator('tbody tr[data-kind]').evaluateAll((trs) => trs.map((tr) => [...tr.querySelectorAll('td')].map((td) => td.textContent).slice(1)));
    expect(rows).toEqual([
      ['Sale', sold.order.orderNumber, 'ADA1', 'Lamp', '', '$72.00'],
      ['Commission', sold.order.orderNumber, 'ADA1', 'Lamp', '', '-$7.20'],
      ['Card fee', sold.order.orderNumber, 'ADA1', 'Lamp', '', '-$1.23'],
      ['Rent', '', '', expect.stringMatching(/^Rent for \d{4}-\d{2}$/), '', '-$150.00'],
    ]);
    expect(await statement.getByTestId('statement-opening').textContent()).toBe('$0.00');
    await screenshot(page, 'settlement-statement-ada');
    await page.emulateMedia({ media: 'print' });
    await page.setViewportSize({ width: 794, height: 1123 });
    await screenshot(page, 'settlement-statement-ada-print');
    expect(await page.locator('.mantine-AppShell-navbar').isVisible()).toBe(false);
    expect(await page.getByRole('button', { name: 'Print' }).isVisible()).toBe(false);
    await page.emulateMedia({ media: 'screen' });
    await page.setViewportSize({ width: 1280, height: 800 });

    // Pay Bo 16.25 by check.
    await page.getByRole('link', { name: '← Vendor Accounts' }).click();
    await waitForPath(page, '/store/vendors/accounts');
    await accountRow(page, 'Bo').getByRole('button', { name: 'Pay Bo' }).click();
    const pay = page.getByRole('dialog', { name: 'Pay Vendor' });
    expect(await pay.locator('input[name="amount"]').inputValue()).toBe('16.25');
    await pay.getByRole('button', { name: 'Pay' }).click();
    await pay.getByText('Check number is required for a payout by check').waitFor();
    await pay.getByLabel('Check Number').fill('1001');
    await screenshot(page, 'settlement-payout-dialog');
    await pay.getByRole('button', { name: 'Pay' }).click();
    await page.getByText('Paid $16.25 to Bo').waitFor();
    await pay.waitFor({ state: 'detached' });
    await expect.poll(() => balanceOf(page, 'Bo')).toBe('$0.00');
    expect(await accountRow(page, 'Bo').getByRole('button', { name: 'Pay Bo' }).isDisabled()).toBe(true);
    tp.expectClean();
  });

  test('filters by what is owed, by type and by name; an adjustment moves a balance', async () => {
    for (const [tradeName, vendorType, amount] of [
      ['Cedar Curios', 'VENDOR_CONSIGNMENT', '42.10'],
      ['Delta Relics', 'CONSIGNMENT', '-12.00'],
    ] as const) {
      const { vendor } = await asOwner<Vendor>('/vendor/add', { tradeName, contactName: 'C', contactEmail: 'c@example.com', primaryPhone: '1', vendorType });
      ids[tradeName] = vendor.id;
      await asOwner('/vendor/adjust', { vendorId: vendor.id, amount: money(amount), memo: 'Opening balance' });
    }
    const { page } = tp;
    await openAs(page, accountant, '/store/vendors/accounts');
    await expect.poll(() => accountNames(page)).toEqual(expect.arrayContaining(['Cedar Curios', 'Delta Relics']));

    await page.locator('label', { hasText: 'Vendor owes' }).click();
    await expect.poll(async () => (await accountNames(page)).includes('Cedar Curios')).toBe(false);
    expect(await accountNames(page)).toContain('Delta Relics');
    // Red, and signed: not the colour alone.
    const owing = accountRow(page, 'Delta Relics').getByTestId('account-balance');
    expect(await owing.textContent()).toBe('-$12.00');
    expect(await owing.locator('[data-negative]').count()).toBe(1);

    await page.locator('label', { hasText: /^All$/ }).click();
    await page.getByRole('combobox', { name: 'Vendor Type' }).click();
    await page.getByRole('option', { name: 'Vendor Consignment' }).click();
    await expect.poll(() => accountNames(page)).toEqual(['Cedar Curios']);
    await page.getByRole('combobox', { name: 'Vendor Type' }).click();
    await page.getByRole('option', { name: 'All types' }).click();
    await page.locator('input[name="search"]').fill('rel');
    await expect.poll(() => accountNames(page)).toEqual(['Delta Relics']);
    await page.locator('input[name="search"]').fill('nobody here');
    await page.getByTestId('accounts-empty').getByText('No accounts match "nobody here".').waitFor();
    await page.getByRole('button', { name: 'Clear search' }).click();

    await accountRow(page, 'Cedar Curios').getByRole('button', { name: 'Adjust Cedar Curios' }).click();
    const adjust = page.getByRole('dialog', { name: 'Adjust Balance' });
    await adjust.getByRole('button', { name: 'Post Adjustment' }).click();
    await adjust.getByText('Memo is required').waitFor();
    await adjust.locator('input[name="amount"]').fill('-2.10');
    await adjust.locator('input[name="memo"]').fill('Chipped vase');
    await adjust.getByRole('button', { name: 'Post Adjustment' }).click();
    await adjust.waitFor({ state: 'detached' });
    await expect.poll(() => balanceOf(page, 'Cedar Curios')).toBe('$40.00');
    await screenshot(page, 'settlement-accounts-accountant');
    tp.expectClean();
  });

  test('a payout run previews who gets what, then pays them, and a second run pays nothing more', async () => {
    const { page } = tp;
    await openAs(page, owner, '/store/vendors/accounts');
    await accountsTable(page).locator('tbody tr[data-account]').first().waitFor();
    await page.getByRole('button', { name: 'Payout Run' }).click();
    const run = page.getByRole('dialog', { name: 'Payout Run' });
    const { today } = await asOwner<{ today: string }>('/vendor/accounts');
    await run.getByRole('textbox', { name: 'Through' }).fill(today);
    await run.getByRole('textbox', { name: 'Through' }).blur();
    await run.locator('input[name="minimum"]').fill('41');
    await run.getByRole('button', { name: 'Preview' }).click();
    await run.getByText('No account reaches the minimum: the run would pay nothing.').waitFor();
    await run.locator('input[name="minimum"]').fill('10');
    await run.locator('input[name="minimum"]').blur();
    await run.getByRole('button', { name: 'Preview' }).click();
    const preview = run.getByTestId('run-table');
    await preview.waitFor();
    expect(await preview.locator('tbody tr').evaluateAll((trs) => trs.map((tr) => tr.getAttribute('data-account')))).toEqual(['Cedar Curios']);
    await screenshot(page, 'settlement-payout-run-preview');
    await run.getByRole('button', { name: 'Pay 1 account $40.00' }).click();
    await run.getByTestId('run-result').getByText('Paid 1 account, $40.00').waitFor();
    await screenshot(page, 'settlement-payout-run-paid');
    await run.getByRole('button', { name: 'Done' }).click();
    await expect.poll(() => balanceOf(page, 'Cedar Curios')).toBe('$0.00');

    await page.getByRole('button', { name: 'Payout Run' }).click();
    await run.getByRole('textbox', { name: 'Through' }).fill(today);
    await run.getByRole('textbox', { name: 'Through' }).blur();
    await run.getByRole('button', { name: 'Preview' }).click();
    await run.getByText('No account reaches the minimum: the run would pay nothing.').waitFor();
    await run.getByRole('button', { name: 'Cancel' }).click();
    tp.expectClean();
  });

  test("a statement's period is chosen on the page, and its CSV has the page's figures", async () => {
    const { page } = tp;
    const { today } = await asOwner<{ today: string }>('/vendor/accounts');
    await openAs(page, accountant, `/store/vendors/accounts/${ids['Cedar Curios']}/statement`);
    const statement = page.getByTestId('statement');
    await expect.poll(() => statement.getByTestId('statement-closing').textContent()).toBe('$0.00');
    expect(await statement.getByRole('table', { name: 'Entries' }).locator('tbody tr[data-kind]').evaluateAll((trs) => trs.map((tr) => tr.getAttribute('data-kind')))).toEqual([
      'ADJUSTMENT',
      'ADJUSTMENT',
      'PAYOUT',
    ]);

    await screenshot(page, 'settlement-statement-cedar');
    await page.emulateMedia({ media: 'print' });
    await screenshot(page, 'settlement-statement-cedar-print');
    await page.emulateMedia({ media: 'screen' });

    const download = page.waitForEvent('download');
    await page.getByRole('button', { name: 'Download CSV' }).click();
    const file = await download;
    expect(file.suggestedFilename()).toBe(`statement-cedar-curios-${today.slice(0, 7)}-01-${today}.csv`);
    const text = (await readFile((await file.path()), 'utf8')).replace(/^\ufeff/, '');
    const lines = text.split('\r\n');
    expect(lines[0]).toBe('Date,Kind,Order,Item Code,Description,Memo,Amount');
    expect(lines.slice(1, 5)).toEqual([
      ',,,,Opening balance,,0.00',
      `${today},Adjustment,,,Adjustment,Opening balance,42.10`,
      `${today},Adjustment,,,Adjustment,Chipped vase,-2.10`,
      expect.stringMatching(new RegExp(`^${today},Payout,,,Payout by check \\(payout run \\d+\\),,-40.00$`)),
    ]);
    expect(lines.at(-1)).toBe(',,,,Closing balance,,0.00');

    // A period before any entry: nothing in it, both balances zero.
    await page.getByRole('button', { name: 'Last month' }).click();
    await statement.getByTestId('statement-empty').waitFor();
    expect(await statement.getByTestId('statement-closing').textContent()).toBe('$0.00');
    expect(new URL(page.url()).searchParams.get('from')).toMatch(/^\d{4}-\d{2}-01$/);
    tp.expectClean();
  });

  test('the vendor form keeps Vendor Type and Monthly Rent; a code with a separate statement has its own rent', async () => {
    const { page } = tp;
    await openAs(page, owner, '/store/vendors');
    await page.getByRole('button', { name: 'Edit vendor Bo' }).click();
    await page.getByRole('heading', { name: 'Edit Vendor' }).waitFor();
    expect(await page.getByRole('combobox', { name: 'Vendor Type' }).inputValue()).toBe('Consignment');
    await page.getByRole('combobox', { name: 'Vendor Type' }).click();
    await page.getByRole('option', { name: 'Vendor Consignment' }).click();
    await page.locator('input[name="monthlyRent"]').fill('75.5');
    await page.locator('input[name="monthlyRent"]').blur();
    expect(await page.locator('input[name="monthlyRent"]').inputValue()).toBe('75.50');

    const codes = page.getByRole('region', { name: 'Item Codes' });
    await codes.getByRole('button', { name: 'Add Code' }).click();
    const form = page.getByRole('form', { name: 'New Code' });
    expect(await form.locator('input[name="monthlyRent"]').count()).toBe(0);
    await form.locator('input[name="tag"]').fill('BO2');
    await form.getByLabel('Receives Separate Statement').check();
    await form.locator('input[name="monthlyRent"]').fill('20');
    await form.getByRole('combobox', { name: 'Monthly Rent Deduction' }).click();
    await page.getByRole('option', { name: 'Deduct', exact: true }).click();
    await screenshot(page, 'settlement-item-code-rent');
    await form.getByRole('button', { name: 'Add Code' }).click();
    await page.locator('[data-item-code="BO2"] [data-chip="rent"]').getByText('$20.00 rent').waitFor();
    // The New Code form stays open for the next code; the vendor saves once it is closed.
    await form.getByRole('button', { name: 'Cancel' }).click();
    await form.waitFor({ state: 'detached' });
    await page.getByTestId('vendor-form-bar').getByRole('button', { name: 'Save Changes', exact: true }).click();
    await page.getByText('Vendor saved successfully').waitFor();
    await screenshot(page, 'settlement-vendor-form');
    const { vendors } = await asOwner<{ vendors: { tradeName: string; vendorType: string; monthlyRent: { value: string } }[] }>('/vendor/list');
    expect(vendors.find((v) => v.tradeName === 'Bo')).toMatchObject({ vendorType: 'VENDOR_CONSIGNMENT', monthlyRent: money('75.50') });
    tp.expectClean();
  });

  test('the accountant finds Accounts under Vendors; a cashier cannot open it', async () => {
    const { page } = tp;
    await openAs(page, accountant, '/dashboard');
    await page.getByTestId('dashboard-counter').first().waitFor();
    expect(await drawerEntries(page)).toContain('/store/vendors/accounts');
    await page.getByRole('navigation', { name: 'Main menu' }).getByRole('link', { name: 'Accounts' }).click();
    await waitForPath(page, '/store/vendors/accounts');
    await page.getByRole('heading', { name: 'Vendor Accounts', level: 1 }).waitFor();

    const cashier = await createStaffViaApi(baseURL(), owner.token, { role: 'STORE_STAFF', storeId: owner.storeId });
    await openAs(page, cashier, '/store/vendors/accounts');
    await page.getByText('This page is not available for the current role.').waitFor();
    expect(await drawerEntries(page)).not.toContain('/store/vendors/accounts');
    tp.expectClean();
  });
});
