/**
 * The Reports screen in Chromium, on the worked example's store: Sales by day with its
 * bar chart and by payment method with its donut, the table's totals row, a CSV
 * downloaded and read back equal to the table; Vendors with what the store owes;
 * End of Day with the cash counted short in colour and words, closed by a manager, a
 * later sale refused, and reprinted unchanged; an accountant sees no Close day. Screenshots
 * of each are taken to be looked at.
 */
import { readFile } from 'node:fs/promises';
import Papa from 'papaparse';
import { afterAll, beforeAll, describe, expect, test } from 'vitest';
import type { Page } from 'playwright-core';
import { REPORT_GROUPINGS, REPORT_GROUPING_LABELS, formatMoney, type ReportGrouping } from '@pos/domain';
import { launchBrowser, trackedPage, type Browser, type TrackedPage } from './support/browser';
import { asOwnerOf, baseURL, createStaffViaApi, openAs, screenshot, signUpOwnerViaApi, updateStoreSettings, type Account, type OwnerAccount } from './support/app';

const money = (text: string) => ({ type: 'Money', value: String(Math.round(Number(text) * 100) * 10_000) });
const percent = (text: string) => ({ type: 'Percent', value: String(Math.round(Number(text) * 1_000_000)) });

/** A table's text as rows of cells: header, body and totals rows, as a reader sees them. */
async function tableCells(page: Page, testId: string): Promise<string[][]> {
  return page
    .getByTestId(testId)
    .locator('tr')
    .evaluateAll((trs) => trs.map((tr) => [...tr.querySelectorAll('th, td')].map((c) => (c as unknown as { innerText: string }).innerText.trim())));
}

async function downloadedCsv(page: Page): Promise<{ name: string; rows: string[][] }> {
  const [download] = await Promise.all([page.waitForEvent('download'), page.getByRole('button', { name: 'Download CSV' }).click()]);
  const rows = Papa.parse<string[]>(await readFile(await download.path(), 'utf8'), { skipEmptyLines: true }).data;
  return { name: download.suggestedFilename(), rows };
}

async function choose(page: Page, label: string, option: string) {
  await page.getByRole('textbox', { name: label }).or(page.getByRole('combobox', { name: label })).first().click();
  await page.getByRole('option', { name: option, exact: true }).click();
}

