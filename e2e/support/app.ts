/**
 * Helpers every browser spec can reuse: sign up and sign in through the screens or,
 * quicker, through the REST door; create staff; take screenshots.
 */
import { mkdir } from 'node:fs/promises';
import { randomBytes } from 'node:crypto';
import { fileURLToPath } from 'node:url';
import type { Page } from 'playwright-core';
import { inject } from 'vitest';

export type StoreRole = 'STORE_OWNER' | 'STORE_MANAGER' | 'STORE_STAFF' | 'STORE_ACCOUNTANT';

export interface RoleAssignment {
  storeId: number;
  storeName: string;
  role: string;
}

export interface LoginResponse {
  success: boolean;
  message: string;
  userId: number;
  username: string;
  email: string;
  token: string;
  roles: RoleAssignment[];
}

export interface Account {
  username: string;
  email: string;
  password: string;
}

export interface OwnerAccount extends Account {
  storeName: string;
  storeId: number;
  userId: number;
  token: string;
}

export const SCREENSHOT_DIR = fileURLToPath(new URL('../../screenshots/', import.meta.url));

export function baseURL(): string {
  return inject('baseURL');
}

/** A name no other test uses (letters and digits: valid as a username). */
export function uniqueName(prefix = 'user'): string {
  return `${prefix}${Date.now().toString(36)}${randomBytes(3).toString('hex')}`;
}

function accountFor(prefix: string, opts: Partial<Account> = {}): Account {
  const username = opts.username ?? uniqueName(prefix);
  return { username, email: opts.email ?? `${username}@example.com`, password: opts.password ?? 'password123' };
}

/** POST /api/v1<path>; throws with the server's message on a non-OK answer. */
export async function apiPost<T = unknown>(path: string, body: Record<string, unknown> = {}, url = baseURL()): Promise<T> {
  const response = await fetch(`${url}/api/v1${path}`, {
    method: 'POST',
    headers: { 'content-type': 'application/json' },
    body: JSON.stringify(body),
  });
  const json = (await response.json()) as T & { message?: string };
  if (!response.ok) throw new Error(`POST ${path}: ${response.status} ${json.message ?? ''}`);
  return json;
}

/** Signs a new store owner up through the sign-up screen; ends on /dashboard. */
export async function signUpOwner(page: Page, opts: Partial<Account> & { storeName?: string } = {}): Promise<OwnerAccount> {
  const account = accountFor('owner', opts);
  const storeName = opts.storeName ?? `Store ${uniqueName('')}`;
  await page.goto(`${baseURL()}/`);
  await page.getByRole('button', { name: 'Need an account? Sign up' }).click();
  await page.locator('input[name="username"]').fill(account.username);
  await page.locator('input[name="email"]').fill(account.email);
  await page.locator('input[name="storeName"]').fill(storeName);
  await page.locator('input[name="password"]').fill(account.password);
  await page.getByRole('button', { name: 'Sign Up', exact: true }).click();
  await page.waitForURL((u) => u.pathname === '/dashboard');
  const stored = await readSession(page);
  const role = stored.currentRole;
  if (!stored.token || !role) throw new Error('Sign-up did not store a session');
  return { ...account, storeName, storeId: role.storeId, userId: Number(stored.userId), token: stored.token };
}

/** Signs a new store owner up through the REST door (no browser needed). */
export async function signUpOwnerViaApi(opts: Partial<Account> & { storeName?: string } = {}): Promise<OwnerAccount & { login: LoginResponse }> {
  const account = accountFor('owner', opts);
  const storeName = opts.storeName ?? `Store ${uniqueName('')}`;
  const login = await apiPost<LoginResponse>('/signup', { ...account, storeName });
  const role = login.roles[0];
  if (!role) throw new Error('Sign-up returned no role');
  return { ...account, storeName, storeId: role.storeId, userId: login.userId, token: login.token, login };
}

/** POST /api/v1<path> as the store's owner. */
export function asOwnerOf(owner: Pick<OwnerAccount, 'token' | 'storeId'>) {
  return <T = unknown>(path: string, body: Record<string, unknown> = {}) => apiPost<T>(path, { tokenString: owner.token, storeId: owner.storeId, role: 'STORE_OWNER', ...body });
}

