/**
 * A new store's first day, step by step, in Chromium: a store owner signs up, finds the owner's
 * drawer and dashboard, changes the password on Account, adds a manager and a cashier
 * on Store > Staff, logs out, is sent back to a protected page after login, and a
 * cashier sees the cashier's menu.
 */
import { afterAll, beforeAll, describe, expect, test } from 'vitest';
import { launchBrowser, trackedPage, type Browser, type TrackedPage } from './support/browser';
import { baseURL, drawerEntries, loginAs, readSession, screenshot, uniqueName, type OwnerAccount, signUpOwner } from './support/app';
import { DASHBOARD_LABELS, MENUS } from './support/expectations';
import { dashboardLabels, pageTitle, waitForPath } from './support/screen';

describe('a store owner signs up, sets up staff, and a cashier signs in', () => {
  let browser: Browser;
  let tp: TrackedPage;
  let owner: OwnerAccount;
  const newPassword = 'newpassword456';
  const manager = { username: uniqueName('manager'), password: 'managerpass1' };
  const cashier = { username: uniqueName('cashier'), password: 'cashierpass1' };

  beforeAll(async () => {
    browser = await launchBrowser();
    tp = await trackedPage(browser.context);
  });

  afterAll(async () => {
    await browser?.close();
  });

  test("the login page offers login and sign-up with the product's texts", async () => {
    const { page } = tp;
    await page.goto(`${baseURL()}/`);
    await page.getByRole('heading', { name: 'Login' }).waitFor();
    await page.locator('input[name="usernameOrEmail"]').waitFor();
    await page.locator('input[name="password"]').waitFor();
    await page.getByRole('button', { name: 'Login', exact: true }).waitFor();
    await screenshot(page, 'login');

    await page.getByRole('button', { name: 'Need an account? Sign up' }).click();
    await page.getByRole('heading', { name: 'Sign Up' }).waitFor();
    for (const name of ['username', 'email', 'storeName', 'password']) {
      await page.locator(`input[name="${name}"]`).waitFor();
    }
    await expect(page.locator('input[name="email"]').getAttribute('type')).resolves.toBe('email');
    await page.getByRole('button', { name: 'Already have an account? Login' }).waitFor();
    await screenshot(page, 'signup');
    tp.expectClean();
  });

  test('the owner signs up and lands on the dashboard with the owner drawer', async () => {
    const { page } = tp;
    owner = await signUpOwner(page);
    const stored = await readSession(page);
    expect(stored.token).toBeTruthy();
    expect(stored.username).toBe(owner.username);
    expect(stored.email).toBe(owner.email);
    expect(stored.userId).toBe(String(owner.userId));
    expect(stored.availableRoles).toEqual([{ storeId: owner.storeId, storeName: owner.storeName, role: 'STORE_OWNER' }]);
    expect(stored.currentRole).toEqual({ storeId: owner.storeId, storeName: owner.storeName, role: 'STORE_OWNER' });

    await expect(pageTitle(page)).resolves.toBe('Dashboard');
    await expect(dashboardLabels(page)).resolves.toEqual(DASHBOARD_LABELS.STORE_OWNER);
    await expect(drawerEntries(page)).resolves.toEqual(MENUS.STORE_OWNER);
    await screenshot(page, 'owner-dashboard');
    tp.expectClean();
  });

  test('a visit to / with a stored token goes to /dashboard', async () => {
    const { page } = tp;
    await page.goto(`${baseURL()}/`);
    await waitForPath(page, '/dashboard');
    tp.expectClean();
  });

  test('the drawer highlights the current route and the top bar names the page', async () => {
    const { page } = tp;
    await page.getByRole('link', { name: 'Roadmap' }).click();
    await waitForPath(page, '/roadmap');
    await page.getByRole('heading', { name: 'Development Roadmap' }).waitFor();
    await expect(pageTitle(page)).resolves.toBe('Roadmap');
    await expect(page.getByRole('link', { name: 'Roadmap' }).getAttribute('data-active')).resolves.toBe('true');
    await expect(page.getByRole('link', { name: 'Dashboard' }).getAttribute('data-active')).resolves.toBeNull();

    // Collapsible parents: Store Management hides and shows its children.
    const storeManagement = page.getByRole('button', { name: 'Store Management' });
    const staffLink = page.getByRole('link', { name: 'Staff', exact: true });
    await expect(storeManagement.getAttribute('aria-expanded')).resolves.toBe('true');
    await storeManagement.click();
    await staffLink.waitFor({ state: 'hidden' });
    await storeManagement.click();
    await staffLink.waitFor({ state: 'visible' });
    tp.expectClean();
  });

  test('Account shows the user and changes the password, refusing a mismatch first', async () => {
    const { page } = tp;
    await page.getByRole('link', { name: 'Account', exact: true }).click();
    await waitForPath(page, '/account');
    await expect(page.getByTestId('account-username').textContent()).resolves.toBe(owner.username);
    await expect(page.getByTestId('account-email').textContent()).resolves.toBe(owner.email);
    await expect(page.getByRole('combobox', { name: 'Current Role' }).inputValue()).resolves.toBe(`${owner.storeName} - Store owner`);

    const form = page.getByRole('form', { name: 'Change Password' });
    await form.locator('input[name="currentPassword"]').fill(owner.password);
    await form.locator('input[name="newPassword"]').fill(newPassword);
    await form.locator('input[name="confirmPassword"]').fill('somethingelse');
    await form.getByRole('button', { name: 'Change Password' }).click();
    // Under the confirmation: Mantine ties the error to its input.
    const mismatch = form.getByText('New passwords do not match', { exact: true });
    await mismatch.waitFor();
    await expect(form.locator('input[name="confirmPassword"]').getAttribute('aria-describedby')).resolves.toContain(await mismatch.getAttribute('id'));
    await screenshot(page, 'account-password-mismatch');

    await form.locator('input[name="confirmPassword"]').fill(newPassword);
    await form.getByRole('button', { name: 'Change Password' }).click();
    await page.getByText('Password changed successfully').waitFor();
    await expect(form.locator('input[name="currentPassword"]').inputValue()).resolves.toBe('');
    await screenshot(page, 'account');
    tp.expectClean();
  });

  test('the owner adds a manager and a cashier on Store > Staff', async () => {
    const { page } = tp;
    await page.getByRole('link', { name: 'Staff', exact: true }).click();
    await waitForPath(page, '/store/staff');
    await page.getByRole('heading', { name: 'Staff', exact: true }).waitFor();
    const table = page.getByRole('table', { name: 'Staff' });
    await table.getByRole('cell', { name: owner.username, exact: true }).waitFor();

    const add = page.getByRole('form', { name: 'Add Staff' });
    const roleSelect = add.getByRole('combobox', { name: 'Role' });
    // An owner may grant every store role.
    await roleSelect.click();
    const offered = await page.getByRole('option').allTextContents();
    expect(offered).toEqual(['Store staff', 'Store manager', 'Store accountant', 'Store owner']);
    await page.getByRole('option', { name: 'Store manager' }).click();
    await add.locator('input[name="username"]').fill(manager.username);
    await add.locator('input[name="email"]').fill(`${manager.username}@example.com`);
    await add.locator('input[name="password"]').fill(manager.password);
    await add.getByRole('button', { name: 'Add Staff' }).click();
    await table.locator(`tr[data-username="${manager.username}"] [data-role="STORE_MANAGER"]`).waitFor();
    await expect(add.locator('input[name="username"]').inputValue()).resolves.toBe('');

    // A failure keeps what was typed and shows the server's message.
    await add.locator('input[name="username"]').fill(manager.username);
    await add.locator('input[name="email"]').fill(`other${manager.username}@example.com`);
    await add.locator('input[name="password"]').fill(cashier.password);
    await add.getByRole('button', { name: 'Add Staff' }).click();
    await page.getByText('Username is already taken').waitFor();
    await page.mouse.move(0, 0);
    await screenshot(page, 'staff-username-taken');
    await expect(add.locator('input[name="email"]').inputValue()).resolves.toBe(`other${manager.username}@example.com`);
    tp.expectClean([/status of 409/]);

    await roleSelect.click();
    await page.getByRole('option', { name: 'Store staff' }).click();
    await add.locator('input[name="username"]').fill(cashier.username);
    await add.locator('input[name="email"]').fill(`${cashier.username}@example.com`);
    await add.locator('input[name="password"]').fill(cashier.password);
    await add.getByRole('button', { name: 'Add Staff' }).click();
    await table.locator(`tr[data-username="${cashier.username}"] [data-role="STORE_STAFF"]`).waitFor();
    await expect(table.locator('tbody tr').count()).resolves.toBe(3);
    await page.mouse.move(0, 0);
    await screenshot(page, 'staff');
    tp.expectClean();
  });

  test('logout from the drawer clears the stored session and returns to login', async () => {
    const { page } = tp;
    await page.getByRole('navigation', { name: 'Drawer' }).getByRole('button', { name: 'Logout' }).click();
    await waitForPath(page, '/');
    const stored = await readSession(page);
    expect(stored).toEqual({ token: null, userId: null, username: null, email: null, availableRoles: null, currentRole: null });
    tp.expectClean();
  });

  test('a protected route redirects to login and back after signing in', async () => {
    const { page } = tp;
    await page.goto(`${baseURL()}/store/staff`);
    await waitForPath(page, `/?redirect=${encodeURIComponent('/store/staff')}`);
    await loginAs(page, owner.username, newPassword);
    await waitForPath(page, '/store/staff');
    await page.getByRole('table', { name: 'Staff' }).getByRole('cell', { name: cashier.username, exact: true }).waitFor();
    await page.getByRole('navigation', { name: 'Drawer' }).getByRole('button', { name: 'Logout' }).click();
    await waitForPath(page, '/');
    tp.expectClean();
  });

  test('the cashier logs in and sees the cashier menu and dashboard', async () => {
    const { page } = tp;
    await loginAs(page, cashier.username, cashier.password);
    await waitForPath(page, '/dashboard');
    await expect(dashboardLabels(page)).resolves.toEqual(DASHBOARD_LABELS.STORE_STAFF);
    await expect(drawerEntries(page)).resolves.toEqual(MENUS.STORE_STAFF);
    await screenshot(page, 'cashier-dashboard');
    tp.expectClean();
  });
});
