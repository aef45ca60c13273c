/**
 * The shell and the till on a desktop, a tablet and a phone, in Chromium: the 240 px
 * drawer is permanent from 1024 px and folds behind the top bar's menu button below; the
 * order editor, the vendors list and the store settings never scroll the page sideways
 * at 1366, 768 or 390 px, the order lines stack into cards on the tablet and the phone
 * with every control of the till at least 40 px, and each is photographed for a person
 * to look at (screenshots/layout-<width>-<screen>.png).
 */
import { afterAll, beforeAll, describe, expect, test } from 'vitest';
import type { Page } from 'playwright-core';
import { launchBrowser, trackedPage, type Browser, type TrackedPage } from './support/browser';
import { baseURL, openAs, screenshot } from './support/app';
import { DESKTOP, PHONE, SEED, seedScreens, TABLET, type ScreenWorld, type Viewport } from './support/screens';

const WIDE: Viewport = { width: 1366, height: 768 };

/** How far the page scrolls sideways (0 when it fits its window). */
const sidewaysScroll = (page: Page) =>
  page.evaluate(() => {
    const w = globalThis as unknown as { document: { scrollingElement: { scrollWidth: number } }; innerWidth: number };
    return w.document.scrollingElement.scrollWidth - w.innerWidth;
  });

/** The box of the element `selector` finds, as the page lays it out. */
const box = async (page: Page, selector: string) => (await page.locator(selector).first().boundingBox()) ?? { x: NaN, y: NaN, width: NaN, height: NaN };

