/**
 * In Chromium: a user another store assigned without asking leaves that store from the
 * Account page (asked first; the stored session drops the role at once); the last owner
 * of a store is told why they cannot leave; and after too many failed logins the login
 * screen shows the server's own message with when to retry.
 */
import { afterAll, beforeAll, describe, expect, test } from 'vitest';
import { launchBrowser, trackedPage, type Browser, type TrackedPage } from './support/browser';
import { apiPost, assignRoleViaApi, baseURL, openAs, readSession, screenshot, signUpOwnerViaApi, type OwnerAccount } from './support/app';
import { waitForPath } from './support/screen';

describe('leaving a store from the Account page', () => {
  let browser: Browser;
  let tp: TrackedPage;
  let stranger: OwnerAccount;
  let user: OwnerAccount;

  beforeAll(async () => {
    browser = await launchBrowser();
    tp = await trackedPage(browser.context);
    [stranger, user] = await Promise.all([signUpOwnerViaApi(), signUpOwnerViaApi()]);
    await assignRoleViaApi(baseURL(), stranger.token, { storeId: stranger.storeId, usernameOrEmail: user.username, role: 'STORE_STAFF' });
  });

  afterAll(async () => {
    await browser?.close();
  });

  const row = (storeName: string) => tp.page.getByTestId('my-assignments').getByRole('row').filter({ hasText: storeName });

  test('lists the roles the user holds, with Leave on store roles', async () => {
    const { page } = tp;
    await openAs(page, user, '/account');
    await page.getByTestId('my-assignments').waitFor();
    await expect(row(user.storeName).textContent()).resolves.toContain('Store owner');
    await expect(row(stranger.storeName).textContent()).resolves.toContain('Store staff');
    await screenshot(page, 'account-roles');
    tp.expectClean();
  });

  test('Leave asks first; confirming drops the role from the list and from the stored session', async () => {
    const { page } = tp;
    await row(stranger.storeName).getByRole('button', { name: 'Leave' }).click();
    const dialog = page.getByTestId('leave-confirmation');
    await dialog.waitFor();
    await expect(dialog.textContent()).resolves.toContain(stranger.storeName);
    await screenshot(page, 'account-leave-confirm');
    await dialog.getByRole('button', { name: 'Leave' }).click();
    await dialog.waitFor({ state: 'detached' });
    await expect(page.getByTestId('leave-result').textContent()).resolves.toBe(`You left ${stranger.storeName} (Store staff).`);
    await row(stranger.storeName).waitFor({ state: 'detached' });
    const stored = await readSession(page);
    expect(stored.availableRoles).toEqual([{ storeId: user.storeId, storeName: user.storeName, role: 'STORE_OWNER' }]);
    expect(stored.currentRole).toEqual({ storeId: user.storeId, storeName: user.storeName, role: 'STORE_OWNER' });
    // The other store no longer lists the user.
    const staff = await apiPost<{ staff: { userId: number }[] }>('/store/staff/list', { tokenString: stranger.token, storeId: stranger.storeId, role: 'STORE_OWNER' });
    expect(staff.staff.map((m) => m.userId)).toEqual([stranger.userId]);
    await screenshot(page, 'account-left');
    tp.expectClean();
  });

  test("the last owner is told why they cannot leave, and keeps the role", async () => {
    const { page } = tp;
    await row(user.storeName).getByRole('button', { name: 'Leave' }).click();
    const dialog = page.getByTestId('leave-confirmation');
    await dialog.getByRole('button', { name: 'Leave' }).click();
    await expect(page.getByTestId('leave-error').textContent()).resolves.toBe(
      'You are the last owner of this store and cannot leave it; make someone else an owner first',
    );
    await screenshot(page, 'account-last-owner');
    await dialog.getByRole('button', { name: 'Cancel' }).click();
    await row(user.storeName).waitFor();
    expect((await readSession(page)).availableRoles).toHaveLength(1);
    tp.expectClean([/status of 409/]);
  });
});

describe('an owner adds another store from the Account page', () => {
  let browser: Browser;
  let tp: TrackedPage;
  let owner: OwnerAccount;

  beforeAll(async () => {
    browser = await launchBrowser();
    tp = await trackedPage(browser.context);
    owner = await signUpOwnerViaApi();
  });

  afterAll(async () => {
    await browser?.close();
  });

  test('a name is required; the new store, in the zone chosen, becomes current and opens its set-up list', async () => {
    const { page } = tp;
    await openAs(page, owner, '/account');
    await page.getByRole('button', { name: 'Add Store' }).click();
    const dialog = page.getByRole('dialog', { name: 'Add Store' });
    await dialog.getByRole('button', { name: 'Add Store' }).click();
    await dialog.getByText('Store name is required').waitFor();
    await expect(dialog.getByLabel('Store Name').evaluate((el) => el === document.activeElement)).resolves.toBe(true);

    const name = `Second ${owner.storeName}`.slice(0, 100);
    await dialog.getByLabel('Store Name').fill(name);
    await dialog.getByRole('combobox', { name: 'Time Zone' }).fill('Pacific');
    await page.getByRole('option', { name: 'America/Los_Angeles' }).click();
    await screenshot(page, 'account-add-store');
    await dialog.getByRole('button', { name: 'Add Store' }).click();

    await waitForPath(page, '/dashboard');
    await page.getByRole('region', { name: 'Set up your store' }).waitFor();
    const stored = await readSession(page);
    const roles = stored.availableRoles ?? [];
    const added = roles.find((r) => r.storeName === name);
    expect(added).toMatchObject({ role: 'STORE_OWNER' });
    expect(roles).toHaveLength(2);
    expect(stored.currentRole).toEqual(added);
    const zone = await apiPost<{ timeZone: string }>('/store/fetch-time-zone', { tokenString: owner.token, storeId: added!.storeId, role: 'STORE_OWNER' });
    expect(zone.timeZone).toBe('America/Los_Angeles');
    await screenshot(page, 'account-added-store-dashboard');

    // Both stores are the owner's to switch between.
    await page.goto(`${baseURL()}/account`);
    await expect(page.getByTestId('my-assignments').textContent()).resolves.toContain(owner.storeName);
    await expect(page.getByTestId('my-assignments').textContent()).resolves.toContain(name);
    tp.expectClean();
  });
});

describe('the login screen after too many failed attempts', () => {
  let browser: Browser;
  let tp: TrackedPage;

  beforeAll(async () => {
    browser = await launchBrowser();
    tp = await trackedPage(browser.context);
  });

  afterAll(async () => {
    await browser?.close();
  });

  test("shows the server's message and when to retry, not a connection failure", async () => {
    const { page } = tp;
    const owner = await signUpOwnerViaApi();
    for (let i = 0; i < 10; i++) await expect(apiPost('/login', { usernameOrEmail: owner.username, password: 'not the password' })).rejects.toThrow(/401/);
    await page.goto(`${baseURL()}/`);
    await page.locator('input[name="usernameOrEmail"]').fill(owner.username);
    await page.locator('input[name="password"]').fill(owner.password);
    await page.getByRole('button', { name: 'Login', exact: true }).click();
    const error = page.getByTestId('login-error');
    await expect(error.textContent()).resolves.toBe('Too many failed sign-in attempts. Please try again in 15 minutes.');
    await waitForPath(page, '/');
    await screenshot(page, 'login-too-many');
    tp.expectClean([/status of 429/]);
  });
});
