/** The administrator: System Overview with real numbers, System > Users and System > Stores. */
import { afterAll, beforeAll, describe, expect, inject, test } from 'vitest';
import { launchBrowser, trackedPage, type Browser, type TrackedPage } from './support/browser';
import { drawerEntries, loginAs, screenshot, signUpOwnerViaApi } from './support/app';
import { DASHBOARD_LABELS, MENUS } from './support/expectations';
import { dashboardCounters, waitForPath } from './support/screen';

describe('the administrator', () => {
  let browser: Browser;
  let tp: TrackedPage;
  const admin = inject('admin');

  beforeAll(async () => {
    browser = await launchBrowser();
    tp = await trackedPage(browser.context);
    // Enough stores for a second page at 10 rows.
    for (let i = 0; i < 11; i++) await signUpOwnerViaApi();
  });

  afterAll(async () => {
    await browser?.close();
  });

  test('logs in by e-mail and sees the System Overview with numbers', async () => {
    const { page } = tp;
    await loginAs(page, admin.email, admin.password);
    await waitForPath(page, '/dashboard');
    await page.getByRole('heading', { name: 'System Overview' }).waitFor();
    const counters = await dashboardCounters(page);
    expect(Object.keys(counters)).toEqual(DASHBOARD_LABELS.ABSOLUTE_ADMIN);
    expect(Number(counters['Total Stores']?.replace(/,/g, ''))).toBeGreaterThanOrEqual(11);
    expect(Number(counters['Total Users']?.replace(/,/g, ''))).toBeGreaterThanOrEqual(12);
    await expect(drawerEntries(page)).resolves.toEqual(MENUS.ABSOLUTE_ADMIN);
    await page.mouse.move(0, 0);
    await screenshot(page, 'dashboard-absolute-admin');
    tp.expectClean();
  });

  test('the dashboard says Failed to connect to server when the server does not answer', async () => {
    const { page } = tp;
    await page.route('**/trpc/dashboard.*', (route) => route.abort('connectionrefused'));
    await page.reload();
    await page.getByText('Failed to connect to server').waitFor();
    await page.unroute('**/trpc/dashboard.*');
    tp.expectClean([/ERR_CONNECTION_REFUSED/]);
    await page.reload();
    await page.getByRole('heading', { name: 'System Overview' }).waitFor();
    tp.expectClean();
  });

  test('System > Users lists the users, ten to a page', async () => {
    const { page } = tp;
    await page.getByRole('link', { name: 'Users' }).click();
    await waitForPath(page, '/system/users');
    const table = page.getByRole('table', { name: 'Users' });
    await table.locator('tbody tr').nth(9).waitFor();
    await expect(table.locator('tbody tr').count()).resolves.toBe(10);
    await table.getByRole('cell', { name: admin.username, exact: true }).waitFor();
    await screenshot(page, 'system-users');

    await page.getByRole('combobox', { name: 'Rows per page' }).click();
    await page.getByRole('option', { name: '25' }).click();
    await expect
      .poll(() => table.locator('tbody tr').count())
      .toBeGreaterThan(10);
    tp.expectClean();
  });

  test('System > Stores lists the stores with a second page', async () => {
    const { page } = tp;
    await page.getByRole('link', { name: 'Stores' }).click();
    await waitForPath(page, '/system/stores');
    const table = page.getByRole('table', { name: 'Stores' });
    await table.locator('tbody tr').nth(9).waitFor();
    const first = await table.locator('tbody tr').first().textContent();
    await page.getByRole('button', { name: '2', exact: true }).click();
    await expect.poll(() => table.locator('tbody tr').first().textContent()).not.toBe(first);
    await screenshot(page, 'system-stores');
    tp.expectClean();
  });
});
