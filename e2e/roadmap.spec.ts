/**
 * The Roadmap screen in Chromium: the store owner adds, edits, completes and deletes roadmap
 * entries, filters and sorts the table; a cashier sees the same table without the
 * Actions column and the Add New Entry button. The walk leaves the console clean.
 */
import { afterAll, beforeAll, describe, expect, test } from 'vitest';
import type { Locator, Page, Request } from 'playwright-core';
import { launchBrowser, trackedPage, type Browser, type TrackedPage } from './support/browser';
import { apiPost, baseURL, createStaffViaApi, openAs, screenshot, signUpOwnerViaApi, type OwnerAccount } from './support/app';
import { pageTitle } from './support/screen';

interface Entry {
  id: number;
  title: string;
  description: string;
  requestor: string | null;
  estimatedCompletion: string;
  actualCompletion: string | null;
  status: 'in_progress' | 'completed';
}

const SEEDS = [
  { title: 'Barcode scanner support', description: 'Scan item codes at the counter', requestor: 'Ann', estimatedCompletion: '2026-12-01T12:00:00Z', actualCompletion: null, status: 'in_progress' },
  { title: 'Vendor statements', description: 'Monthly PDF for each barcode vendor', requestor: null, estimatedCompletion: '2027-02-01T12:00:00Z', actualCompletion: '2027-01-20T12:00:00Z', status: 'completed' },
  { title: 'Gift cards', description: 'Sell and redeem gift cards', requestor: 'Bob', estimatedCompletion: '2026-11-10T12:00:00Z', actualCompletion: '2026-11-25T12:00:00Z', status: 'completed' },
] as const;

const NEW_TITLE = 'Layaway plans';
const EDITED_TITLE = 'Layaway and deposits';

/** The bodies of the page's /roadmap/roadmap calls (tRPC batches: one input per call). */
function roadmapCalls(page: Page): { action: string; entry?: Record<string, unknown> }[] {
  const calls: { action: string; entry?: Record<string, unknown> }[] = [];
  page.on('request', (request: Request) => {
    if (request.method() !== 'POST' || !request.url().includes('/trpc/') || !request.url().includes('roadmap.roadmap')) return;
    const batch = JSON.parse(request.postData() ?? '{}') as Record<string, { json: { action: string; entry?: Record<string, unknown> } }>;
    for (const call of Object.values(batch)) calls.push(call.json);
  });
  return calls;
}

const table = (page: Page) => page.getByRole('table', { name: 'Roadmap entries' });
const rows = (page: Page) => table(page).locator('tbody tr[data-entry-id]');

/** The table's rows as [title, description, requestor, estimated, actual, status]. */
async function tableRows(page: Page): Promise<string[][]> {
  return rows(page).evaluateAll((trs) => trs.map((tr) => [...tr.querySelectorAll('td')].slice(0, 6).map((td) => (td.textContent ?? '').trim())));
}

async function titles(page: Page): Promise<string[]> {
  return rows(page).evaluateAll((trs) => trs.map((tr) => (tr.querySelector('td')?.textContent ?? '').trim()));
}

async function headers(page: Page): Promise<string[]> {
  return table(page)
    .locator('thead th')
    .evaluateAll((ths) => ths.map((th) => (th.textContent ?? '').trim()));
}

async function sortBy(page: Page, label: 'Estimated Completion' | 'Actual Completion') {
  await table(page).getByRole('button', { name: label }).click();
}

/** Waits until a Mantine modal has finished fading in (for a screenshot of it). */
async function settled(dialog: Locator) {
  await expect.poll(() => dialog.evaluate((el) => (globalThis as unknown as { getComputedStyle(e: unknown): { opacity: string } }).getComputedStyle(el).opacity)).toBe('1');
}

const sortState = (page: Page, column: string) => table(page).locator(`th[data-sort-column="${column}"]`).getAttribute('aria-sort');

