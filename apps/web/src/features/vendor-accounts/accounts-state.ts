/**
 * What the Vendor Accounts screen and its dialogs hold and send: the list's filters and
 * page, an account's name, the months rent may be posted for, and the payout, adjustment
 * and payout-run requests (checked with the server's own schemas).
 */
import { ACCOUNT_FILTERS, PAYOUT_METHODS, toMoneyWire, ZAdjustInput, ZPayoutInput, ZPayoutRunInput, type AccountFilter, type VendorType } from '@pos/contracts';
import { PAYOUT_METHOD_LABELS, VENDOR_TYPE_LABELS, VENDOR_TYPES, addDays, type PayoutMethod } from '@pos/domain';
import { requestResolver } from '../../lib/form-validation';
import type { PageState } from '../../lib/paging';

export const ACCOUNT_PAGE_SIZES = [10, 20, 50, 100] as const;
export const DEFAULT_ACCOUNT_PAGE_SIZE = 20;
export const SEARCH_DEBOUNCE_MS = 250;

export const FILTER_LABELS: Record<AccountFilter, string> = { ALL: 'All', OWED: 'Store owes', OWING: 'Vendor owes' };
export const FILTER_OPTIONS = ACCOUNT_FILTERS.map((value) => ({ value, label: FILTER_LABELS[value] }));
export const ALL_TYPES = 'ALL_TYPES';
export const TYPE_OPTIONS = [{ value: ALL_TYPES, label: 'All types' }, ...VENDOR_TYPES.map((value) => ({ value, label: VENDOR_TYPE_LABELS[value] }))];
export const METHOD_OPTIONS = PAYOUT_METHODS.map((value) => ({ value, label: PAYOUT_METHOD_LABELS[value] }));

export interface AccountFilters {
  filter: AccountFilter;
  vendorType: VendorType | null;
  search: string;
}

export const INITIAL_FILTERS: AccountFilters = { filter: 'ALL', vendorType: null, search: '' };

/** The /vendor/accounts input for the screen's page and filters. */
export function accountsInput(paging: PageState, filters: AccountFilters) {
  return { page: paging.page, pageSize: paging.pageSize, filter: filters.filter, vendorType: filters.vendorType, search: filters.search.trim() };
}

/** An account as people name it: the vendor, and the item code of a separate statement. */
export function accountName(account: { tradeName: string; tag: string | null }): string {
  return account.tag ? `${account.tradeName} · ${account.tag}` : account.tradeName;
}

const MONTH_NAMES = ['January', 'February', 'March', 'April', 'May', 'June', 'July', 'August', 'September', 'October', 'November', 'December'];

/** 'November 2026' for '2026-11'. */
export function monthLabel(month: string): string {
  return `${MONTH_NAMES[Number(month.slice(5, 7)) - 1]} ${month.slice(0, 4)}`;
}

function shiftMonth(month: string, by: number): string {
  const index = Number(month.slice(0, 4)) * 12 + Number(month.slice(5, 7)) - 1 + by;
  return `${String(Math.floor(index / 12)).padStart(4, '0')}-${String((index % 12) + 1).padStart(2, '0')}`;
}

/** The months rent may be posted for from the store's month: next month, this one, and the twelve before, newest first. */
export function rentMonthOptions(month: string) {
  return Array.from({ length: 14 }, (_, i) => shiftMonth(month, 1 - i)).map((value) => ({ value, label: monthLabel(value) }));
}

/** The last day of the month before the store's today: where a payout run usually pays through. */
export function endOfLastMonth(today: string): string {
  return addDays(`${today.slice(0, 7)}-01`, -1);
}

// ---- payouts and adjustments ------------------------------------------------------------

export interface PayoutValues {
  /** Money micro-units. */
  amount: bigint;
  method: PayoutMethod;
  reference: string;
}

export interface AccountRef {
  vendorId: number;
  itemCodeId: number | null;
}

export function payoutRequest(account: AccountRef, values: PayoutValues) {
  return { ...account, amount: toMoneyWire(values.amount), method: values.method, reference: values.reference.trim() };
}

export const payoutValidator = (account: AccountRef) => requestResolver(ZPayoutInput, (values: PayoutValues) => payoutRequest(account, values));

/** The reference box's label: a check's number, or any reference. */
export function referenceLabel(method: PayoutMethod): string {
  return method === 'CHECK' ? 'Check Number' : 'Reference (optional)';
}

export interface AdjustValues {
  amount: bigint;
  memo: string;
}

export function adjustRequest(account: AccountRef, values: AdjustValues) {
  return { ...account, amount: toMoneyWire(values.amount), memo: values.memo.trim() };
}

export const adjustValidator = (account: AccountRef) => requestResolver(ZAdjustInput, (values: AdjustValues) => adjustRequest(account, values));

export interface RunValues {
  through: string | null;
  minimum: bigint;
  method: PayoutMethod;
}

export function runRequest(values: RunValues, preview: boolean) {
  return { through: values.through ?? '', minimum: toMoneyWire(values.minimum), method: values.method, preview };
}

export const runValidator = requestResolver(ZPayoutRunInput, (values: RunValues) => runRequest(values, true));
