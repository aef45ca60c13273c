/**
 * The Books screen in Chromium, on the worked example's sale: the accountant reads the
 * trial balance (debits equal credits, the drawer and the card's clearing account as the
 * sale left them), names the drawer for QuickBooks and sees the name in the trial
 * balance, and downloads the hledger journal and the QuickBooks Online CSV of the day; the
 * owner drills from a trial balance row into its account's journals, reads the day's
 * journals and opens the sale's order from its journal; the accountant, who may not open
 * Orders, reads the sale's order read-only over the journals; a manager reads the books
 * but cannot rename; a chart longer than a page prints every account. Screenshots are
 * taken to be looked at.
 */
import { readFile } from 'node:fs/promises';
import Papa from 'papaparse';
import { afterAll, beforeAll, describe, expect, test } from 'vitest';
import type { Page } from 'playwright-core';
import { launchBrowser, trackedPage, type Browser, type TrackedPage } from './support/browser';
import { asOwnerOf, baseURL, createStaffViaApi, openAs, screenshot, signUpOwnerViaApi, updateStoreSettings, type Account, type OwnerAccount } from './support/app';

const money = (text: string) => ({ type: 'Money', value: String(Math.round(Number(text) * 100) * 10_000) });
const percent = (text: string) => ({ type: 'Percent', value: String(Math.round(Number(text) * 1_000_000)) });

async function choose(page: Page, label: string, option: string) {
  await page.getByRole('textbox', { name: label }).or(page.getByRole('combobox', { name: label })).first().click();
  await page.getByRole('option', { name: option, exact: true }).click();
}

async function rowOf(page: Page, testId: string, first: string): Promise<string[]> {
  const rows = await page
    .getByTestId(testId)
    .locator('tr')
    .evaluateAll((trs) => trs.map((tr) => [...tr.querySelectorAll('th, td')].map((c) => (c as unknown as { innerText: string }).innerText.trim())));
  return rows.find((r) => r[0] === first) ?? [];
}

