/**
 * Focus and names for keyboard and screen-reader users, in Chromium: the login page's
 * controls (the password's show/hide toggle among them) reached with Tab and drawn with a
 * 2 px ring; the skip link past the drawer; focus on the new page's heading after a
 * navigation; the browser tab titled by page and store; one h1, one banner, one main.
 */
import { afterAll, beforeAll, describe, expect, test } from 'vitest';
import type { Page } from 'playwright-core';
import { launchBrowser, trackedPage, type Browser, type TrackedPage } from './support/browser';
import { baseURL, openAs, signUpOwnerViaApi, type OwnerAccount } from './support/app';

interface Focused {
  tag: string;
  name: string;
  outline: string;
  inView: boolean;
}

/** The focused element: its name as the page states it, its outline, and whether it is on screen. */
async function focused(page: Page): Promise<Focused> {
  return page.evaluate(() => {
    const w = globalThis as unknown as {
      document: { activeElement: unknown };
      getComputedStyle(el: unknown): { outlineWidth: string; outlineStyle: string };
      innerWidth: number;
      innerHeight: number;
    };
    const el = w.document.activeElement as { tagName: string; textContent: string | null; getAttribute(n: string): string | null; getBoundingClientRect(): { top: number; left: number; bottom: number; right: number } };
    // A box Mantine wraps (the password's, with its toggle) draws the ring on the wrapper.
    const ringed = (el as unknown as { closest(s: string): unknown }).closest('.mantine-Input-input') ?? el;
    const style = w.getComputedStyle(ringed);
    const r = el.getBoundingClientRect();
    return {
      tag: el.tagName.toLowerCase(),
      name: el.getAttribute('aria-label') ?? el.getAttribute('name') ?? (el.textContent ?? '').trim(),
      outline: `${style.outlineWidth} ${style.outlineStyle}`,
      inView: r.bottom > 0 && r.right > 0 && r.top < w.innerHeight && r.left < w.innerWidth,
    };
  });
}

async function focusSoon(page: Page, want: Partial<Focused>): Promise<Focused> {
  let last: Focused | undefined;
  for (let i = 0; i < 60; i++) {
    last = await focused(page);
    if (Object.entries(want).every(([k, v]) => last![k as keyof Focused] === v)) return last;
    await new Promise((r) => setTimeout(r, 50));
  }
  throw new Error(`expected focus on ${JSON.stringify(want)}, found ${JSON.stringify(last)}`);
}

const title = (page: Page) => page.evaluate(() => (globalThis as unknown as { document: { title: string } }).document.title);

/**
 * Presses Tab until the stop named `last` (at most 80 times) and, at each stop, reads the
 * focused control's ring: on the control itself, on the box Mantine wraps around an
 * input, or on a switch's track.
 */
async function ringsAlongTab(page: Page, last: string): Promise<{ name: string; ring: string }[]> {
  const stops: { name: string; ring: string }[] = [];
  while (stops.length < 80 && stops[stops.length - 1]?.name !== last) {
    await page.keyboard.press('Tab');
    stops.push(
      await page.evaluate(() => {
        type El = { tagName: string; textContent: string | null; getAttribute(n: string): string | null; closest(s: string): El | null; parentElement: { querySelector(s: string): El | null } | null };
        const w = globalThis as unknown as { document: { activeElement: El }; getComputedStyle(el: El): { outlineWidth: string; outlineStyle: string } };
        const el = w.document.activeElement;
        const ring = (e: El | null | undefined) => (e ? `${w.getComputedStyle(e).outlineWidth} ${w.getComputedStyle(e).outlineStyle}` : '');
        const holders = [el, el.closest('.mantine-Input-input'), el.parentElement?.querySelector('.mantine-Switch-track')];
        const drawn = holders.map(ring).find((r) => r === '2px solid');
        return { name: `${el.tagName.toLowerCase()} ${el.getAttribute('aria-label') ?? el.getAttribute('name') ?? (el.textContent ?? '').trim().slice(0, 30)}`, ring: drawn ?? ring(el) };
      }),
    );
  }
  return stops;
}

