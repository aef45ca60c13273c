/**
 * Staff accounts in Chromium: a manager resets a cashier's password (the cashier signs in
 * with the temporary one, lands on Account asked to choose a new one, and the till waits
 * until they have) and disables a cashier (who can no longer sign in) and enables them
 * again. Role names read in words ("Store staff").
 */
import { afterAll, beforeAll, describe, expect, test } from 'vitest';
import type { Page } from 'playwright-core';
import { launchBrowser, trackedPage, type Browser, type TrackedPage } from './support/browser';
import { baseURL, createStaffViaApi, loginAs, openAs, screenshot, signUpOwnerViaApi, type Account, type OwnerAccount } from './support/app';

describe('staff accounts', () => {
  let browser: Browser;
  let tp: TrackedPage;
  let owner: OwnerAccount;
  let manager: Account;
  let cashier: Account;
  let other: Account;

  const row = (page: Page, username: string) => page.locator(`tr[data-username="${username}"]`);

  beforeAll(async () => {
    browser = await launchBrowser();
    tp = await trackedPage(browser.context);
    owner = await signUpOwnerViaApi({ storeName: 'Reset Row Antiques' });
    manager = await createStaffViaApi(baseURL(), owner.token, { role: 'STORE_MANAGER', storeId: owner.storeId });
    cashier = await createStaffViaApi(baseURL(), owner.token, { role: 'STORE_STAFF', storeId: owner.storeId });
    other = await createStaffViaApi(baseURL(), owner.token, { role: 'STORE_STAFF', storeId: owner.storeId });
  });

  afterAll(async () => {
    await browser?.close();
  });

  test("a manager resets a cashier's password: the cashier must choose a new one at the next sign-in", async () => {
    const { page } = tp;
    await openAs(page, manager, '/store/staff');
    await row(page, cashier.username).waitFor();
    expect(await row(page, cashier.username).locator('[data-role]').allTextContents()).toEqual(['Store staff']);
    // A manager may not reset the owner's password.
    expect(await row(page, owner.username).getByRole('button', { name: /Reset Password/ }).count()).toBe(0);
    await row(page, cashier.username).getByRole('button', { name: `Reset Password of ${cashier.username}` }).click();
    const dialog = page.getByRole('dialog', { name: `Reset the password of ${cashier.username}` });
    await dialog.getByLabel('Temporary password').fill('temporary pass');
    await screenshot(page, 'staff-reset-password-dialog');
    await dialog.getByRole('button', { name: 'Reset Password' }).click();
    await dialog.waitFor({ state: 'detached' });
    await row(page, cashier.username).getByTestId('member-must-change').waitFor();
    await screenshot(page, 'staff-after-reset');

    // The cashier signs in with the temporary password and lands on Account, asked for a new one.
    await page.evaluate(() => (globalThis as unknown as { localStorage: { clear(): void } }).localStorage.clear());
    await loginAs(page, cashier.username, 'temporary pass');
    await page.waitForURL((u) => u.pathname === '/account');
    await page.getByTestId('must-change-password').waitFor();
    await screenshot(page, 'account-must-change-password');
    await page.locator('input[name="currentPassword"]').fill('temporary pass');
    await page.locator('input[name="newPassword"]').fill('my new password');
    await page.locator('input[name="confirmPassword"]').fill('my new password');
    await page.getByRole('button', { name: 'Change Password' }).click();
    await page.getByTestId('must-change-password').waitFor({ state: 'detached' });
    tp.expectClean([/403/]);
  });

  test('a disabled cashier cannot sign in; enabled again, they can', async () => {
    const { page } = tp;
    await openAs(page, manager, '/store/staff');
    await row(page, other.username).getByRole('button', { name: `Disable ${other.username}` }).click();
    await row(page, other.username).getByTestId('member-disabled').waitFor();
    await screenshot(page, 'staff-disabled');

    await page.evaluate(() => (globalThis as unknown as { localStorage: { clear(): void } }).localStorage.clear());
    await page.goto(`${baseURL()}/`);
    await page.locator('input[name="usernameOrEmail"]').fill(other.username);
    await page.locator('input[name="password"]').fill(other.password);
    await page.getByRole('button', { name: 'Login', exact: true }).click();
    await page.getByText('This account is disabled: ask your store manager').waitFor();

    await openAs(page, manager, '/store/staff');
    await row(page, other.username).getByRole('button', { name: `Enable ${other.username}` }).click();
    await row(page, other.username).getByTestId('member-disabled').waitFor({ state: 'detached' });
    await openAs(page, other, '/dashboard');
    await page.waitForURL((u) => u.pathname === '/dashboard');
    tp.expectClean([/403/]);
  });
});