/** Changes some of the store's settings through the REST door, keeping the rest as they are. */
export async function updateStoreSettings(owner: Pick<OwnerAccount, 'token' | 'storeId'>, changes: Record<string, unknown>): Promise<void> {
  const asOwner = asOwnerOf(owner);
  const settings = await asOwner<Record<string, unknown>>('/store/fetch-settings');
  await asOwner('/store/update-settings', { ...settings, tokenString: owner.token, storeId: owner.storeId, role: 'STORE_OWNER', ...changes });
}

/** Logs in through the login screen and waits to leave it. */
export async function loginAs(page: Page, usernameOrEmail: string, password: string): Promise<void> {
  if (!page.url().startsWith(baseURL()) || new URL(page.url()).pathname !== '/') await page.goto(`${baseURL()}/`);
  await page.locator('input[name="usernameOrEmail"]').fill(usernameOrEmail);
  await page.locator('input[name="password"]').fill(password);
  await page.getByRole('button', { name: 'Login', exact: true }).click();
  await page.waitForURL((u) => u.pathname !== '/');
}

/**
 * The quick way in: logs in through the REST door, stores the session the way the login
 * screen does (first role current, unless `role` names another) and opens `path`.
 */
export async function openAs(page: Page, account: Pick<Account, 'username' | 'password'>, path = '/dashboard', role?: { storeId?: number; role: string }): Promise<LoginResponse> {
  const login = await apiPost<LoginResponse>('/login', { usernameOrEmail: account.username, password: account.password });
  const current = role ? login.roles.find((r) => r.role === role.role && (role.storeId === undefined || r.storeId === role.storeId)) : login.roles[0];
  if (!current) throw new Error(`${account.username} does not hold ${role?.role ?? 'any role'}`);
  // A small file of the app's origin gives access to its localStorage without starting
  // the app first (a whole page load of its own, a third of this helper's time).
  await page.goto(`${baseURL()}/favicon.svg`);
  await page.evaluate(() => (globalThis as unknown as { localStorage: { clear(): void } }).localStorage.clear());
  await page.evaluate(
    ([l, c]) => {
      // Runs in the page (the e2e programs have no DOM typings).
      const localStorage = (globalThis as unknown as { localStorage: BrowserStorage }).localStorage;
      localStorage.setItem('token', l.token);
      localStorage.setItem('userId', String(l.userId));
      localStorage.setItem('username', l.username);
      localStorage.setItem('email', l.email);
      localStorage.setItem('availableRoles', JSON.stringify(l.roles));
      localStorage.setItem('currentRole', JSON.stringify(c));
    },
    [login, current] as const,
  );
  await page.goto(`${baseURL()}${path}`);
  return login;
}

/** Creates a user holding `role` in the owner's store (POST /api/v1/store/staff/add). */
export async function createStaffViaApi(
  url: string,
  ownerToken: string,
  opts: { role: StoreRole; storeId: number; callerRole?: StoreRole } & Partial<Account>,
): Promise<Account & { userId: number }> {
  const account = accountFor(opts.role.toLowerCase().replace('store_', ''), opts);
  const answer = await apiPost<{ member: { userId: number } }>(
    '/store/staff/add',
    { tokenString: ownerToken, storeId: opts.storeId, role: opts.callerRole ?? 'STORE_OWNER', ...account, staffRole: opts.role },
    url,
  );
  return { ...account, userId: answer.member.userId };
}

/** Gives an existing user another role in the owner's store (POST /api/v1/store/staff/assign). */
export async function assignRoleViaApi(
  url: string,
  ownerToken: string,
  opts: { storeId: number; usernameOrEmail: string; role: StoreRole; callerRole?: StoreRole },
): Promise<void> {
  await apiPost(
    '/store/staff/assign',
    { tokenString: ownerToken, storeId: opts.storeId, role: opts.callerRole ?? 'STORE_OWNER', usernameOrEmail: opts.usernameOrEmail, staffRole: opts.role },
    url,
  );
}

