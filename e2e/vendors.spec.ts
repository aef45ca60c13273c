/**
 * The Vendors screen in Chromium: a store owner adds a vendor (the form stays open on it
 * with the item-code section), adds two codes, meets a duplicate tag, edits a code and
 * sees the submit held while codes are edited, saves the vendor, deletes a code, goes
 * back to the list, deletes a vendor through the delete dialog (which refuses a vendor
 * whose balance is not zero), sorts, pages through 25 vendors with every page size, and
 * sees the warning of a vendor without a contact. The editor has its own URL (the back
 * button and the drawer's Vendors link leave it), the list is searched by name, contact,
 * e-mail or code, a vendor's booth, mailing address and tax ID are saved, and codes are
 * chained (the cursor is back in Tag after a save). A cashier (STORE_STAFF) reaches the
 * screen too, with the money settings locked and no Delete.
 */
import { afterAll, beforeAll, describe, expect, test } from 'vitest';
import type { Page } from 'playwright-core';
import { launchBrowser, trackedPage, type Browser, type TrackedPage } from './support/browser';
import { apiPost, baseURL, createStaffViaApi, dismissToasts, openAs, screenshot, signUpOwnerViaApi, windowScreenshot, type OwnerAccount } from './support/app';

const STORE_DEFAULT_COMMISSION = { type: 'Percent', value: '12500000' }; // 12.5%

interface ListedVendor {
  id: number;
  tradeName: string;
  primaryContact: { name: string; email: string; primaryPhone: string; secondaryPhone: string } | null;
}