describe('the layout on a desktop, a tablet and a phone', () => {
  let browser: Browser;
  let tp: TrackedPage;
  let world: ScreenWorld;

  const editor = (page: Page) => page.locator('[data-testid="order-editor"]:visible');

  /** A new order with two lines and a third being typed (its unknown code warned about). */
  async function orderInProgress(page: Page) {
    await page.goto(`${baseURL()}/orders`);
    await page.getByRole('tab', { name: 'Order Lookup' }).click();
    await page.getByTestId('new-order-tab').click();
    const customer = editor(page).getByLabel('Customer Name');
    await customer.waitFor();
    await customer.fill('Alice Smith');
    await customer.press('Enter');
    for (const [qty, code, description, price] of [
      ['2', SEED.itemCode, 'Blue glass vase', '19.99'],
      ['1', 'ZZ999', 'Old brass lamp', '25'],
    ] as const) {
      await page.keyboard.type(qty);
      for (const text of [code, description, price]) {
        await page.keyboard.press('Tab');
        await page.keyboard.type(text);
      }
      for (let i = 0; i < 4; i++) await page.keyboard.press('Tab');
    }
    await page.keyboard.type('3');
    await editor(page).locator('[data-warning="unknown-code"]').waitFor();
    await editor(page).locator('[data-warning="no-control-code"]').waitFor();
  }

  /** Every control of the till (boxes, toggles, buttons, the tab strip) and its size. */
  const tillControls = (page: Page) =>
    page.locator('main').evaluate((main) => {
      const controls = [...main.querySelectorAll('[role="tab"], [data-testid="order-editor"] input, [data-testid="order-editor"] button')];
      return controls
        .map((el) => {
          const r = el.getBoundingClientRect();
          const name = el.getAttribute('aria-label') ?? el.getAttribute('name') ?? el.getAttribute('data-field') ?? el.textContent?.trim() ?? '';
          return { name, width: Math.round(r.width), height: Math.round(r.height) };
        })
        .filter((c) => c.width > 0 && c.height > 0);
    });

  beforeAll(async () => {
    browser = await launchBrowser();
    tp = await trackedPage(browser.context);
    world = await seedScreens();
    await openAs(tp.page, world.owner, '/dashboard');
  });

  afterAll(async () => {
    await tp.page.setViewportSize(DESKTOP);
    await browser?.close();
  });

  test('from 1024 px the drawer is permanent; narrower, it opens from the menu button and closes again', async () => {
    const { page } = tp;
    const drawer = page.getByRole('navigation', { name: 'Drawer' });
    const nav = page.getByRole('navigation', { name: 'Main menu' });
    const menuButton = page.getByRole('button', { name: 'Open menu' });

    await page.setViewportSize({ width: 1024, height: 768 });
    await page.goto(`${baseURL()}/dashboard`);
    await page.getByRole('heading', { name: 'Dashboard', level: 1 }).waitFor();
    await expect.poll(async () => box(page, 'nav')).toMatchObject({ x: 0, width: 240 });
    expect((await box(page, 'main')).x).toBe(0);
    expect(await page.locator('main h1').evaluate((h) => h.getBoundingClientRect().left)).toBeGreaterThanOrEqual(240);
    expect(await menuButton.isVisible()).toBe(false);

    await page.setViewportSize({ width: 1023, height: 768 });
    await menuButton.waitFor();
    // The drawer slides away: measure it once the slide has ended.
    await expect.poll(async () => { const folded = await box(page, 'nav'); return folded.x + folded.width; }).toBeLessThanOrEqual(0);
    // Folded away, its links are out of the Tab order too.
    expect(await drawer.evaluate((el) => el.hasAttribute('inert'))).toBe(true);
    await expect.poll(() => page.locator('main h1').evaluate((h) => h.getBoundingClientRect().left)).toBeLessThan(40);

    // Opened with the keyboard: focus on its first entry; Escape closes it and returns to the button.
    await menuButton.focus();
    await page.keyboard.press('Enter');
    await page.getByRole('button', { name: 'Close menu' }).waitFor();
    await expect.poll(async () => (await box(page, 'nav')).x).toBe(0);
    expect(await drawer.evaluate((el) => el.contains((el.ownerDocument as unknown as { activeElement: unknown }).activeElement as never))).toBe(true);
    await screenshot(page, 'layout-1023-menu-open');
    await page.keyboard.press('Escape');
    await menuButton.waitFor();
    expect(await menuButton.evaluate((el) => el === (el.ownerDocument as unknown as { activeElement: unknown }).activeElement)).toBe(true);

    // A choice in it opens that page and folds it away.
    await menuButton.click();
    await nav.getByRole('link', { name: 'Vendors', exact: true }).click();
    await page.waitForURL((u) => u.pathname === '/store/vendors');
    await page.getByRole('heading', { name: 'Vendors', level: 1 }).waitFor();
    await menuButton.waitFor();
    expect(await drawer.evaluate((el) => el.hasAttribute('inert'))).toBe(true);
    tp.expectClean();
  });

  for (const viewport of [WIDE, TABLET, PHONE]) {
    const width = viewport.width;
    test(`at ${width} px: the order editor, vendors and settings fit the window${width < 1024 ? '; the till has 40 px controls and lines as cards' : ''}`, async () => {
      const { page } = tp;
      await page.setViewportSize(viewport);

      await orderInProgress(page);
      expect(await sidewaysScroll(page)).toBe(0);
      const line = editor(page).locator('tr[data-line-key]').first();
      const qty = (await line.locator('[data-field="quantity"]').boundingBox())!;
      const number = (await line.locator('td').first().boundingBox())!;
      if (width >= 1024) {
        // One row per line on a desktop: the line number beside its boxes, under the column names.
        expect(Math.abs(qty.y - number.y)).toBeLessThan(12);
        await page.getByRole('columnheader', { name: 'Item Code' }).waitFor();
      } else {
        // A card per line: "Line 1" on top, the boxes below it, each under its name.
        expect(qty.y).toBeGreaterThan(number.y + 20);
        expect(await line.locator('td').first().evaluate((td) => td.textContent)).toBe('1');
        const qtyName = await line.locator('[data-label="Qty"]').evaluate((td) => (globalThis as unknown as { getComputedStyle(el: unknown, pseudo: string): { content: string } }).getComputedStyle(td, '::before').content);
        expect(qtyName).toContain('Qty');
        const small = (await tillControls(page)).filter((c) => c.height < 40 || c.width < 40);
        expect(small).toEqual([]);
      }
      await screenshot(page, `layout-${width}-order-editor`);

      await page.goto(`${baseURL()}/store/vendors`);
      await page.locator('tr[data-vendor-id]').first().waitFor();
      expect(await sidewaysScroll(page)).toBe(0);
      await screenshot(page, `layout-${width}-vendors`);

      await page.goto(`${baseURL()}/store/settings`);
      await page.locator(`tr[data-payment-method="${SEED.paymentMethod}"]`).waitFor();
      expect(await sidewaysScroll(page)).toBe(0);
      await screenshot(page, `layout-${width}-settings`);
      tp.expectClean();
    });
  }
});
