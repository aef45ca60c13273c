/**
 * Who may change what decides a vendor's money: staff add with the store's defaults and
 * edit the rest; a manager or owner changes anything; a vendor is deleted only at a zero
 * balance. The server refuses with these messages and the screens lock the same fields.
 */
import { describe, expect, it } from 'vitest';
import {
  NEW_VENDOR_MONEY,
  itemCodeMoneyRefusal,
  mayChangeVendorMoney,
  newItemCodeMoney,
  vendorDeleteProblem,
  vendorMoneyRefusal,
  type ItemCodeMoneySettings,
} from '../src';

const PCT = 1_000_000n;
const DOLLAR = 1_000_000n;

describe('mayChangeVendorMoney', () => {
  it('admits a manager and an owner, not staff nor an accountant', () => {
    expect(mayChangeVendorMoney('STORE_MANAGER')).toBe(true);
    expect(mayChangeVendorMoney('STORE_OWNER')).toBe(true);
    expect(mayChangeVendorMoney('STORE_STAFF')).toBe(false);
    expect(mayChangeVendorMoney('STORE_ACCOUNTANT')).toBe(false);
  });
});

describe('vendorMoneyRefusal', () => {
  const saved = { vendorType: 'VENDOR' as const, monthlyRent: 150n * DOLLAR, deductMonthlyRent: true };

  it('lets staff add a vendor with the store’s defaults, and refuses one that sets its own rent or type', () => {
    expect(vendorMoneyRefusal('STORE_STAFF', null, { ...NEW_VENDOR_MONEY })).toBeNull();
    expect(vendorMoneyRefusal('STORE_STAFF', null, { ...NEW_VENDOR_MONEY, monthlyRent: 100n * DOLLAR, vendorType: 'CONSIGNMENT' })).toBe(
      "Only a store manager may set a new vendor's Vendor Type and Monthly Rent; staff add vendors with the store's defaults",
    );
    expect(vendorMoneyRefusal('STORE_MANAGER', null, { ...NEW_VENDOR_MONEY, monthlyRent: 100n * DOLLAR })).toBeNull();
  });

  it('lets staff save a vendor whose money settings stay as saved, and names each one staff would change', () => {
    expect(vendorMoneyRefusal('STORE_STAFF', saved, { ...saved })).toBeNull();
    expect(vendorMoneyRefusal('STORE_STAFF', saved, { ...saved, deductMonthlyRent: false })).toBe("Only a store manager may change a vendor's Deduct Monthly Rent");
    expect(vendorMoneyRefusal('STORE_STAFF', saved, { vendorType: 'CONSIGNMENT', monthlyRent: 0n, deductMonthlyRent: false })).toBe(
      "Only a store manager may change a vendor's Vendor Type, Monthly Rent and Deduct Monthly Rent",
    );
    expect(vendorMoneyRefusal('STORE_OWNER', saved, { ...saved, monthlyRent: 0n })).toBeNull();
  });
});

describe('itemCodeMoneyRefusal', () => {
  const fresh = newItemCodeMoney(7n, 15n * PCT);
  const saved: ItemCodeMoneySettings = { ...fresh, receivesSeparateStatement: true, monthlyRent: 40n * DOLLAR };

  it('lets staff add a code of any vendor at the store’s default commission, and refuses any other money setting', () => {
    expect(itemCodeMoneyRefusal('STORE_STAFF', fresh, { ...fresh }, true)).toBeNull();
    expect(itemCodeMoneyRefusal('STORE_STAFF', fresh, { ...fresh, defaultCommissionPercent: 5n * PCT }, true)).toBe(
      "Only a store manager may set a new item code's Default Commission Percent; staff add item codes with the store's defaults",
    );
    expect(itemCodeMoneyRefusal('STORE_STAFF', fresh, { ...fresh, proportionalCcFee: true }, true)).toMatch(/Proportional CC Fee/);
    expect(itemCodeMoneyRefusal('STORE_MANAGER', fresh, { ...fresh, defaultCommissionPercent: 5n * PCT }, true)).toBeNull();
  });

  it('refuses staff each money field of a saved code, its vendor included, and lets the rest through', () => {
    expect(itemCodeMoneyRefusal('STORE_STAFF', saved, { ...saved }, false)).toBeNull();
    const changes: [Partial<ItemCodeMoneySettings>, string][] = [
      [{ vendorId: 8n }, 'Vendor'],
      [{ vendorId: null }, 'Vendor'],
      [{ defaultCommissionPercent: 0n }, 'Default Commission Percent'],
      [{ receivesSeparateStatement: false }, 'Receives Separate Statement'],
      [{ proportionalCcFee: true }, 'Proportional CC Fee'],
      [{ deductMonthlyRentOverride: 'DO_NOT_DEDUCT' }, 'Monthly Rent Deduction'],
      [{ monthlyRent: 41n * DOLLAR }, 'Monthly Rent'],
    ];
    for (const [change, label] of changes) {
      expect(itemCodeMoneyRefusal('STORE_STAFF', saved, { ...saved, ...change }, false)).toBe(`Only a store manager may change an item code's ${label}`);
      expect(itemCodeMoneyRefusal('STORE_OWNER', saved, { ...saved, ...change }, false)).toBeNull();
    }
  });
});

describe('vendorDeleteProblem', () => {
  it('allows only a zero balance, naming the balance either way round', () => {
    expect(vendorDeleteProblem(0n)).toBeNull();
    expect(vendorDeleteProblem(123_450_000n)).toBe("This vendor's balance is $123.45; settle it before deleting the vendor");
    expect(vendorDeleteProblem(-50_000_000n)).toBe("This vendor's balance is -$50.00; settle it before deleting the vendor");
    expect(vendorDeleteProblem(1n)).not.toBeNull();
  });
});
