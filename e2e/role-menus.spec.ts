/**
 * The drawer's menu and the dashboard of every store role, switching roles on the
 * Account page, and the login page's failure messages.
 */
import { afterAll, beforeAll, describe, expect, test } from 'vitest';
import { roleName } from '@pos/domain';
import { launchBrowser, trackedPage, type Browser, type TrackedPage } from './support/browser';
import {
  apiPost,
  assignRoleViaApi,
  baseURL,
  createStaffViaApi,
  drawerEntries,
  openAs,
  readSession,
  screenshot,
  signUpOwnerViaApi,
  type OwnerAccount,
  type StoreRole,
} from './support/app';
import { DASHBOARD_LABELS, MENUS } from './support/expectations';
import { dashboardLabels, pageTitle, waitForPath } from './support/screen';

describe('store roles', () => {
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

  const roles: StoreRole[] = ['STORE_OWNER', 'STORE_MANAGER', 'STORE_STAFF', 'STORE_ACCOUNTANT'];
  for (const role of roles) {
    test(`${role} sees its menu and its dashboard panel`, async () => {
      const { page } = tp;
      const account = role === 'STORE_OWNER' ? owner : await createStaffViaApi(baseURL(), owner.token, { role, storeId: owner.storeId });
      await openAs(page, account);
      await waitForPath(page, '/dashboard');
      await expect(dashboardLabels(page)).resolves.toEqual(DASHBOARD_LABELS[role]);
      await expect(drawerEntries(page)).resolves.toEqual(MENUS[role]);
      await expect(page.getByTestId('current-role').textContent()).resolves.toBe(`${owner.storeName}${roleName(role)}`);
      await page.mouse.move(0, 0);
      await screenshot(page, `dashboard-${role.toLowerCase().replace('_', '-')}`);
      tp.expectClean();
    });
  }

  test('a manager may grant only STORE_STAFF on Store > Staff', async () => {
    const { page } = tp;
    const manager = await createStaffViaApi(baseURL(), owner.token, { role: 'STORE_MANAGER', storeId: owner.storeId });
    await openAs(page, manager, '/store/staff');
    await page.getByRole('table', { name: 'Staff' }).getByRole('cell', { name: owner.username, exact: true }).waitFor();
    await page.getByRole('form', { name: 'Add Staff' }).getByRole('combobox', { name: 'Role' }).click();
    await expect(page.getByRole('option').allTextContents()).resolves.toEqual(['Store staff']);
    await page.keyboard.press('Escape');
    // The owner's role is not the manager's to revoke.
    await expect(page.getByRole('button', { name: `Revoke Store owner from ${owner.username}` }).count()).resolves.toBe(0);
    tp.expectClean();
  });

  test('switching roles on Account changes menu and dashboard at once', async () => {
    const { page } = tp;
    const both = await createStaffViaApi(baseURL(), owner.token, { role: 'STORE_ACCOUNTANT', storeId: owner.storeId });
    await assignRoleViaApi(baseURL(), owner.token, { storeId: owner.storeId, usernameOrEmail: both.username, role: 'STORE_MANAGER' });
    await openAs(page, both, '/account', { role: 'STORE_ACCOUNTANT' });

    const select = page.getByRole('combobox', { name: 'Current Role' });
    await expect(select.inputValue()).resolves.toBe(`${owner.storeName} - Store accountant`);
    await expect(drawerEntries(page)).resolves.toEqual(MENUS.STORE_ACCOUNTANT);
    await select.click();
    await expect(page.getByRole('option').allTextContents()).resolves.toEqual(
      expect.arrayContaining([`${owner.storeName} - Store accountant`, `${owner.storeName} - Store manager`]),
    );
    await page.getByRole('option', { name: `${owner.storeName} - Store manager` }).click();

    await expect(drawerEntries(page)).resolves.toEqual(MENUS.STORE_MANAGER);
    expect((await readSession(page)).currentRole).toEqual({ storeId: owner.storeId, storeName: owner.storeName, role: 'STORE_MANAGER' });
    await page.mouse.move(0, 0);
    await screenshot(page, 'account-role-switched');
    await page.getByRole('link', { name: 'Dashboard' }).click();
    await waitForPath(page, '/dashboard');
    await expect(dashboardLabels(page)).resolves.toEqual(DASHBOARD_LABELS.STORE_MANAGER);

    // The manager role now works on the server too: the staff list loads.
    await page.getByRole('link', { name: 'Staff', exact: true }).click();
    await page.getByRole('table', { name: 'Staff' }).getByRole('cell', { name: both.username, exact: true }).waitFor();
    tp.expectClean();
  });

  test('with no current role the drawer shows only Logout and the dashboard says so', async () => {
    const { page } = tp;
    await openAs(page, owner, '/dashboard');
    await page.evaluate(() => (globalThis as unknown as { localStorage: { removeItem(key: string): void } }).localStorage.removeItem('currentRole'));
    await page.reload();
    await page.getByText('No role selected. Please select a role from the Account page.').waitFor();
    await expect(page.getByRole('navigation', { name: 'Main menu' }).count()).resolves.toBe(0);
    const drawer = page.getByRole('navigation', { name: 'Drawer' });
    await expect(drawer.getByRole('link').count()).resolves.toBe(0);
    await expect(drawer.getByRole('button').allTextContents()).resolves.toEqual(['Logout']);
    await screenshot(page, 'dashboard-no-role');

    // Account still opens, and choosing a role brings the menu back.
    await page.goto(`${baseURL()}/account`);
    await page.getByRole('combobox', { name: 'Current Role' }).click();
    await page.getByRole('option', { name: `${owner.storeName} - Store owner` }).click();
    await expect(drawerEntries(page)).resolves.toEqual(MENUS.STORE_OWNER);
    tp.expectClean();
  });

  test('a screen the role may not open says so', async () => {
    const { page } = tp;
    const cashier = await createStaffViaApi(baseURL(), owner.token, { role: 'STORE_STAFF', storeId: owner.storeId });
    await openAs(page, cashier, '/store/settings');
    await page.getByText('This page is not available for the current role.').waitFor();
    await expect(pageTitle(page)).resolves.toBe('Settings');
    tp.expectClean();
  });
});