/** The part of the page's localStorage these helpers use. */
interface BrowserStorage {
  getItem(key: string): string | null;
  setItem(key: string, value: string): void;
}

export interface StoredSession {
  token: string | null;
  userId: string | null;
  username: string | null;
  email: string | null;
  availableRoles: RoleAssignment[] | null;
  currentRole: RoleAssignment | null;
}

/** The session the app keeps in the page's localStorage. */
export async function readSession(page: Page): Promise<StoredSession> {
  return page.evaluate(() => {
    const localStorage = (globalThis as unknown as { localStorage: BrowserStorage }).localStorage;
    const json = (key: string) => {
      const v = localStorage.getItem(key);
      return v === null ? null : JSON.parse(v);
    };
    return {
      token: localStorage.getItem('token'),
      userId: localStorage.getItem('userId'),
      username: localStorage.getItem('username'),
      email: localStorage.getItem('email'),
      availableRoles: json('availableRoles'),
      currentRole: json('currentRole'),
    };
  });
}

/**
 * Whether this run writes screenshots (`E2E_SCREENSHOTS=1`): for a person looking at the
 * screens they changed. Off in `npm test`, where nobody looks at them and capturing them
 * was a sixth of the specs' time (docs/PERFORMANCE.md, "The test command"); a spec walks
 * the same steps either way.
 */
export const SCREENSHOTS = process.env.E2E_SCREENSHOTS === '1';

/**
 * Toasts are dismissed (so the steps after it never depend on whether shots are taken),
 * then, when SCREENSHOTS is on, writes screenshots/<name>.png (gitignored). The window
 * grows to the page's height for the shot (a full-page capture would cut the fixed
 * drawer at the first screen).
 */
export async function screenshot(page: Page, name: string): Promise<void> {
  await dismissToasts(page).catch(() => undefined);
  if (!SCREENSHOTS) return;
  await mkdir(SCREENSHOT_DIR, { recursive: true });
  const viewport = page.viewportSize() ?? { width: 1280, height: 800 };
  const height = await page.evaluate(() => (globalThis as unknown as { document: { documentElement: { scrollHeight: number } } }).document.documentElement.scrollHeight);
  if (height > viewport.height) {
    await page.setViewportSize({ width: viewport.width, height });
    // Let the fixed drawer take the new height before the shot.
    await page.waitForTimeout(250);
  }
  try {
    await page.screenshot({ path: `${SCREENSHOT_DIR}${name}.png` });
  } finally {
    if (height > viewport.height) await page.setViewportSize(viewport);
  }
}

/**
 * Closes every toast and waits until none is left. Always the first one's button, one at a
 * time: a closed toast leaves at once (no exit transition under reduced motion), so a list
 * of buttons taken beforehand points past its end, and each click on a gone button waited
 * out the whole timeout.
 */
export async function dismissToasts(page: Page): Promise<void> {
  const closes = page.locator('.mantine-Notification-closeButton');
  for (let tries = 0; tries < 20 && (await closes.count()) > 0; tries++) await closes.first().click({ timeout: 2_000 }).catch(() => undefined);
  await page.locator('.mantine-Notification-root').first().waitFor({ state: 'detached' });
}

/** The window exactly as it is (toasts, tooltips, scroll) to screenshots/<name>.png, when SCREENSHOTS is on. */
export async function windowScreenshot(page: Page, name: string): Promise<void> {
  if (!SCREENSHOTS) return;
  await mkdir(SCREENSHOT_DIR, { recursive: true });
  await page.screenshot({ path: `${SCREENSHOT_DIR}${name}.png` });
}

/** The drawer's entries (their paths), parents opened first, in order. */
export async function drawerEntries(page: Page): Promise<string[]> {
  const nav = page.getByRole('navigation', { name: 'Main menu' });
  const parents = nav.locator('button[aria-expanded="false"]');
  while ((await parents.count()) > 0) await parents.first().click();
  return nav.locator('[data-menu-path]').evaluateAll((els) => els.filter((el) => el.checkVisibility()).map((el) => el.getAttribute('data-menu-path') ?? ''));
}