describe('focus, names and landmarks', () => {
  let browser: Browser;
  let tp: TrackedPage;
  let owner: OwnerAccount;

  beforeAll(async () => {
    browser = await launchBrowser();
    tp = await trackedPage(browser.context);
    owner = await signUpOwnerViaApi({ storeName: 'Harbor Lane Consignment' });
  });

  afterAll(async () => {
    await browser?.close();
  });

  test('the login page: a main landmark, a title, and every control reached with Tab, shown with a 2 px ring', async () => {
    const { page } = tp;
    await page.goto(`${baseURL()}/`);
    await page.getByRole('heading', { name: 'Login' }).waitFor();
    expect(await title(page)).toBe('Login · Consignment POS');
    expect(await page.getByRole('main').count()).toBe(1);
    expect(await page.getByRole('heading', { level: 1 }).count()).toBe(1);

    const stops: Focused[] = [];
    for (let i = 0; i < 5; i++) {
      await page.keyboard.press('Tab');
      stops.push(await focused(page));
    }
    expect(stops.map((s) => s.name)).toEqual(['usernameOrEmail', 'password', 'Toggle password visibility', 'Login', 'Need an account? Sign up']);
    for (const stop of stops) expect(stop.outline, stop.name).toBe('2px solid');

    // The toggle shows the password and hides it again, from the keyboard.
    await page.locator('input[name="password"]').fill('secret-words');
    await page.locator('input[name="password"]').focus();
    await page.keyboard.press('Tab');
    await focusSoon(page, { name: 'Toggle password visibility' });
    await page.keyboard.press('Space');
    expect(await page.locator('input[name="password"]').getAttribute('type')).toBe('text');
    await page.keyboard.press('Space');
    expect(await page.locator('input[name="password"]').getAttribute('type')).toBe('password');
    tp.expectClean();
  });

  test('signed in: one banner, one main, one h1; the skip link leads past the drawer to the heading', async () => {
    const { page } = tp;
    await openAs(page, owner, '/roadmap');
    await page.getByRole('heading', { name: 'Development Roadmap', level: 1 }).waitFor();
    expect(await title(page)).toBe('Roadmap · Harbor Lane Consignment');
    expect(await page.getByRole('banner').count()).toBe(1);
    expect(await page.getByRole('main').count()).toBe(1);
    expect(await page.getByRole('navigation', { name: 'Main menu' }).count()).toBe(1);
    expect(await page.getByRole('heading', { level: 1 }).count()).toBe(1);
    // The top bar names the page as text, not as a second heading.
    expect(await page.getByRole('banner').getByRole('heading').count()).toBe(0);

    const skip = await (async () => {
      await page.keyboard.press('Tab');
      return focused(page);
    })();
    expect(skip).toMatchObject({ tag: 'a', name: 'Skip to main content', inView: true, outline: '2px solid' });
    await page.keyboard.press('Enter');
    await focusSoon(page, { tag: 'h1', name: 'Development Roadmap' });
    // Tab goes on from the page's content, not back through the drawer.
    await page.keyboard.press('Tab');
    const inMain = await page.evaluate(() => {
      const active = (globalThis as unknown as { document: { activeElement: { closest(s: string): unknown } | null } }).document.activeElement;
      return active?.closest('main') != null;
    });
    expect(inMain).toBe(true);
    tp.expectClean();
  });

  test('after a navigation focus is on the new page heading, and the tab names the page and the store', async () => {
    const { page } = tp;
    await openAs(page, owner, '/dashboard');
    await page.getByRole('heading', { name: 'Dashboard', level: 1 }).waitFor();
    const nav = page.getByRole('navigation', { name: 'Main menu' });
    for (const [link, heading, tabTitle] of [
      ['Orders', 'Order Lookup', 'Orders'],
      ['Vendors', 'Vendors', 'Vendors'],
      ['Settings', 'Store Settings', 'Settings'],
      ['Roadmap', 'Development Roadmap', 'Roadmap'],
    ] as const) {
      await nav.getByRole('link', { name: link, exact: true }).focus();
      await page.keyboard.press('Enter');
      const at = await focusSoon(page, { tag: 'h1', name: heading });
      expect(at.inView).toBe(true);
      expect(await title(page)).toBe(`${tabTitle} · Harbor Lane Consignment`);
    }
    // A page swapped in place (the vendor list for its form) also hands focus to its heading.
    await page.goto(`${baseURL()}/store/vendors`);
    await page.getByRole('heading', { name: 'Vendors', level: 1 }).waitFor();
    await page.getByRole('button', { name: 'Add Vendor' }).focus();
    await page.keyboard.press('Enter');
    await focusSoon(page, { tag: 'h1', name: 'Add New Vendor' });
    tp.expectClean();
  });

  test('every Tab stop shows a 2 px ring: the drawer, the settings form and the order editor', async () => {
    const { page } = tp;
    await openAs(page, owner, '/store/settings');
    await page.getByLabel('Order Prefix').waitFor();
    const settingsStops = await ringsAlongTab(page, 'button Save Settings');
    expect(settingsStops.filter((s) => s.ring !== '2px solid')).toEqual([]);
    expect(settingsStops.map((s) => s.name)).toEqual(expect.arrayContaining(['a Skip to main content', 'a Orders', 'button Logout', 'input orderPrefix', 'input tax1Enabled', 'button Save Settings']));

    await page.goto(`${baseURL()}/orders`);
    await page.getByRole('heading', { name: 'Order Lookup', level: 1 }).waitFor();
    await page.keyboard.press('Alt+KeyN');
    await page.getByLabel('Customer Name').waitFor();
    await page.getByLabel('Customer Name').focus();
    const editorStops = await ringsAlongTab(page, 'input Discount, line 1');
    expect(editorStops.filter((s) => s.ring !== '2px solid')).toEqual([]);
    expect(editorStops.map((s) => s.name)).toEqual(['input Qty, line 1', 'input Item Code, line 1', 'input Description, line 1', 'input Price, line 1', 'input Discount, line 1']);
    tp.expectClean();
  });
});
