/**
 * Who may change what decides a vendor's money (docs/SETTLEMENT.md, Vendor money
 * settings): a vendor's Vendor Type, Monthly Rent and Deduct Monthly Rent, and an item
 * code's vendor, commission, separate statement, card-fee pass-through, rent deduction
 * and rent. STORE_MANAGER and above change them and delete or archive vendors; STORE_STAFF
 * adds vendors and item codes with the store's defaults (a code's vendor chosen freely)
 * and edits the rest (names, contact details, tags). A vendor whose balance is not zero
 * is neither deleted nor archived. The server refuses with these messages; the screens
 * lock the same fields for staff and say the same before a delete.
 */

import { formatMoney } from './money';
import { includes, type Role } from './roles';
import type { RentOverride, VendorType } from './vendor-accounts';

/** The least role that changes vendors' money settings and deletes or archives vendors. */
export const VENDOR_MONEY_ROLE: Role = 'STORE_MANAGER';

/** Whether `role` may change vendors' and item codes' money settings, and delete or archive vendors. */
export function mayChangeVendorMoney(role: Role): boolean {
  return includes(role, VENDOR_MONEY_ROLE);
}

export const VENDOR_DELETE_FORBIDDEN = 'Only a store manager may delete or archive a vendor';

/** What decides a vendor's money. */
export interface VendorMoneySettings {
  vendorType: VendorType;
  monthlyRent: bigint;
  deductMonthlyRent: boolean;
}

/** What decides the money of an item code's sales and of its own account. */
export interface ItemCodeMoneySettings {
  vendorId: bigint | null;
  defaultCommissionPercent: bigint;
  receivesSeparateStatement: boolean;
  proportionalCcFee: boolean;
  deductMonthlyRentOverride: RentOverride;
  monthlyRent: bigint;
}

/** The money fields of a vendor by their labels on the vendor form (the labels messages use). */
export const VENDOR_MONEY_FIELDS: Readonly<Record<keyof VendorMoneySettings, string>> = Object.freeze({
  vendorType: 'Vendor Type',
  monthlyRent: 'Monthly Rent',
  deductMonthlyRent: 'Deduct Monthly Rent',
});

/** The money fields of an item code by their labels on the item code form. */
export const ITEM_CODE_MONEY_FIELDS: Readonly<Record<keyof ItemCodeMoneySettings, string>> = Object.freeze({
  vendorId: 'Vendor',
  defaultCommissionPercent: 'Default Commission Percent',
  receivesSeparateStatement: 'Receives Separate Statement',
  proportionalCcFee: 'Proportional CC Fee',
  deductMonthlyRentOverride: 'Monthly Rent Deduction',
  monthlyRent: 'Monthly Rent',
});

/** A new vendor's money settings when none are given: the store's defaults. */
export const NEW_VENDOR_MONEY: Readonly<VendorMoneySettings> = Object.freeze({ vendorType: 'VENDOR', monthlyRent: 0n, deductMonthlyRent: false });

/** A new item code's money settings when none are given: the store's default commission for its vendor's type, nothing else on. */
export function newItemCodeMoney(vendorId: bigint | null, storeDefaultCommission: bigint): ItemCodeMoneySettings {
  return { vendorId, defaultCommissionPercent: storeDefaultCommission, receivesSeparateStatement: false, proportionalCcFee: false, deductMonthlyRentOverride: 'USE_VENDOR_DEFAULT', monthlyRent: 0n };
}

/** The fields of `labels` whose values differ between `before` and `after`, in the order of `labels`. */
export function changedMoneyFields<T extends object>(labels: Readonly<Record<keyof T, string>>, before: T, after: T): (keyof T)[] {
  return (Object.keys(labels) as (keyof T)[]).filter((field) => before[field] !== after[field]);
}

/** 'A', 'A and B', 'A, B and C'. */
function inWords(labels: readonly string[]): string {
  return labels.length <= 1 ? (labels[0] ?? '') : `${labels.slice(0, -1).join(', ')} and ${labels.at(-1)}`;
}

function refusal<T extends object>(what: 'vendor' | 'item code', labels: Readonly<Record<keyof T, string>>, role: Role, before: T, after: T, adding: boolean): string | null {
  if (mayChangeVendorMoney(role)) return null;
  const changed = changedMoneyFields(labels, before, after).map((field) => labels[field]);
  if (changed.length === 0) return null;
  const article = what === 'vendor' ? 'a' : 'an';
  return adding
    ? `Only a store manager may set a new ${what}'s ${inWords(changed)}; staff add ${what}s with the store's defaults`
    : `Only a store manager may change ${article} ${what}'s ${inWords(changed)}`;
}

/**
 * Why `role` may not save a vendor with these money settings, or null when it may:
 * `before` is the saved vendor's (null for a new vendor, compared with the store's defaults).
 */
export function vendorMoneyRefusal(role: Role, before: VendorMoneySettings | null, after: VendorMoneySettings): string | null {
  return refusal('vendor', VENDOR_MONEY_FIELDS, role, before ?? NEW_VENDOR_MONEY, after, before === null);
}

/**
 * Why `role` may not save an item code with these money settings, or null when it may:
 * `before` is the saved code's, or for a new code `newItemCodeMoney` of its vendor.
 */
export function itemCodeMoneyRefusal(role: Role, before: ItemCodeMoneySettings, after: ItemCodeMoneySettings, adding: boolean): string | null {
  return refusal('item code', ITEM_CODE_MONEY_FIELDS, role, before, after, adding);
}

/** Why a vendor holding `balance` (the Σ of its accounts) cannot be deleted or archived, or null when it can: only at zero. */
export function vendorDeleteProblem(balance: bigint): string | null {
  return balance === 0n ? null : `This vendor's balance is ${formatMoney(balance)}; settle it before deleting the vendor`;
}