describe('the development roadmap', () => {
  let browser: Browser;
  let tp: TrackedPage;
  let owner: OwnerAccount;
  let calls: ReturnType<typeof roadmapCalls>;

  const listViaApi = async () =>
    (await apiPost<{ entries: Entry[] }>('/roadmap/roadmap', { tokenString: owner.token, storeId: owner.storeId, role: 'STORE_OWNER', action: 'list' })).entries;

  beforeAll(async () => {
    browser = await launchBrowser();
    tp = await trackedPage(browser.context);
    calls = roadmapCalls(tp.page);
    owner = await signUpOwnerViaApi();
    for (const entry of SEEDS) {
      await apiPost('/roadmap/roadmap', { tokenString: owner.token, storeId: owner.storeId, role: 'STORE_OWNER', action: 'create', entry });
    }
  });

  afterAll(async () => {
    await browser?.close();
  });

  test('the owner opens the roadmap: estimated completion ascending, dates as MMM d, yyyy, the list loaded once', async () => {
    const { page } = tp;
    await openAs(page, owner, '/roadmap');
    await page.getByRole('heading', { name: 'Development Roadmap' }).waitFor();
    await expect(pageTitle(page)).resolves.toBe('Roadmap');
    await rows(page).first().waitFor();
    await expect(headers(page)).resolves.toEqual(['Title', 'Description', 'Requestor', 'Estimated Completion', 'Actual Completion', 'Status', 'Actions']);
    await expect(tableRows(page)).resolves.toEqual([
      ['Gift cards', 'Sell and redeem gift cards', 'Bob', 'Nov 10, 2026', 'Nov 25, 2026', 'Completed'],
      ['Barcode scanner support', 'Scan item codes at the counter', 'Ann', 'Dec 1, 2026', 'Not completed', 'In Progress'],
      ['Vendor statements', 'Monthly PDF for each barcode vendor', '', 'Feb 1, 2027', 'Jan 20, 2027', 'Completed'],
    ]);
    await expect(sortState(page, 'estimatedCompletion')).resolves.toBe('ascending');
    await page.getByRole('button', { name: 'Add New Entry' }).waitFor();
    await page.getByRole('textbox', { name: 'Filter entries' }).waitFor();
    expect(calls.map((c) => c.action)).toEqual(['list']);
    tp.expectClean();
  });

  test('the owner adds an entry: required fields first, then 07:00 local with offset is sent', async () => {
    const { page } = tp;
    calls.length = 0;
    await page.getByRole('button', { name: 'Add New Entry' }).click();
    const dialog = page.getByRole('dialog', { name: 'New Roadmap Entry' });
    await dialog.waitFor();
    await expect(dialog.locator('textarea[name="description"]').getAttribute('rows')).resolves.toBe('3');
    await expect(dialog.getByRole('combobox', { name: 'Status' }).inputValue()).resolves.toBe('In Progress');

    await settled(dialog);
    await dialog.getByRole('button', { name: 'Create' }).click();
    for (const message of ['Title is required', 'Description is required', 'Estimated Completion is required']) {
      await dialog.getByText(message, { exact: true }).waitFor();
    }
    expect(calls).toEqual([]);
    await screenshot(page, 'roadmap-dialog-new-required');

    await dialog.locator('input[name="title"]').fill(NEW_TITLE);
    await dialog.locator('textarea[name="description"]').fill('Hold items with a deposit');
    await dialog.locator('input[name="requestor"]').fill('Cara');
    // The app's one date box: the browser's own date input.
    await expect(dialog.getByLabel('Estimated Completion').getAttribute('type')).resolves.toBe('date');
    await dialog.getByLabel('Estimated Completion').fill('2027-01-15');
    await dialog.getByRole('heading', { name: 'New Roadmap Entry' }).click();
    await expect.poll(() => dialog.getByLabel('Estimated Completion').inputValue()).toBe('2027-01-15');
    await expect(dialog.getByText('Title is required').count()).resolves.toBe(0);
    await expect(dialog.getByText('Estimated Completion is required').count()).resolves.toBe(0);
    await page.mouse.move(0, 0);
    await screenshot(page, 'roadmap-dialog-new');

    await dialog.getByRole('button', { name: 'Create' }).click();
    await dialog.waitFor({ state: 'detached' });
    await expect.poll(() => titles(page)).toEqual(['Gift cards', 'Barcode scanner support', NEW_TITLE, 'Vendor statements']);
    const row = rows(page).filter({ hasText: NEW_TITLE });
    await expect(row.locator('td').evaluateAll((tds) => tds.slice(0, 6).map((td) => td.textContent))).resolves.toEqual([
      NEW_TITLE,
      'Hold items with a deposit',
      'Cara',
      'Jan 15, 2027',
      'Not completed',
      'In Progress',
    ]);

    // One create, then one reload of the list.
    expect(calls.map((c) => c.action)).toEqual(['create', 'list']);
    const sent = calls[0]?.entry ?? {};
    const expected = await page.evaluate(() => {
      const d = new Date(2027, 0, 15, 7, 0, 0);
      const minutes = -d.getTimezoneOffset();
      const abs = Math.abs(minutes);
      return `2027-01-15T07:00:00${minutes < 0 ? '-' : '+'}${String(Math.trunc(abs / 60)).padStart(2, '0')}:${String(abs % 60).padStart(2, '0')}`;
    });
    expect(sent).toMatchObject({ title: NEW_TITLE, requestor: 'Cara', estimatedCompletion: expected, actualCompletion: null, status: 'in_progress' });
    const saved = (await listViaApi()).find((e) => e.title === NEW_TITLE);
    expect(saved && new Date(saved.estimatedCompletion).getTime()).toBe(new Date(expected).getTime());
    tp.expectClean();
  });

  test('the owner edits the entry and marks it completed with an actual completion date', async () => {
    const { page } = tp;
    calls.length = 0;
    await table(page).getByRole('button', { name: `Edit ${NEW_TITLE}` }).click();
    const dialog = page.getByRole('dialog', { name: 'Edit Roadmap Entry' });
    await dialog.waitFor();
    await expect(dialog.locator('input[name="title"]').inputValue()).resolves.toBe(NEW_TITLE);
    await expect(dialog.locator('textarea[name="description"]').inputValue()).resolves.toBe('Hold items with a deposit');
    await expect(dialog.locator('input[name="requestor"]').inputValue()).resolves.toBe('Cara');
    await expect(dialog.getByLabel('Estimated Completion').inputValue()).resolves.toBe('2027-01-15');
    await expect(dialog.getByLabel('Actual Completion').inputValue()).resolves.toBe('');
    await dialog.getByRole('button', { name: 'Update' }).waitFor();

    await settled(dialog);
    await dialog.locator('input[name="title"]').fill(EDITED_TITLE);
    await dialog.getByLabel('Actual Completion').fill('2027-01-10');
    await expect.poll(() => dialog.getByLabel('Actual Completion').inputValue()).toBe('2027-01-10');
    await dialog.getByRole('combobox', { name: 'Status' }).click();
    await page.getByRole('option', { name: 'Completed' }).click();
    await expect.poll(() => dialog.getByRole('combobox', { name: 'Status' }).inputValue()).toBe('Completed');
    await page.mouse.move(0, 0);
    await screenshot(page, 'roadmap-dialog-edit');

    await dialog.getByRole('button', { name: 'Update' }).click();
    await dialog.waitFor({ state: 'detached' });
    const row = rows(page).filter({ hasText: EDITED_TITLE });
    await expect.poll(() => row.locator('td').evaluateAll((tds) => tds.slice(0, 6).map((td) => td.textContent))).toEqual([
      EDITED_TITLE,
      'Hold items with a deposit',
      'Cara',
      'Jan 15, 2027',
      'Jan 10, 2027',
      'Completed',
    ]);
    expect(calls.map((c) => c.action)).toEqual(['update', 'list']);
    expect(calls[0]?.entry).toMatchObject({ title: EDITED_TITLE, status: 'completed', actualCompletion: expect.stringMatching(/^2027-01-10T07:00:00[+-]\d{2}:\d{2}$/) });
    await expect(titles(page)).resolves.toHaveLength(4);

    await page.mouse.move(0, 0);
    await screenshot(page, 'roadmap-owner');
    tp.expectClean();
  });

  test('the filter matches title or description, ignoring case', async () => {
    const { page } = tp;
    const filter = page.getByRole('textbox', { name: 'Filter entries' });
    await filter.fill('BARCODE');
    await expect.poll(() => titles(page)).toEqual(['Barcode scanner support', 'Vendor statements']);
    await filter.fill('gift CARDS');
    await expect.poll(() => titles(page)).toEqual(['Gift cards']);
    await filter.fill('deposit');
    await expect.poll(() => titles(page)).toEqual([EDITED_TITLE]);
    await filter.fill('no such thing');
    await table(page).getByText('No entries match the filter.').waitFor();
    await filter.fill('');
    await expect.poll(() => titles(page)).toHaveLength(4);
    tp.expectClean();
  });

  test('both date columns sort both ways; empty dates go last ascending', async () => {
    const { page } = tp;
    const byEstimated = ['Gift cards', 'Barcode scanner support', EDITED_TITLE, 'Vendor statements'];
    await expect(titles(page)).resolves.toEqual(byEstimated);

    await sortBy(page, 'Estimated Completion');
    await expect.poll(() => titles(page)).toEqual([...byEstimated].reverse());
    await expect(sortState(page, 'estimatedCompletion')).resolves.toBe('descending');
    await sortBy(page, 'Estimated Completion');
    await expect.poll(() => titles(page)).toEqual(byEstimated);
    await expect(sortState(page, 'estimatedCompletion')).resolves.toBe('ascending');

    await sortBy(page, 'Actual Completion');
    await expect.poll(() => titles(page)).toEqual(['Gift cards', EDITED_TITLE, 'Vendor statements', 'Barcode scanner support']);
    await expect(sortState(page, 'actualCompletion')).resolves.toBe('ascending');
    await expect(sortState(page, 'estimatedCompletion')).resolves.toBe('none');
    await sortBy(page, 'Actual Completion');
    await expect.poll(() => titles(page)).toEqual(['Barcode scanner support', 'Vendor statements', EDITED_TITLE, 'Gift cards']);
    await expect(sortState(page, 'actualCompletion')).resolves.toBe('descending');

    await sortBy(page, 'Estimated Completion');
    await expect.poll(() => titles(page)).toEqual(byEstimated);
    tp.expectClean();
  });

  test('deleting asks first: cancel keeps the entry, confirm removes it', async () => {
    const { page } = tp;
    calls.length = 0;
    const confirmation = page.getByRole('dialog', { name: 'Delete Roadmap Entry' });

    // An entry without a requestor: the confirmation leaves that line out. Cancel.
    await table(page).getByRole('button', { name: 'Delete Vendor statements' }).click();
    await confirmation.waitFor();
    const texts = () => confirmation.getByTestId('roadmap-delete-confirmation').locator('p').allTextContents();
    await expect(texts()).resolves.toEqual([
      'Are you sure you want to delete this roadmap entry?',
      'Title',
      'Vendor statements',
      'Description',
      'Monthly PDF for each barcode vendor',
      'Status',
      'Completed',
    ]);
    await confirmation.getByRole('button', { name: 'Cancel' }).click();
    await confirmation.waitFor({ state: 'detached' });
    await expect(titles(page)).resolves.toContain('Vendor statements');
    expect(calls).toEqual([]);

    // One with a requestor: listed too. Delete.
    await table(page).getByRole('button', { name: 'Delete Barcode scanner support' }).click();
    await confirmation.waitFor();
    await settled(confirmation);
    await expect(texts()).resolves.toEqual([
      'Are you sure you want to delete this roadmap entry?',
      'Title',
      'Barcode scanner support',
      'Description',
      'Scan item codes at the counter',
      'Requestor',
      'Ann',
      'Status',
      'In Progress',
    ]);
    await page.mouse.move(0, 0);
    await screenshot(page, 'roadmap-delete-confirmation');
    await confirmation.getByRole('button', { name: 'Delete', exact: true }).click();
    await confirmation.waitFor({ state: 'detached' });
    await expect.poll(() => titles(page)).toEqual(['Gift cards', EDITED_TITLE, 'Vendor statements']);
    expect(calls.map((c) => c.action)).toEqual(['delete', 'list']);
    expect((await listViaApi()).map((e) => e.title).sort()).toEqual(['Gift cards', EDITED_TITLE, 'Vendor statements'].sort());
    tp.expectClean();
  });

  test('a cashier sees the table, filters and sorts, but has no Actions column and no Add New Entry', async () => {
    const { page } = tp;
    const cashier = await createStaffViaApi(baseURL(), owner.token, { role: 'STORE_STAFF', storeId: owner.storeId });
    await openAs(page, cashier, '/roadmap');
    await page.getByRole('heading', { name: 'Development Roadmap' }).waitFor();
    await rows(page).first().waitFor();
    await expect(headers(page)).resolves.toEqual(['Title', 'Description', 'Requestor', 'Estimated Completion', 'Actual Completion', 'Status']);
    await expect(tableRows(page)).resolves.toEqual([
      ['Gift cards', 'Sell and redeem gift cards', 'Bob', 'Nov 10, 2026', 'Nov 25, 2026', 'Completed'],
      [EDITED_TITLE, 'Hold items with a deposit', 'Cara', 'Jan 15, 2027', 'Jan 10, 2027', 'Completed'],
      ['Vendor statements', 'Monthly PDF for each barcode vendor', '', 'Feb 1, 2027', 'Jan 20, 2027', 'Completed'],
    ]);
    await expect(page.getByRole('button', { name: 'Add New Entry' }).count()).resolves.toBe(0);
    await expect(page.getByRole('columnheader', { name: 'Actions' }).count()).resolves.toBe(0);
    await expect(table(page).getByRole('button', { name: /^(Edit|Delete) / }).count()).resolves.toBe(0);
    await page.mouse.move(0, 0);
    await screenshot(page, 'roadmap-cashier');

    await page.getByRole('textbox', { name: 'Filter entries' }).fill('VENDOR');
    await expect.poll(() => titles(page)).toEqual(['Vendor statements']);
    await page.getByRole('textbox', { name: 'Filter entries' }).fill('');
    await sortBy(page, 'Estimated Completion');
    await expect.poll(() => titles(page)).toEqual(['Vendor statements', EDITED_TITLE, 'Gift cards']);
    tp.expectClean();
  });

  test('the server refuses a cashier\u2019s write (403), whatever the screen shows', async () => {
    const cashier = await createStaffViaApi(baseURL(), owner.token, { role: 'STORE_STAFF', storeId: owner.storeId });
    const login = await apiPost<{ token: string }>('/login', { usernameOrEmail: cashier.username, password: cashier.password });
    await expect(
      apiPost('/roadmap/roadmap', { tokenString: login.token, storeId: owner.storeId, role: 'STORE_STAFF', action: 'create', entry: { ...SEEDS[0] } }),
    ).rejects.toThrow(/403/);
  });
});