describe('vendors and their item codes', () => {
  let browser: Browser;
  let tp: TrackedPage;
  let owner: OwnerAccount;

  const asOwner = () => ({ tokenString: owner.token, storeId: owner.storeId, role: 'STORE_OWNER' });
  const addVendorViaApi = (tradeName: string, contactName: string, n: number) =>
    apiPost<{ vendor: ListedVendor }>('/vendor/add', {
      ...asOwner(),
      tradeName,
      contactName,
      contactEmail: `${contactName.toLowerCase().replace(/\s+/g, '.')}@example.com`,
      primaryPhone: `555-${String(1000 + n)}`,
      secondaryPhone: '',
      deductMonthlyRent: false,
    });
  const listViaApi = (sort: string, isAscending: boolean, pageSize = 100) =>
    apiPost<{ vendors: ListedVendor[]; totalVendors: number }>('/vendor/list', { ...asOwner(), page: 1, pageSize, sort, isAscending });

  const table = (page: Page) => page.getByRole('table', { name: 'Vendors' });
  const tradeNames = (page: Page) => table(page).locator('tbody tr[data-vendor-id] td:first-child').allTextContents();
  const formBar = (page: Page) => page.getByTestId('vendor-form-bar');
  const codeRow = (page: Page, tag: string) => page.locator(`[data-item-code="${tag}"]`);
  const chips = (page: Page, tag: string) =>
    codeRow(page, tag)
      .locator('[data-chip]')
      .evaluateAll((els) => els.map((el) => ({ chip: el.getAttribute('data-chip'), on: el.getAttribute('data-on'), text: el.textContent })));

  beforeAll(async () => {
    browser = await launchBrowser();
    tp = await trackedPage(browser.context);
    owner = await signUpOwnerViaApi();
    // A new code starts at the store's default vendor commission: make it recognisable.
    const settings = await apiPost<Record<string, unknown>>('/store/fetch-settings', asOwner());
    await apiPost('/store/update-settings', { ...settings, ...asOwner(), defaultVendorCommissionPercent: STORE_DEFAULT_COMMISSION });
  });

  afterAll(async () => {
    await browser?.close();
  });

  test('an empty store shows the table headings, no pages, and Add Vendor', async () => {
    const { page } = tp;
    await openAs(page, owner, '/store/vendors');
    await page.getByRole('heading', { name: 'Vendors', level: 1 }).waitFor();
    await page.getByText('No vendors yet.').waitFor();
    const headers = await table(page).locator('thead th').allTextContents();
    expect(headers).toEqual(['Trade Name', 'Contact Name', 'Email', 'Phone', 'Balance', 'Actions']);
    expect(await page.getByRole('navigation', { name: 'Vendor pages' }).count()).toBe(0);
    await page.getByRole('button', { name: 'Add Vendor' }).waitFor();
    tp.expectClean();
  });

  test('adding a vendor checks the fields, then keeps the form open on the new vendor', async () => {
    const { page } = tp;
    await page.getByRole('button', { name: 'Add Vendor' }).click();
    await page.getByRole('heading', { name: 'Add New Vendor' }).waitFor();
    await page.getByRole('region', { name: 'Vendor Information' }).waitFor();
    await page.getByRole('region', { name: 'Primary Contact' }).waitFor();
    for (const label of ['Trade Name', 'Name', 'Email', 'Primary Phone', 'Secondary Phone (Optional)', 'Deduct Monthly Rent']) {
      // A required field's label ends in Mantine's asterisk.
      await page.getByLabel(new RegExp(`^${label.replace(/[()]/g, '\\$&')}( \\*)?$`)).waitFor();
    }
    await page.getByText('Item codes can be added after the vendor is created.').waitFor();
    expect(await page.getByRole('region', { name: 'Item Codes' }).count()).toBe(0);
    await formBar(page).getByRole('button', { name: 'Cancel' }).waitFor();
    const submit = formBar(page).getByRole('button', { name: 'Add Vendor' });

    // Quick checks, before any call.
    await submit.click();
    for (const message of ['Trade Name is required', 'Contact Name is required', 'Email is required', 'Primary Phone is required']) {
      await page.getByText(message).waitFor();
    }
    await page.locator('input[name="tradeName"]').fill('Acme Antiques');
    await page.locator('input[name="contactName"]').fill('Ann Smith');
    await page.locator('input[name="contactEmail"]').fill('ann-at-example');
    await page.locator('input[name="primaryPhone"]').fill('555-0100');
    await page.getByLabel('Deduct Monthly Rent').check();
    await submit.click();
    await page.getByText('Email must be a valid e-mail address').waitFor();
    await screenshot(page, 'vendors-add-form-errors');
    await page.locator('input[name="contactEmail"]').fill('ann@example.com');
    await screenshot(page, 'vendors-add-form');

    expect(new URL(page.url()).pathname).toBe('/store/vendors/new');
    await submit.click();
    await page.getByText('Vendor added successfully').waitFor();
    await page.getByRole('heading', { name: 'Edit Vendor' }).waitFor();
    await page.getByRole('region', { name: 'Item Codes' }).waitFor();
    await page.getByText('No item codes yet.').waitFor();
    expect(await page.getByText('Item codes can be added after the vendor is created.').count()).toBe(0);
    await formBar(page).getByRole('button', { name: 'Save Changes' }).waitFor();
    expect(await page.locator('input[name="tradeName"]').inputValue()).toBe('Acme Antiques');
    expect(await page.getByLabel('Deduct Monthly Rent').isChecked()).toBe(true);

    const listed = await listViaApi('tradeName', true);
    expect(listed.vendors.map((v) => v.tradeName)).toEqual(['Acme Antiques']);
    // The editor moved to the new vendor's own address.
    await expect.poll(() => new URL(page.url()).pathname).toBe(`/store/vendors/${listed.vendors[0]!.id}`);
    expect(listed.vendors[0]?.primaryContact).toMatchObject({ name: 'Ann Smith', email: 'ann@example.com', primaryPhone: '555-0100', secondaryPhone: '' });
    tp.expectClean();
  });

  test('two codes are added; the first takes the store default commission', async () => {
    const { page } = tp;
    const codes = page.getByRole('region', { name: 'Item Codes' });
    await codes.getByRole('button', { name: 'Add Code' }).click();
    const form = page.getByRole('form', { name: 'New Code' });
    await form.waitFor();
    expect(await form.locator('input[name="defaultCommissionPercent"]').inputValue()).toBe('12.5');
    expect(await form.getByRole('combobox', { name: 'Monthly Rent Deduction' }).inputValue()).toBe('Use Vendor Default');

    // Tag rules from the domain, before any call.
    await form.getByRole('button', { name: 'Add Code' }).click();
    await form.getByText('Tag is required').waitFor();
    await form.locator('input[name="tag"]').fill('AB-1');
    await form.getByText('Tag must contain only letters and numbers').waitFor();
    await form.locator('input[name="tag"]').fill('AB12');
    await form.getByLabel('Warn on No Control Code').check();
    await form.getByRole('button', { name: 'Add Code' }).click();
    await codeRow(page, 'AB12').waitFor();
    // The form stays open, empty, with the cursor in Tag: the next code is typed at once.
    await expect.poll(() => form.locator('input[name="tag"]').inputValue()).toBe('');
    expect(await form.locator('input[name="tag"]').evaluate((el) => el === (el.ownerDocument as unknown as { activeElement: unknown }).activeElement)).toBe(true);
    expect(await form.getByLabel('Warn on No Control Code').isChecked()).toBe(false);
    expect(await chips(page, 'AB12')).toEqual([
      { chip: 'Warn on No Control', on: 'true', text: 'Warn on No Control' },
      { chip: 'commission', on: null, text: '12.5% commission' },
      { chip: 'Separate Statement', on: 'false', text: 'Separate Statement' },
      { chip: 'Proportional CC Fee', on: 'false', text: 'Proportional CC Fee' },
    ]);

    await page.keyboard.type('CD34');
    const percent = form.locator('input[name="defaultCommissionPercent"]');
    await percent.fill('20');
    await percent.blur();
    await form.getByLabel('Receives Separate Statement').check();
    await form.getByLabel('Proportional CC Fee').check();
    await form.getByRole('combobox', { name: 'Monthly Rent Deduction' }).click();
    await page.getByRole('option', { name: 'Do Not Deduct' }).click();
    await form.getByRole('button', { name: 'Add Code' }).click();
    await codeRow(page, 'CD34').waitFor();
    await screenshot(page, 'vendors-codes-chained');
    await form.getByRole('button', { name: 'Cancel' }).click();
    await form.waitFor({ state: 'detached' });
    // The flags read as checkboxes, ticked or not, with their names.
    const flag = codeRow(page, 'CD34').getByRole('checkbox', { name: 'Separate Statement' });
    expect(await flag.getAttribute('aria-checked')).toBe('true');
    expect(await codeRow(page, 'CD34').getByRole('checkbox', { name: 'Warn on No Control' }).getAttribute('aria-checked')).toBe('false');
    expect(await chips(page, 'CD34')).toEqual([
      { chip: 'Warn on No Control', on: 'false', text: 'Warn on No Control' },
      { chip: 'commission', on: null, text: '20% commission' },
      { chip: 'Separate Statement', on: 'true', text: 'Separate Statement' },
      { chip: 'Proportional CC Fee', on: 'true', text: 'Proportional CC Fee' },
    ]);
    expect(await codes.locator('[data-item-code]').evaluateAll((els) => els.map((el) => el.getAttribute('data-item-code')))).toEqual(['AB12', 'CD34']);
    tp.expectClean();
  });

  test('a tag already used in the store (in any case) is refused under the tag', async () => {
    const { page } = tp;
    await page.getByRole('region', { name: 'Item Codes' }).getByRole('button', { name: 'Add Code' }).click();
    const form = page.getByRole('form', { name: 'New Code' });
    await form.locator('input[name="tag"]').fill('ab12');
    await form.getByRole('button', { name: 'Add Code' }).click();
    const message = form.getByText('Tag "ab12" is already used in this store');
    await message.waitFor();
    // Under the tag: Mantine ties the error to the input.
    const describedBy = (await form.locator('input[name="tag"]').getAttribute('aria-describedby')) ?? '';
    expect(describedBy).toContain(await message.getAttribute('id'));
    expect(await form.locator('input[name="tag"]').inputValue()).toBe('ab12');
    await screenshot(page, 'vendors-duplicate-tag');
    await form.getByRole('button', { name: 'Cancel' }).click();
    await form.waitFor({ state: 'detached' });
    tp.expectClean([/status of 409/]);
  });

  test('while a code is edited the vendor cannot be saved, and the page scrolls to the codes', async () => {
    const { page } = tp;
    // Record scrollIntoView calls (and still scroll).
    await page.evaluate(() => {
      const g = globalThis as unknown as { scrollCalls: unknown[]; Element: { prototype: { scrollIntoView: (options?: unknown) => void } } };
      g.scrollCalls = [];
      const proto = g.Element.prototype;
      const original = proto.scrollIntoView;
      proto.scrollIntoView = function (this: unknown, options?: unknown) {
        g.scrollCalls.push(options);
        original.call(this, options);
      };
    });
    await page.evaluate(() => (globalThis as unknown as { scrollTo: (x: number, y: number) => void }).scrollTo(0, 0));
    await page.getByRole('button', { name: 'Edit code CD34' }).click();
    const form = page.getByRole('form', { name: 'Edit Code CD34' });
    await form.waitFor();
    expect(await page.evaluate(() => (globalThis as unknown as { scrollCalls: unknown[] }).scrollCalls)).toContainEqual({ behavior: 'smooth' });
    // The page moved down to the codes, as far as it can: the code's form is in view.
    await expect.poll(() => page.evaluate(() => (globalThis as unknown as { scrollY: number }).scrollY), { timeout: 3000 }).toBeGreaterThan(100);
    // Once the smooth scroll ends, the whole form is in the window.
    await expect
      .poll(async () => {
        const box = await form.boundingBox();
        return box !== null && box.y >= 0 && box.y + box.height <= 800;
      })
      .toBe(true);

    expect(await form.locator('input[name="tag"]').inputValue()).toBe('CD34');
    expect(await form.locator('input[name="defaultCommissionPercent"]').inputValue()).toBe('20');
    expect(await form.getByLabel('Receives Separate Statement').isChecked()).toBe(true);
    expect(await form.getByRole('combobox', { name: 'Monthly Rent Deduction' }).inputValue()).toBe('Do Not Deduct');

    const submit = formBar(page).getByRole('button', { name: 'Finish Editing Codes to Save Changes' });
    await submit.waitFor();
    expect(await submit.getAttribute('aria-disabled')).toBe('true');
    expect(await submit.isDisabled()).toBe(true);
    // Toasts away first: the screenshot must not move the mouse off the button.
    await dismissToasts(page);
    await submit.hover();
    await page.getByRole('tooltip', { name: 'Please finish editing codes before saving vendor changes' }).waitFor();
    // Other codes are locked and Add Code is away while one code is open.
    expect(await page.getByRole('button', { name: 'Edit code AB12' }).isDisabled()).toBe(true);
    expect(await page.getByRole('region', { name: 'Item Codes' }).getByRole('button', { name: 'Add Code' }).count()).toBe(0);
    // The window as the user sees it (scrolled to the codes, tooltip open).
    await windowScreenshot(page, 'vendors-code-editing');

    // A click on the held submit sends nothing.
    let vendorSaves = 0;
    const countSaves = (r: { url(): string }) => {
      if (r.url().includes('vendor.edit')) vendorSaves += 1;
    };
    page.on('request', countSaves);
    await submit.click({ force: true });
    await page.waitForTimeout(300);
    page.off('request', countSaves);
    expect(vendorSaves).toBe(0);

    // Enter in the percent box commits what was typed.
    const percent = form.locator('input[name="defaultCommissionPercent"]');
    await percent.fill('25');
    await form.getByLabel('Receives Separate Statement').uncheck();
    await percent.press('Enter');
    await form.waitFor({ state: 'detached' });
    expect(await chips(page, 'CD34')).toEqual([
      { chip: 'Warn on No Control', on: 'false', text: 'Warn on No Control' },
      { chip: 'commission', on: null, text: '25% commission' },
      { chip: 'Separate Statement', on: 'false', text: 'Separate Statement' },
      { chip: 'Proportional CC Fee', on: 'true', text: 'Proportional CC Fee' },
    ]);
    const saved = formBar(page).getByRole('button', { name: 'Save Changes' });
    await saved.waitFor();
    expect(await saved.isDisabled()).toBe(false);
    tp.expectClean();
  });

  test('the vendor saves its changes and keeps its codes; a code is deleted after a confirmation', async () => {
    const { page } = tp;
    await page.locator('input[name="tradeName"]').fill('Acme Antiques and Curios');
    await page.locator('input[name="secondaryPhone"]').fill('555-0199');
    await page.getByRole('textbox', { name: 'Booth' }).fill('12A, 14');
    await page.getByRole('textbox', { name: 'Mailing Address' }).fill('1 Main St\nSpringfield, IL 62701');
    await page.getByRole('textbox', { name: 'Tax ID' }).fill('12-3456789');
    await formBar(page).getByRole('button', { name: 'Save Changes' }).click();
    await page.getByText('Vendor saved successfully').waitFor();
    const saved = (await listViaApi('tradeName', true)).vendors[0] as ListedVendor & { booth: string; mailingAddress: string; taxId: string };
    expect({ booth: saved.booth, mailingAddress: saved.mailingAddress, taxId: saved.taxId }).toEqual({ booth: '12A, 14', mailingAddress: '1 Main St\nSpringfield, IL 62701', taxId: '12-3456789' });
    // The statement prints the vendor's mailing address.
    await page.goto(`${baseURL()}/store/vendors/accounts/${saved.id}/statement`);
    expect(await page.getByTestId('statement-vendor-address').innerText()).toBe('1 Main St\nSpringfield, IL 62701');
    // Back to the editor, at its own URL, as saved.
    await page.goBack();
    await page.getByRole('heading', { name: 'Edit Vendor' }).waitFor();
    await expect.poll(() => page.getByRole('textbox', { name: 'Tax ID' }).inputValue()).toBe('12-3456789');
    await page.getByRole('heading', { name: 'Edit Vendor' }).waitFor();
    await screenshot(page, 'vendors-edit-form');
    await expect.poll(() => page.locator('[data-item-code]').count()).toBe(2);

    const messages: string[] = [];
    page.once('dialog', (dialog) => {
      messages.push(dialog.message());
      void dialog.accept();
    });
    await page.getByRole('button', { name: 'Delete code AB12' }).click();
    await codeRow(page, 'AB12').waitFor({ state: 'detached' });
    expect(messages).toEqual(['Are you sure you want to delete item code "AB12"?']);
    expect(await page.locator('[data-item-code]').count()).toBe(1);
    tp.expectClean();
  });

  test('Cancel goes back to the list, which shows the saved vendor', async () => {
    const { page } = tp;
    await formBar(page).getByRole('button', { name: 'Cancel' }).click();
    await page.getByRole('heading', { name: 'Vendors', level: 1 }).waitFor();
    const row = table(page).locator('tbody tr[data-vendor-id]');
    await expect.poll(() => row.first().locator('td').allTextContents()).toEqual(['Acme Antiques and Curios', 'Ann Smith', 'ann@example.com', '555-0100', '$0.00', '']);

    // Editing from the list opens the vendor with its codes.
    await page.getByRole('button', { name: 'Edit vendor Acme Antiques and Curios' }).click();
    await page.getByRole('heading', { name: 'Edit Vendor' }).waitFor();
    expect(await page.locator('input[name="secondaryPhone"]').inputValue()).toBe('555-0199');
    await codeRow(page, 'CD34').waitFor();
    await formBar(page).getByRole('button', { name: 'Cancel' }).click();
    await page.getByRole('heading', { name: 'Vendors', level: 1 }).waitFor();
    tp.expectClean();
  });

  test('deleting a vendor asks in a dialog; Cancel deletes nothing; a vendor with a balance cannot be deleted', async () => {
    const { page } = tp;
    await addVendorViaApi('Zeta Finds', 'Zoe Park', 1);
    await page.reload();
    await table(page).getByText('Zeta Finds', { exact: true }).waitFor();
    expect(await tradeNames(page)).toEqual(['Acme Antiques and Curios', 'Zeta Finds']);

    const dialog = page.getByRole('dialog', { name: 'Delete Vendor' });
    await page.getByRole('button', { name: 'Delete vendor Zeta Finds' }).click();
    await dialog.getByText('Are you sure you want to delete vendor "Zeta Finds"?').waitFor();
    await screenshot(page, 'vendors-delete-dialog');
    await dialog.getByRole('button', { name: 'Cancel' }).click();
    await dialog.waitFor({ state: 'hidden' });
    expect(await tradeNames(page)).toEqual(['Acme Antiques and Curios', 'Zeta Finds']);
    expect(await page.getByTestId('vendor-success').count()).toBe(0);
    expect((await listViaApi('tradeName', true)).totalVendors).toBe(2);

    // Zeta is owed $12.50: the dialog says why it cannot be deleted, and offers no Delete.
    const zeta = (await listViaApi('tradeName', true)).vendors.find((v) => v.tradeName === 'Zeta Finds')!;
    await apiPost('/vendor/adjust', { ...asOwner(), vendorId: zeta.id, amount: { type: 'Money', value: '12500000' }, memo: 'Opening balance' });
    await page.reload();
    await page.getByRole('button', { name: 'Delete vendor Zeta Finds' }).click();
    expect(await dialog.getByTestId('vendor-delete-problem').innerText()).toContain("This vendor's balance is $12.50; settle it before deleting the vendor");
    expect(await dialog.getByRole('button', { name: 'Delete' }).count()).toBe(0);
    await screenshot(page, 'vendors-delete-refused');
    await dialog.getByTestId('vendor-delete-confirmation').getByRole('button', { name: 'Close' }).click();
    await dialog.waitFor({ state: 'hidden' });

    // Settled, it is deleted (archived: it has account entries).
    await apiPost('/vendor/adjust', { ...asOwner(), vendorId: zeta.id, amount: { type: 'Money', value: '-12500000' }, memo: 'Paid in cash' });
    await page.reload();
    await page.getByRole('button', { name: 'Delete vendor Zeta Finds' }).click();
    await dialog.getByRole('button', { name: 'Delete' }).click();
    // A notification at the top centre, clear of the rows' actions on the right.
    const toast = page.locator('.mantine-Notification-root', { hasText: 'Vendor deleted successfully' });
    await toast.waitFor();
    const toastBox = (await toast.boundingBox())!;
    const actionsBox = (await page.getByRole('button', { name: 'Edit vendor Acme Antiques and Curios' }).boundingBox())!;
    expect(toastBox.x + toastBox.width).toBeLessThan(actionsBox.x);
    await expect.poll(() => tradeNames(page)).toEqual(['Acme Antiques and Curios']);
    await screenshot(page, 'vendors-deleted');
    expect((await listViaApi('tradeName', true)).totalVendors).toBe(1);
    tp.expectClean();
  });

  test('25 more vendors page by 20, 10 and 50; the page index is sent as page + 1', async () => {
    const { page } = tp;
    const contacts = ['Mia', 'Liam', 'Olivia', 'Noah', 'Emma'];
    for (let n = 1; n <= 25; n += 1) {
      await addVendorViaApi(`Vendor ${String(n).padStart(2, '0')}`, `${contacts[n % contacts.length]} ${String.fromCharCode(90 - n)}`, n + 1);
    }
    const all = (await listViaApi('tradeName', true)).vendors.map((v) => v.tradeName);
    expect(all).toHaveLength(26);
    await page.reload();
    await table(page).getByText(all[19]!, { exact: true }).waitFor();
    await expect.poll(() => tradeNames(page)).toEqual(all.slice(0, 20));
    const pages = page.getByRole('navigation', { name: 'Vendor pages' });
    await pages.waitFor();
    await screenshot(page, 'vendors-list');

    const nextList = () => page.waitForRequest((r) => r.url().includes('vendor.list'));
    let request = nextList();
    await pages.getByRole('button', { name: '2', exact: true }).click();
    expect(decodeURIComponent((await request).url())).toContain('"page":2');
    await expect.poll(() => tradeNames(page)).toEqual(all.slice(20));

    const pageSize = page.getByRole('combobox', { name: 'Rows per page' });
    request = nextList();
    await pageSize.click();
    await page.getByRole('option', { name: '10', exact: true }).click();
    expect(decodeURIComponent((await request).url())).toMatch(/"page":1,"pageSize":10/);
    await expect.poll(() => tradeNames(page)).toEqual(all.slice(0, 10));
    await pages.getByRole('button', { name: '3', exact: true }).click();
    await expect.poll(() => tradeNames(page)).toEqual(all.slice(20));

    await pageSize.click();
    await page.getByRole('option', { name: '50', exact: true }).click();
    await expect.poll(() => tradeNames(page)).toEqual(all);
    // Everything fits on one page: no page links, but the size can still be changed back.
    expect(await pages.count()).toBe(0);
    await pageSize.waitFor();
    await pageSize.click();
    await page.getByRole('option', { name: '20', exact: true }).click();
    await expect.poll(() => tradeNames(page)).toEqual(all.slice(0, 20));
    await pages.waitFor();
    tp.expectClean();
  });

  test('column headers sort on the server; a second click reverses', async () => {
    const { page } = tp;
    const header = (name: string) => table(page).locator('thead th', { hasText: name });
    expect(await header('Trade Name').getAttribute('aria-sort')).toBe('ascending');

    await header('Trade Name').getByRole('button').click();
    const desc = (await listViaApi('tradeName', false, 20)).vendors.map((v) => v.tradeName);
    await expect.poll(() => tradeNames(page)).toEqual(desc);
    expect(await header('Trade Name').getAttribute('aria-sort')).toBe('descending');

    await header('Contact Name').getByRole('button').click();
    const byContact = (await listViaApi('contactName', true, 20)).vendors.map((v) => v.tradeName);
    await expect.poll(() => tradeNames(page)).toEqual(byContact);
    expect(await header('Contact Name').getAttribute('aria-sort')).toBe('ascending');
    expect(await header('Trade Name').getAttribute('aria-sort')).toBe('none');

    await header('Email').getByRole('button').click();
    await expect.poll(() => tradeNames(page)).toEqual((await listViaApi('email', true, 20)).vendors.map((v) => v.tradeName));
    await header('Phone').getByRole('button').click();
    await expect.poll(() => tradeNames(page)).toEqual((await listViaApi('primaryPhone', true, 20)).vendors.map((v) => v.tradeName));
    await header('Phone').getByRole('button').click();
    await expect.poll(() => tradeNames(page)).toEqual((await listViaApi('primaryPhone', false, 20)).vendors.map((v) => v.tradeName));
    tp.expectClean();
  });

  test('a vendor without a primary contact shows the red warning and dashes', async () => {
    // No API path leaves a vendor without a contact (add and edit require one), so the
    // list answer is altered on its way to the page: the first vendor loses its contact.
    const { page } = tp;
    await page.route('**/trpc/vendor.list**', async (route) => {
      const response = await route.fetch();
      const body = (await response.json()) as { result?: { data?: { json?: { vendors?: ListedVendor[] } } } }[];
      const first = body[0]?.result?.data?.json?.vendors?.[0];
      if (first) first.primaryContact = null;
      await route.fulfill({ response, json: body });
    });
    await page.reload();
    const row = table(page).locator('tbody tr[data-vendor-id]').first();
    await row.getByText('Warning: no contact assigned').waitFor();
    const cells = await row.locator('td').allTextContents();
    expect(cells.slice(1, 4)).toEqual(['Warning: no contact assigned', '-', '-']);
    const color = await row.getByText('Warning: no contact assigned').evaluate((el) => (globalThis as unknown as { getComputedStyle(e: unknown): { color: string } }).getComputedStyle(el).color);
    expect(color).toMatch(/^rgb\((2[0-9]{2}), (\d{1,2}), (\d{1,2})\)$/); // red
    await screenshot(page, 'vendors-list-warning');
    await page.unroute('**/trpc/vendor.list**');
    tp.expectClean();
  });

  test('a failed load shows the error banner', async () => {
    const { page } = tp;
    await page.route('**/trpc/vendor.list**', (route) => route.abort('connectionrefused'));
    await page.reload();
    const banner = page.getByTestId('vendor-error');
    await banner.getByText('Failed to load vendors').waitFor({ timeout: 15_000 });
    await banner.getByText('Failed to connect to server').waitFor();
    await page.unroute('**/trpc/vendor.list**');
    tp.expectClean([/ERR_CONNECTION_REFUSED/]);
  });

  test('search finds vendors by name, contact, e-mail or code; the editor has its own URL and the back button leaves it', async () => {
    const { page } = tp;
    await page.goto(`${baseURL()}/store/vendors`);
    const search = page.getByRole('searchbox', { name: 'Search vendors' });
    await search.fill('curios');
    await expect.poll(() => tradeNames(page)).toEqual(['Acme Antiques and Curios']);
    await search.fill('cd34'); // an item code's tag, in any case
    await expect.poll(() => tradeNames(page)).toEqual(['Acme Antiques and Curios']);
    await search.fill('ANN@EXAMPLE');
    await expect.poll(() => tradeNames(page)).toEqual(['Acme Antiques and Curios']);
    await search.fill('nobody here');
    await page.getByText('No vendors match "nobody here".').waitFor();
    await search.fill('Vendor 0');
    const found = ['01', '02', '03', '04', '05', '06', '07', '08', '09'].map((n) => `Vendor ${n}`);
    await expect.poll(() => tradeNames(page)).toEqual(found);
    expect(await page.getByTestId('vendor-total').innerText()).toBe('9 vendors');
    await screenshot(page, 'vendors-search');

    const vendor03 = (await listViaApi('tradeName', true)).vendors.find((v) => v.tradeName === 'Vendor 03')!;
    await page.getByRole('button', { name: 'Edit vendor Vendor 03' }).click();
    await page.getByRole('heading', { name: 'Edit Vendor' }).waitFor();
    expect(new URL(page.url()).pathname).toBe(`/store/vendors/${vendor03.id}`);
    expect(await page.getByRole('textbox', { name: 'Trade Name' }).inputValue()).toBe('Vendor 03');
    // The chosen type and its commission in words, under Vendor Type.
    await page.getByText('Rents a booth and sells its own goods there; pays rent and a commission on each sale. New item codes start at 12.5% commission.').waitFor();

    // Back: the list as it was left, search and all.
    await page.goBack();
    await page.getByRole('heading', { name: 'Vendors', level: 1 }).waitFor();
    expect(await search.inputValue()).toBe('Vendor 0');
    await expect.poll(() => tradeNames(page)).toEqual(found);
    // Forward: the editor again, from its URL.
    await page.goForward();
    await page.getByRole('heading', { name: 'Edit Vendor' }).waitFor();
    await expect.poll(() => page.getByRole('textbox', { name: 'Trade Name' }).inputValue()).toBe('Vendor 03');
    // The drawer's Vendors link leaves the editor too.
    await page.getByRole('navigation', { name: 'Main menu' }).getByRole('link', { name: 'Vendors', exact: true }).click();
    await page.getByRole('heading', { name: 'Vendors', level: 1 }).waitFor();
    expect(new URL(page.url()).pathname).toBe('/store/vendors');

    // A phone: the editor's fields stack, its help lines wrap.
    await page.setViewportSize({ width: 390, height: 844 });
    await page.goto(`${baseURL()}/store/vendors/${vendor03.id}`);
    await page.getByRole('heading', { name: 'Edit Vendor' }).waitFor();
    await page.getByRole('textbox', { name: 'Booth' }).waitFor();
    expect(await page.evaluate(() => (globalThis as unknown as { document: { documentElement: { scrollWidth: number } } }).document.documentElement.scrollWidth)).toBeLessThanOrEqual(390);
    await screenshot(page, 'vendors-editor-phone');
    await page.setViewportSize({ width: 1280, height: 800 });

    // A vendor that is not in the store.
    await page.goto(`${baseURL()}/store/vendors/999999999`);
    await page.getByTestId('vendor-error').getByText('No such vendor in this store').waitFor();
    tp.expectClean([/status of 404/]);
  });

  test('a cashier (STORE_STAFF) reaches the vendors and their codes', async () => {
    const { page } = tp;
    const cashier = await createStaffViaApi(baseURL(), owner.token, { role: 'STORE_STAFF', storeId: owner.storeId });
    await openAs(page, cashier, '/store/vendors');
    await page.getByRole('heading', { name: 'Vendors', level: 1 }).waitFor();
    await expect.poll(() => tradeNames(page).then((names) => names.length)).toBe(20);
    // Staff delete no vendor.
    expect(await page.getByRole('button', { name: /^Delete vendor / }).count()).toBe(0);
    await page.getByRole('button', { name: 'Edit vendor Acme Antiques and Curios' }).click();
    await codeRow(page, 'CD34').waitFor();
    expect(await page.getByRole('region', { name: 'Item Codes' }).locator('[data-chip="commission"]').textContent()).toBe('25% commission');

    // The vendor's money settings are locked, its contact details are not; saving them saves.
    const vendorInfo = page.getByRole('region', { name: 'Vendor Information' });
    expect(await vendorInfo.getByRole('textbox', { name: 'Monthly Rent' }).isDisabled()).toBe(true);
    expect(await vendorInfo.getByRole('checkbox', { name: 'Deduct Monthly Rent' }).isDisabled()).toBe(true);
    expect(await vendorInfo.locator('input[name="vendorType"]').isDisabled()).toBe(true);
    expect(await vendorInfo.getByRole('textbox', { name: 'Trade Name' }).isDisabled()).toBe(false);
    await vendorInfo.getByText('Only a store manager may change this').first().waitFor();
    await page.getByRole('textbox', { name: 'Secondary Phone (Optional)' }).fill('555-0777');

    // A code's tag changes; its commission, statement, card fee and rent are locked.
    await page.getByRole('button', { name: 'Edit code CD34' }).click();
    const codeForm = page.getByRole('form', { name: 'Edit Code CD34' });
    expect(await codeForm.getByRole('textbox', { name: 'Default Commission Percent' }).isDisabled()).toBe(true);
    expect(await codeForm.getByRole('checkbox', { name: 'Receives Separate Statement' }).isDisabled()).toBe(true);
    expect(await codeForm.getByRole('checkbox', { name: 'Proportional CC Fee' }).isDisabled()).toBe(true);
    expect(await codeForm.getByRole('checkbox', { name: 'Warn on No Control Code' }).isDisabled()).toBe(false);
    await screenshot(page, 'vendors-staff-locked');
    await codeForm.getByRole('textbox', { name: 'Tag' }).fill('CD35');
    await codeForm.getByRole('button', { name: 'Save Code' }).click();
    await codeRow(page, 'CD35').waitFor();
    expect(await codeRow(page, 'CD35').locator('[data-chip="commission"]').textContent()).toBe('25% commission');
    await formBar(page).getByRole('button', { name: 'Save Changes' }).click();
    await expect.poll(async () => (await listViaApi('tradeName', true)).vendors.find((v) => v.tradeName === 'Acme Antiques and Curios')?.primaryContact?.secondaryPhone).toBe('555-0777');
    expect(await page.getByTestId('vendor-save-error').count()).toBe(0);
    tp.expectClean();
  });
});