describe('Books', () => {
  let browser: Browser;
  let tp: TrackedPage;
  let owner: OwnerAccount;
  let accountant: Account;
  let manager: Account;
  let orderNumber: string;

  beforeAll(async () => {
    browser = await launchBrowser();
    tp = await trackedPage(browser.context);
    owner = await signUpOwnerViaApi({ storeName: 'Ledger Lane Antiques' });
    const asOwner = asOwnerOf(owner);
    await updateStoreSettings(owner, { tax1ShortName: 'GST', tax1LongName: 'Goods and Services Tax', tax1Percent: percent('5'), tax1Enabled: true, tax1ApplyByDefault: true });
    const ada = await asOwner<{ vendor: { id: number } }>('/vendor/add', { tradeName: 'Ada', contactName: 'Ada L', contactEmail: 'ada@example.com', primaryPhone: '555-0101', vendorType: 'VENDOR' });
    await asOwner('/store/itemcode/add', { tag: 'ADA1', vendorId: ada.vendor.id, defaultCommissionPercent: percent('10'), proportionalCcFee: true });
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
    const next = await asOwner<{ nextOrderId: number; nextOrderNumber: string }>('/order/next');
    orderNumber = next.nextOrderNumber;
    await asOwner('/order/submit', {
      orderId: next.nextOrderId,
      items: [
        { itemCode: 'ADA1', description: 'Lamp', quantity: 2, price: money('40'), discountPercent: percent('10'), tax1Enabled: true, tax1Percent: percent('5'), tax1Description: 'GST' },
        { itemCode: '', description: 'Gift wrap', quantity: 1, price: money('3'), discountPercent: percent('0'), tax1Enabled: true, tax1Percent: percent('5'), tax1Description: 'GST' },
      ],
      payments: [
        { paymentMethodId: card.id, amount: money('60') },
        { paymentMethodId: cash.id, amount: money('30') },
      ],
    });
    accountant = await createStaffViaApi(baseURL(), owner.token, { role: 'STORE_ACCOUNTANT', storeId: owner.storeId });
    manager = await createStaffViaApi(baseURL(), owner.token, { role: 'STORE_MANAGER', storeId: owner.storeId });
  });

  afterAll(async () => {
    await browser?.close();
  });

  test('the accountant reads the trial balance, names the drawer for QuickBooks and downloads the day for hledger and QuickBooks Online', async () => {
    const { page } = tp;
    await openAs(page, accountant, '/books');
    await page.getByRole('heading', { name: 'Books', level: 1 }).waitFor();
    await page.getByTestId('trial-balance').waitFor();
    // 72.00 + 3.00 + tax 3.75 = 78.75: the card paid 60.00 (+ 1.45 fee), the drawer kept 18.75.
    expect(await rowOf(page, 'trial-balance', 'assets:cash-drawer')).toEqual(['assets:cash-drawer', '', 'Asset', '$18.75', '']);
    expect(await rowOf(page, 'trial-balance', 'assets:clearing:card')).toEqual(['assets:clearing:card', '', 'Asset', '$61.45', '']);
    expect(await page.getByTestId('total-debit').innerText()).toBe(await page.getByTestId('total-credit').innerText());
    await screenshot(page, 'books-trial-balance');
    // A large store's accounts are found by name: the rows shown narrow, the totals stay the whole balance's.
    const totalDebit = await page.getByTestId('total-debit').innerText();
    await page.getByRole('textbox', { name: 'Find an account' }).fill('CLEARING');
    await page.getByTestId('trial-balance').getByText('assets:cash-drawer').waitFor({ state: 'detached' });
    expect(await rowOf(page, 'trial-balance', 'assets:clearing:card')).toEqual(['assets:clearing:card', '', 'Asset', '$61.45', '']);
    expect(await page.getByTestId('total-debit').innerText()).toBe(totalDebit);
    await page.getByRole('textbox', { name: 'Find an account' }).fill('');
    await page.getByTestId('trial-balance').getByText('assets:cash-drawer').waitFor();

    await page.getByRole('tab', { name: 'Chart of accounts' }).click();
    await page.getByTestId('chart-of-accounts').waitFor();
    await page.getByRole('textbox', { name: 'Export name of assets:cash-drawer' }).fill('Undeposited Cash');
    await page.getByRole('textbox', { name: 'Number of assets:cash-drawer' }).fill('1010');
    await page.getByRole('row', { name: /assets:cash-drawer/ }).getByRole('button', { name: 'Save' }).click();
    await page.getByText('assets:cash-drawer is exported as Undeposited Cash (1010)').waitFor();
    await screenshot(page, 'books-chart-of-accounts');

    await page.getByRole('tab', { name: 'Trial balance' }).click();
    await page.getByTestId('trial-balance').getByText('Undeposited Cash').waitFor();
    expect(await rowOf(page, 'trial-balance', 'Undeposited Cash')).toEqual(['Undeposited Cash', '1010', 'Asset', '$18.75', '']);

    await page.getByRole('tab', { name: 'Export' }).click();
    await choose(page, 'Format', 'hledger / ledger-cli journal');
    const [journal] = await Promise.all([page.waitForEvent('download'), page.getByRole('button', { name: 'Download' }).click()]);
    expect(journal.suggestedFilename()).toMatch(/\.journal$/);
    const text = await readFile(await journal.path(), 'utf8');
    expect(text).toContain('liabilities:vendors:ada');

    await choose(page, 'Format', 'QuickBooks Online (journal entry CSV)');
    const [csv] = await Promise.all([page.waitForEvent('download'), page.getByRole('button', { name: 'Download' }).click()]);
    const rows = Papa.parse<string[]>(await readFile(await csv.path(), 'utf8'), { skipEmptyLines: true }).data;
    expect(rows.some((r) => r.includes('Undeposited Cash'))).toBe(true);
    await screenshot(page, 'books-export');
  });

  test('the owner drills from the trial balance into an account’s journals, reads the day’s journals and opens the sale’s order', async () => {
    const { page } = tp;
    await openAs(page, owner, '/books');
    await page.getByTestId('trial-balance').waitFor();
    const today = await page.getByRole('textbox', { name: 'As of (end of day)' }).inputValue();
    await page.getByRole('button', { name: 'Journals of assets:clearing:card' }).click();
    const journals = page.getByTestId('journals');
    await journals.getByText(`assets:clearing:card: journals from ${today.slice(0, 8)}01 to ${today}`).waitFor();
    expect(await page.getByTestId('opening-balance').innerText()).toBe(`Balance before ${today.slice(0, 8)}01: $0.00`);
    // The card's one journal: the sale, its clearing leg a debit of 61.45.
    const sale = journals.locator('tbody');
    expect(await sale.count()).toBe(1);
    await sale.getByText('Sale', { exact: true }).waitFor();
    expect(await rowOf(page, 'journals', 'assets:clearing:card')).toEqual(['assets:clearing:card', '$61.45', '']);
    await screenshot(page, 'books-journals-account');

    await choose(page, 'Account', 'Every account');
    await page.getByRole('textbox', { name: 'From' }).fill(today);
    await page.getByRole('region', { name: `Journals of ${today}` }).waitFor();
    await journals.getByText(`Journals from ${today} to ${today}`).waitFor();
    expect(await rowOf(page, 'journals', 'income:own-sales')).toEqual(['income:own-sales', '', '$3.00']);
    expect(await rowOf(page, 'journals', 'liabilities:sales-tax:gst')).toEqual(['liabilities:sales-tax:gst', '', '$3.75']);
    await screenshot(page, 'books-journals-day');

    await journals.getByRole('link', { name: `Order ${orderNumber}` }).click();
    await page.waitForURL(/\/orders\?/);
    await page.getByRole('heading', { name: `Order ${orderNumber}`, level: 1 }).waitFor();
    await screenshot(page, 'books-journal-opens-order');
  });

  test('the accountant, who may not open Orders, drills from the trial balance to the sale’s journal and reads its order read-only', async () => {
    const { page } = tp;
    await openAs(page, accountant, '/books');
    await page.getByTestId('trial-balance').waitFor();
    await page.getByRole('button', { name: 'Journals of assets:clearing:card' }).click();
    const journals = page.getByTestId('journals');
    await journals.locator('tbody').getByText('Sale', { exact: true }).waitFor();
    // No link into the Orders page, which an accountant may not open: the order opens over the journals.
    expect(await journals.getByRole('link', { name: `Order ${orderNumber}` }).count()).toBe(0);
    await journals.getByRole('button', { name: `Order ${orderNumber}` }).click();
    const dialog = page.getByRole('dialog', { name: `Order ${orderNumber}` });
    await dialog.getByTestId('journal-order').waitFor();
    expect(await rowOf(page, 'journal-order-lines', 'ADA1')).toEqual(['ADA1', 'Lamp', '2', '$40.00', '$72.00', '']);
    expect(await rowOf(page, 'journal-order-lines', '—')).toEqual(['—', 'Gift wrap', '1', '$3.00', '$3.00', '']);
    expect(await rowOf(page, 'journal-order-payments', 'Card')).toEqual(['Card', '$60.00', '$1.45', '$0.00']);
    expect(await rowOf(page, 'journal-order-payments', 'Cash')).toEqual(['Cash', '$18.75', '$0.00', '$11.25']);
    expect(await dialog.getByTestId('summary-total').innerText()).toBe('$78.75');
    await screenshot(page, 'books-journal-order-accountant');
    await page.keyboard.press('Escape');
    await dialog.waitFor({ state: 'hidden' });
    // The journals stay as they were: the account and its period.
    await journals.getByText('assets:clearing:card: journals from').waitFor();
  });

  test('a manager reads the books but names no account', async () => {
    const { page } = tp;
    await openAs(page, manager, '/books');
    await page.getByTestId('trial-balance').waitFor();
    await page.getByRole('tab', { name: 'Chart of accounts' }).click();
    await page.getByTestId('chart-of-accounts').waitFor();
    await page.getByText('Only an accountant or the owner may change the names.').waitFor();
    expect(await page.getByRole('button', { name: 'Save' }).count()).toBe(0);
  });

  test('a chart longer than a page shows 100 accounts on screen and prints every one', async () => {
    const big = await signUpOwnerViaApi({ storeName: 'Many Booths Mall' });
    const asBig = asOwnerOf(big);
    for (let i = 0; i < 100; i += 10) {
      await Promise.all(
        Array.from({ length: 10 }, (_, k) => {
          const n = String(i + k).padStart(3, '0');
          return asBig('/vendor/add', { tradeName: `Booth ${n}`, contactName: `Owner ${n}`, contactEmail: `booth${n}@example.com`, primaryPhone: '555-0100', vendorType: 'VENDOR' });
        }),
      );
    }
    const { page } = tp;
    await openAs(page, big, '/books');
    await page.getByRole('tab', { name: 'Chart of accounts' }).click();
    const chart = page.getByTestId('chart-of-accounts');
    await chart.waitFor();
    const pageLine = page.getByText(/^1–100 of \d+ accounts$/);
    const total = Number(/of (\d+) accounts/.exec(await pageLine.innerText())![1]);
    expect(total).toBeGreaterThan(100);
    expect(await chart.locator('tbody tr').count()).toBe(100);
    // The browser's own Print as much as the button: the page is laid out for paper after beforeprint.
    await page.evaluate(() => window.dispatchEvent(new Event('beforeprint')));
    expect(await chart.locator('tbody tr').count()).toBe(total);
    expect(await page.getByRole('navigation', { name: 'Account pages' }).count()).toBe(0);
    await page.emulateMedia({ media: 'print' });
    await screenshot(page, 'books-chart-printed');
    await page.emulateMedia({ media: null });
    await page.evaluate(() => window.dispatchEvent(new Event('afterprint')));
    await expect.poll(() => chart.locator('tbody tr').count()).toBe(100);
    await pageLine.waitFor();
  });
});