describe('Reports', () => {
  let browser: Browser;
  let tp: TrackedPage;
  let owner: OwnerAccount;
  let accountant: Account;
  let manager: Account;
  let asOwner: ReturnType<typeof asOwnerOf>;
  let sell: () => Promise<void>;

  beforeAll(async () => {
    browser = await launchBrowser();
    tp = await trackedPage(browser.context);
    owner = await signUpOwnerViaApi({ storeName: 'Blue Door Antiques' });
    asOwner = asOwnerOf(owner);
    await updateStoreSettings(owner, { tax1ShortName: 'GST', tax1LongName: 'Goods and Services Tax', tax1Percent: percent('5'), tax1Enabled: true, tax1ApplyByDefault: true });
    const ada = await asOwner<{ vendor: { id: number } }>('/vendor/add', { tradeName: 'Ada', contactName: 'Ada L', contactEmail: 'ada@example.com', primaryPhone: '555-0101', vendorType: 'VENDOR' });
    const bo = await asOwner<{ vendor: { id: number } }>('/vendor/add', { tradeName: 'Bo', contactName: 'Bo D', contactEmail: 'bo@example.com', primaryPhone: '555-0102', vendorType: 'CONSIGNMENT' });
    await asOwner('/store/itemcode/add', { tag: 'ADA1', vendorId: ada.vendor.id, defaultCommissionPercent: percent('10'), proportionalCcFee: true });
    await asOwner('/store/itemcode/add', { tag: 'BO1', vendorId: bo.vendor.id, defaultCommissionPercent: percent('35') });
    const { paymentMethod: card } = await asOwner<{ paymentMethod: { id: number } }>('/store/payment/create', {
      name: 'Card',
      vendorFeePercent: percent('3'),
      customerFeePercent: percent('2'),
      customerFeeAmount: money('0.25'),
      minimumAmount: money('5'),
      requiresManagerApproval: false,
    });
    const { paymentMethods } = await asOwner<{ paymentMethods: { id: number; isCash?: boolean }[] }>('/store/payment/list');
    const cash = paymentMethods.find((m) => m.isCash === true)!;
    const gst = { tax1Enabled: true, tax1Percent: percent('5'), tax1Description: 'GST' };
    sell = async () => {
      const next = await asOwner<{ nextOrderId: number }>('/order/next');
      await asOwner('/order/submit', {
        orderId: next.nextOrderId,
        items: [
          { itemCode: 'ADA1', description: 'Lamp', quantity: 2, price: money('40'), discountPercent: percent('10'), ...gst },
          { itemCode: 'BO1', description: 'Chair', quantity: 1, price: money('25'), discountPercent: percent('0'), ...gst },
          { itemCode: '', description: 'Gift wrap', quantity: 1, price: money('3'), discountPercent: percent('0'), ...gst },
        ],
        payments: [
          { paymentMethodId: card.id, amount: money('60') },
          { paymentMethodId: cash.id, amount: money('50') },
        ],
      });
    };
    await sell();
    const voided = await asOwner<{ nextOrderId: number }>('/order/next');
    await asOwner('/order/cancel', { orderId: voided.nextOrderId, reason: 'Customer changed their mind' });
    accountant = await createStaffViaApi(baseURL(), owner.token, { role: 'STORE_ACCOUNTANT', storeId: owner.storeId });
    manager = await createStaffViaApi(baseURL(), owner.token, { role: 'STORE_MANAGER', storeId: owner.storeId });
  });

  afterAll(async () => {
    await browser?.close();
  });

  test('Sales by vendor a page at a time: 100 vendors by name, the other pages in one row, Next and Previous, a CSV of the page', async () => {
    // A second store whose one sale has a line from each of 101 vendors and one of its own.
    const big = await signUpOwnerViaApi({ storeName: 'Many Booths Mall' });
    const asBig = asOwnerOf(big);
    const items = [];
    for (let i = 1; i <= 101; i++) {
      const n = String(i).padStart(3, '0');
      const { vendor } = await asBig<{ vendor: { id: number } }>('/vendor/add', { tradeName: `Booth ${n}`, contactName: `Owner ${n}`, contactEmail: `booth${n}@example.com`, primaryPhone: '555-0100', vendorType: 'VENDOR' });
      await asBig('/store/itemcode/add', { tag: `B${n}`, vendorId: vendor.id, defaultCommissionPercent: percent('20') });
      items.push({ itemCode: `B${n}`, description: `Item ${n}`, quantity: 1, price: money('10'), discountPercent: percent('0') });
    }
    items.push({ itemCode: '', description: 'Bag', quantity: 1, price: money('1'), discountPercent: percent('0') });
    const next = await asBig<{ nextOrderId: number }>('/order/next');
    await asBig('/order/submit', { orderId: next.nextOrderId, items });

    const { page } = tp;
    await openAs(page, big, '/reports');
    await page.getByTestId('sales-table').waitFor();
    await choose(page, 'Group by', 'Vendor');
    await page.getByTestId('sales-table').getByText('Booth 100', { exact: true }).waitFor();
    const first = await tableCells(page, 'sales-table');
    expect(first.slice(1, 3).map((r) => r[0])).toEqual(['Booth 001', 'Booth 002']);
    expect(first.slice(-3).map((r) => [r[0], r[1], r[4]])).toEqual([
      ['Booth 100', '1', '$10.00'],
      ['Other vendors (other pages)', '', '$11.00'],
      ['Total', '1', '$1,011.00'],
    ]);
    await expect.poll(() => page.getByTestId('sales-page').innerText()).toContain('Vendor rows 1–100');
    await screenshot(page, 'reports-sales-by-vendor-paged');

    await page.getByRole('button', { name: 'Next page' }).click();
    await page.getByTestId('sales-table').getByText('Booth 101', { exact: true }).waitFor();
    const second = await tableCells(page, 'sales-table');
    expect(second.slice(1).map((r) => [r[0], r[4]])).toEqual([
      ['Booth 101', '$10.00'],
      ["Store's own sales", '$1.00'],
      ['Other vendors (other pages)', '$1,000.00'],
      ['Total', '$1,011.00'],
    ]);
    expect(await page.getByRole('button', { name: 'Next page' }).isDisabled()).toBe(true);
    expect((await downloadedCsv(page)).rows).toEqual(second);
    // Every page in one file: each vendor once, no row of other pages, the same totals.
    const [download] = await Promise.all([page.waitForEvent('download'), page.getByRole('button', { name: 'Download all pages' }).click()]);
    const all = Papa.parse<string[]>(await readFile(await download.path(), 'utf8'), { skipEmptyLines: true }).data;
    expect(all).toHaveLength(1 + 101 + 1 + 1);
    expect(all.map((r) => r[0])).toEqual(['Vendor', ...items.slice(0, 101).map((_, i) => `Booth ${String(i + 1).padStart(3, '0')}`), "Store's own sales", 'Total']);
    expect(all.at(-1)).toEqual(second.at(-1));

    await page.getByRole('button', { name: 'Previous page' }).click();
    await page.getByTestId('sales-table').getByText('Booth 001', { exact: true }).waitFor();
    expect(await page.getByRole('button', { name: 'Previous page' }).isDisabled()).toBe(true);
    tp.expectClean();
  });

  test('Sales: bars by day, a donut by payment method, totals, and a CSV equal to the table', async () => {
    const { page } = tp;
    await openAs(page, accountant, '/reports');
    await page.getByRole('heading', { name: 'Reports', level: 1 }).waitFor();
    await page.getByTestId('sales-table').waitFor();
    await page.getByTestId('sales-chart').locator('.recharts-bar-rectangle').first().waitFor();
    const byDay = await tableCells(page, 'sales-table');
    expect(byDay[0]).toEqual(['Day', 'Orders', 'Gross', 'Discounts', 'Net sales', 'GST', 'Customer fees', 'Refunds', 'Commission', 'Card fees recovered', 'Own sales']);
    expect(byDay.at(-1)).toEqual(['Total', '1', '$108.00', '$8.00', '$100.00', '$5.00', '$1.45', '$0.00', '$15.95', '$1.23', '$3.00']);
    await screenshot(page, 'reports-sales-by-day');

    const csv = await downloadedCsv(page);
    expect(csv.name).toMatch(/^sales-by-day-\d{4}-\d\d-\d\d-to-\d{4}-\d\d-\d\d\.csv$/);
    expect(csv.rows).toEqual(byDay);

    await choose(page, 'Group by', 'Vendor');
    await page.getByTestId('sales-table').getByText('Ada', { exact: true }).waitFor();
    const byVendor = await tableCells(page, 'sales-table');
    expect(byVendor.slice(1).map((r) => [r[0], r[4], r[7]])).toEqual([
      ['Ada', '$72.00', '$7.20'],
      ['Bo', '$25.00', '$8.75'],
      ["Store's own sales", '$3.00', '$0.00'],
      ['Total', '$100.00', '$15.95'],
    ]);
    expect((await downloadedCsv(page)).rows).toEqual(byVendor);
    await screenshot(page, 'reports-sales-by-vendor');

    await choose(page, 'Group by', 'Payment method');
    await page.getByTestId('sales-table').getByText('Applied to totals').waitFor();
    await page.getByTestId('sales-chart').locator('.recharts-pie-sector').first().waitFor();
    const byMethod = await tableCells(page, 'sales-table');
    expect(byMethod).toEqual([
      ['Payment method', 'Orders', 'Applied to totals', 'Customer fees', 'Cash tendered', 'Change', 'Refunds'],
      ['Card', '1', '$60.00', '$1.45', '$0.00', '$0.00', '$0.00'],
      ['Cash', '1', '$45.00', '$0.00', '$50.00', '$5.00', '$0.00'],
      ['Total', '1', '$105.00', '$1.45', '$50.00', '$5.00', '$0.00'],
    ]);
    expect((await downloadedCsv(page)).rows).toEqual(byMethod);
    await screenshot(page, 'reports-sales-by-payment-method');

    // A custom period with no sales says so.
    await page.getByRole('textbox', { name: 'From' }).fill('2020-01-01');
    await page.getByRole('textbox', { name: 'To' }).fill('2020-01-31');
    await page.getByTestId('sales-empty').waitFor();
    tp.expectClean();
  });

  test('Sales: switching through every grouping, Tax included, each heading sits over its own column’s values', async () => {
    // A store of its own, with a refund, so that no two neighbouring columns hold the same figure.
    const store = await signUpOwnerViaApi({ storeName: 'Column Check Curios' });
    const asStore = asOwnerOf(store);
    await updateStoreSettings(store, { tax1ShortName: 'GST', tax1LongName: 'Goods and Services Tax', tax1Percent: percent('5'), tax1Enabled: true, tax1ApplyByDefault: true });
    const { vendor } = await asStore<{ vendor: { id: number } }>('/vendor/add', { tradeName: 'Ada', contactName: 'Ada L', contactEmail: 'ada@example.com', primaryPhone: '555-0101' });
    await asStore('/store/itemcode/add', { tag: 'ADA1', vendorId: vendor.id, defaultCommissionPercent: percent('10') });
    const { paymentMethods } = await asStore<{ paymentMethods: { id: number; isCash?: boolean }[] }>('/store/payment/list');
    const cash = paymentMethods.find((m) => m.isCash === true)!;
    const gst = { tax1Enabled: true, tax1Percent: percent('5'), tax1Description: 'GST' };
    const next = await asStore<{ nextOrderId: number }>('/order/next');
    const sold = await asStore<{ order: { items: { id: number; description: string }[] } }>('/order/submit', {
      orderId: next.nextOrderId,
      items: [
        { itemCode: 'ADA1', description: 'Lamp', quantity: 2, price: money('40'), discountPercent: percent('10'), ...gst },
        { itemCode: '', description: 'Gift wrap', quantity: 1, price: money('3'), discountPercent: percent('0'), ...gst },
      ],
      payments: [{ paymentMethodId: cash.id, amount: money('100') }],
    });
    const lamp = sold.order.items.find((l) => l.description === 'Lamp')!;
    await asStore('/order/refund', { orderId: next.nextOrderId, lines: [{ orderLineId: lamp.id, quantity: 1 }], payments: [{ paymentMethodId: cash.id, amount: money('37.80') }], reason: 'Shade torn' });

    // What each heading of each grouping shows, read from the report's answer.
    type Wire = { value: string };
    type Figures = Record<string, Wire> & { orders?: number };
    type Answer = { rows: (Figures & { key: string; label: string })[]; totals: Figures };
    const m = (w: Wire | undefined) => formatMoney(BigInt(w!.value));
    const figure = (key: string) => (f: Figures) => m(f[key]);
    const orders = (f: Figures) => (f.orders === undefined ? '' : String(f.orders));
    const sales = { Orders: orders, Gross: figure('gross'), Discounts: figure('discounts'), 'Net sales': figure('net'), GST: figure('tax1') };
    const ledger = { Refunds: figure('refunds'), Commission: figure('commission'), 'Card fees recovered': figure('cardFees'), 'Own sales': figure('ownSales') };
    const byDate = { ...sales, 'Customer fees': figure('customerFees'), ...ledger };
    const columns: Record<ReportGrouping, Record<string, (f: Figures) => string>> = {
      day: byDate,
      week: byDate,
      month: byDate,
      cashier: byDate,
      vendor: { ...sales, ...ledger },
      itemCode: { ...sales, ...ledger },
      paymentMethod: { Orders: orders, 'Applied to totals': figure('applied'), 'Customer fees': figure('customerFees'), 'Cash tendered': figure('tendered'), Change: figure('change'), Refunds: figure('refunds') },
      tax: { Orders: orders, 'Taxable sales': figure('net'), Tax: (f) => formatMoney(BigInt(f.tax1!.value) + BigInt(f.tax2!.value) + BigInt(f.tax3!.value)), 'Tax refunded': figure('refunds') },
    };
    const expected = async (groupBy: ReportGrouping) => {
      const answer = await asStore<Answer>('/reports/sales', { groupBy });
      const shown = Object.entries(columns[groupBy]);
      const totals = shown.map(([heading, cell]) =>
        // The tax grouping's refunded tax is its rows' (the period's refunds include what was refunded before tax).
        heading === 'Tax refunded' ? formatMoney(answer.rows.reduce((sum, r) => sum + BigInt(r.refunds!.value), 0n)) : cell(answer.totals),
      );
      return [[REPORT_GROUPING_LABELS[groupBy], ...shown.map(([heading]) => heading)], ...answer.rows.map((r) => [r.label, ...shown.map(([, cell]) => cell(r))]), ['Total', ...totals]];
    };

    const { page } = tp;
    await openAs(page, store, '/reports');
    await page.getByTestId('sales-table').waitFor();
    // Every grouping, then every other one again after Tax has been shown.
    for (const groupBy of [...REPORT_GROUPINGS, ...REPORT_GROUPINGS.filter((g) => g !== 'tax')]) {
      await choose(page, 'Group by', REPORT_GROUPING_LABELS[groupBy]);
      const want = await expected(groupBy);
      await expect.poll(() => tableCells(page, 'sales-table'), { message: groupBy }).toEqual(want);
      if (groupBy === 'tax') await screenshot(page, 'reports-sales-by-tax');
    }
    // The figures the columns hold differ from their neighbours', so a shifted value cannot pass unseen.
    expect((await tableCells(page, 'sales-table')).at(-1)).toEqual(['Total', '1', '$83.00', '$8.00', '$75.00', '$3.75', '$0.00', '$37.80', '$3.60', '$0.00', '$3.00']);
    await screenshot(page, 'reports-sales-by-cashier-after-tax');
    tp.expectClean();
  });

  test('Vendors: every account’s balance and what the store owes', async () => {
    const { page } = tp;
    await openAs(page, accountant, '/reports');
    await page.getByRole('tab', { name: 'Vendors' }).click();
    await page.getByTestId('vendors-table').waitFor();
    expect(await page.getByTestId('owed').textContent()).toBe('$79.82');
    const cells = await tableCells(page, 'vendors-table');
    expect(cells.slice(1)).toEqual([
      ['Ada', 'Main account', '$63.57'],
      ['Bo', 'Main account', '$16.25'],
    ]);
    expect((await downloadedCsv(page)).rows).toEqual(cells);
    await screenshot(page, 'reports-vendors');
    tp.expectClean();
  });

  test('End of Day: counted cash short in colour, closed by a manager, reprinted unchanged; no Close day for the accountant', async () => {
    const { page } = tp;
    await openAs(page, accountant, '/reports');
    await page.getByRole('tab', { name: 'End of Day' }).click();
    await page.getByTestId('z-report').waitFor();
    expect(await page.getByRole('button', { name: 'Close day' }).count()).toBe(0);

    await openAs(page, manager, '/reports');
    await page.getByRole('tab', { name: 'End of Day' }).click();
    await page.getByTestId('z-report').waitFor();
    expect(await page.getByTestId('z-sales-count').textContent()).toBe('1');
    await page.getByRole('textbox', { name: 'Opening cash' }).fill('100');
    await page.getByRole('textbox', { name: 'Opening cash' }).press('Tab');
    await page.getByRole('textbox', { name: 'Counted cash' }).fill('144');
    await page.getByRole('textbox', { name: 'Counted cash' }).press('Tab');
    await expect.poll(() => page.getByTestId('over-short').textContent()).toBe('Short by $1.00');
    expect(await page.getByTestId('z-expected').textContent()).toBe('$145.00');
    expect(await tableCells(page, 'z-payments')).toEqual([
      ['Method', 'Orders', 'Applied to totals', 'Customer fees', 'Tendered', 'Change', 'Refunds', 'Returns'],
      ['Cash', '1', '$45.00', '$0.00', '$50.00', '$5.00', '$0.00', '$0.00'],
      ['Card', '1', '$60.00', '$1.45', '—', '—', '$0.00', '$0.00'],
    ]);
    expect((await tableCells(page, 'z-voids'))[1]).toEqual([expect.stringMatching(/./), owner.username, 'Customer changed their mind', '$0.00']);
    await page.getByTestId('z-chart').locator('.recharts-pie-sector').first().waitFor();
    await screenshot(page, 'reports-end-of-day-open');

    await page.getByRole('button', { name: 'Close day' }).click();
    const confirm = page.getByRole('dialog');
    await confirm.getByText('Short by $1.00').waitFor();
    await screenshot(page, 'reports-end-of-day-confirm');
    await confirm.getByRole('button', { name: 'Close day' }).click();
    await page.getByTestId('closed-badge').waitFor();
    expect(await page.getByTestId('closed-badge').textContent()).toMatch(new RegExp(`^Closed by ${manager.username} at `));

    // Another sale the same day is refused (a closed day stays closed); the day is reprinted as it was closed.
    await expect(sell()).rejects.toThrow(/: 409 The business day \d{4}-\d{2}-\d{2} is closed; no more money can be taken or paid out today$/);
    await page.reload();
    await page.getByRole('tab', { name: 'End of Day' }).click();
    await page.getByTestId('closed-badge').waitFor();
    expect(await page.getByTestId('z-sales-count').textContent()).toBe('1');
    expect(await page.getByTestId('over-short').textContent()).toBe('Short by $1.00');
    expect([await page.getByRole('textbox', { name: 'Opening cash' }).inputValue(), await page.getByRole('textbox', { name: 'Counted cash' }).inputValue()]).toEqual(['100.00', '144.00']);
    expect(await page.getByRole('button', { name: 'Close day' }).count()).toBe(0);
    await page.getByRole('button', { name: 'Reprint' }).waitFor();
    await screenshot(page, 'reports-end-of-day-closed');
    await page.emulateMedia({ media: 'print' });
    await screenshot(page, 'reports-end-of-day-print');
    await page.emulateMedia({ media: 'screen' });
    tp.expectClean();
  });
});