describe('the login page when things go wrong', () => {
  let browser: Browser;
  let tp: TrackedPage;

  beforeAll(async () => {
    browser = await launchBrowser();
    tp = await trackedPage(browser.context);
  });

  afterAll(async () => {
    await browser?.close();
  });

  test('a wrong password shows the server message and stores nothing', async () => {
    const { page } = tp;
    const owner = await signUpOwnerViaApi();
    await page.goto(`${baseURL()}/`);
    await page.locator('input[name="usernameOrEmail"]').fill(owner.username);
    await page.locator('input[name="password"]').fill('not-the-password');
    await page.getByRole('button', { name: 'Login', exact: true }).click();
    await expect(page.getByTestId('login-error').textContent()).resolves.toBe('Invalid username or password');
    await expect(page.getByRole('button', { name: 'Login', exact: true }).isEnabled()).resolves.toBe(true);
    expect((await readSession(page)).token).toBeNull();
    await screenshot(page, 'login-failed');
    // The browser itself logs the 401 answer.
    tp.expectClean([/status of 401/]);
  });

  test('a taken username on sign-up shows the server message', async () => {
    const { page } = tp;
    const owner = await signUpOwnerViaApi();
    await page.goto(`${baseURL()}/`);
    await page.getByRole('button', { name: 'Need an account? Sign up' }).click();
    await page.locator('input[name="username"]').fill(owner.username);
    await page.locator('input[name="email"]').fill(`new${owner.email}`);
    await page.locator('input[name="storeName"]').fill('Another Store');
    await page.locator('input[name="password"]').fill('password123');
    await page.getByRole('button', { name: 'Sign Up', exact: true }).click();
    await expect(page.getByTestId('login-error').textContent()).resolves.toBe('Username is already taken');
    tp.expectClean([/status of 409/]);
  });

  test('a user without roles is told so', async () => {
    const { page } = tp;
    const owner = await signUpOwnerViaApi();
    const cashier = await createStaffViaApi(baseURL(), owner.token, { role: 'STORE_STAFF', storeId: owner.storeId });
    await apiPost('/store/staff/revoke', { tokenString: owner.token, storeId: owner.storeId, role: 'STORE_OWNER', userId: cashier.userId, staffRole: 'STORE_STAFF' });
    await page.goto(`${baseURL()}/`);
    await page.locator('input[name="usernameOrEmail"]').fill(cashier.username);
    await page.locator('input[name="password"]').fill(cashier.password);
    await page.getByRole('button', { name: 'Login', exact: true }).click();
    await expect(page.getByTestId('login-error').textContent()).resolves.toBe('No roles available for this user');
    expect((await readSession(page)).token).toBeNull();
    tp.expectClean();
  });

  test('no answer from the server shows Failed to connect to server', async () => {
    const { page } = tp;
    await page.goto(`${baseURL()}/`);
    await page.route('**/trpc/**', (route) => route.abort('connectionrefused'));
    await page.locator('input[name="usernameOrEmail"]').fill('anyone');
    await page.locator('input[name="password"]').fill('whatever1');
    await page.getByRole('button', { name: 'Login', exact: true }).click();
    await expect(page.getByTestId('login-error').textContent()).resolves.toBe('Failed to connect to server');
    await page.unroute('**/trpc/**');
    tp.expectClean([/ERR_CONNECTION_REFUSED/]);
  });

  test('the buttons say Logging in... and Signing up... while busy', async () => {
    const { page } = tp;
    const owner = await signUpOwnerViaApi();
    await page.goto(`${baseURL()}/`);
    await page.route('**/trpc/auth.*', async (route) => {
      await new Promise((resolve) => setTimeout(resolve, 600));
      await route.continue();
    });
    await page.locator('input[name="usernameOrEmail"]').fill(owner.username);
    await page.locator('input[name="password"]').fill('wrong-password');
    await page.getByRole('button', { name: 'Login', exact: true }).click();
    await page.getByRole('button', { name: 'Logging in...' }).waitFor();
    await page.getByTestId('login-error').waitFor();

    await page.getByRole('button', { name: 'Need an account? Sign up' }).click();
    await page.locator('input[name="username"]').fill(owner.username);
    await page.locator('input[name="email"]').fill(owner.email);
    await page.locator('input[name="storeName"]').fill('Busy Store');
    await page.locator('input[name="password"]').fill('password123');
    await page.getByRole('button', { name: 'Sign Up', exact: true }).click();
    await page.getByRole('button', { name: 'Signing up...' }).waitFor();
    await page.getByTestId('login-error').waitFor();
    await page.unroute('**/trpc/auth.*');
    tp.expectClean([/status of 401/, /status of 409/]);
  });

  test('Logout on Account clears the session even when the server call fails', async () => {
    const { page } = tp;
    const owner = await signUpOwnerViaApi();
    await openAs(page, owner, '/account');
    await page.route('**/trpc/auth.logout*', (route) => route.abort('connectionrefused'));
    await page.getByRole('region', { name: 'Session' }).getByRole('button', { name: 'Logout' }).click();
    await waitForPath(page, '/');
    expect(await readSession(page)).toEqual({ token: null, userId: null, username: null, email: null, availableRoles: null, currentRole: null });
    await page.unroute('**/trpc/auth.logout*');
    tp.expectClean([/ERR_CONNECTION_REFUSED/]);
  });

  test('an expired session goes back to login', async () => {
    const { page } = tp;
    const owner = await signUpOwnerViaApi();
    await openAs(page, owner, '/store/staff');
    await page.getByRole('table', { name: 'Staff' }).waitFor();
    // Another device logs this session out.
    const token = (await readSession(page)).token;
    await apiPost('/logout', { tokenString: token });
    await page.reload();
    await waitForPath(page, '/');
    expect((await readSession(page)).token).toBeNull();
    tp.expectClean([/status of 401/]);
  });
});
