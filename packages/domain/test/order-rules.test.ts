import { describe, expect, it } from 'vitest';
import {
  approveRefusal,
  cancelRefusal,
  isOrderEditable,
  lineTaxOf,
  moneyOutNeedsApprover,
  moneyOutRefused,
  movesMoneyOut,
  notEditableMessage,
  presetLineTaxes,
  submitOutcome,
  taxOn,
  type StoreTax,
} from '../src/index';

describe('isOrderEditable', () => {
  it('lets only a DRAFT be edited', () => {
    expect(isOrderEditable('DRAFT')).toBe(true);
  });

  it('freezes a PENDING order awaiting approval, and every order that is history', () => {
    for (const status of ['PENDING', 'COMPLETED', 'CANCELLED', 'REFUNDED', 'draft', '']) expect(isOrderEditable(status)).toBe(false);
  });
});

describe('new line taxes', () => {
  const tax = (over: Partial<StoreTax>): StoreTax => ({ shortName: 'GST', percent: 5_000_000n, enabled: true, applyByDefault: true, ...over });

  it("turns a tax on with the store's current percent and short name", () => {
    expect(taxOn(tax({ shortName: 'PST', percent: 7_250_000n }))).toEqual({ enabled: true, percent: 7_250_000n, description: 'PST' });
  });

  it('presets each enabled tax that applies by default, and leaves the others off with no percent or name', () => {
    const off = { enabled: false, percent: 0n, description: '' };
    expect(
      presetLineTaxes([
        tax({ shortName: 'GST', percent: 5_000_000n }),
        tax({ shortName: 'PST', percent: 7_250_000n, applyByDefault: false }),
        tax({ shortName: 'ECO', percent: 2_500_000n, enabled: false }),
      ]),
    ).toEqual([{ enabled: true, percent: 5_000_000n, description: 'GST' }, off, off]);
  });
});

describe('movesMoneyOut', () => {
  const line = (price: bigint, quantity = 1n) => ({ price, amount: price * quantity });

  it('is false for an order of lines at or above zero', () => {
    expect(movesMoneyOut([line(5_000_000n), line(0n)], 5_000_000n)).toBe(false);
    expect(movesMoneyOut([], 0n)).toBe(false);
  });

  it('is true for a total below zero (cash handed back from the drawer)', () => {
    expect(movesMoneyOut([line(-500_000_000n)], -500_000_000n)).toBe(true);
  });

  it('is true for a negative line even when the total is zero or above (a vendor credited for goods nobody paid for)', () => {
    expect(movesMoneyOut([line(1_000_000_000n), line(-1_000_000_000n)], 0n)).toBe(true);
    expect(movesMoneyOut([line(20_000_000n), line(-1_000_000n)], 19_000_000n)).toBe(true);
  });

  it('counts a negative price even on a line of no units', () => {
    expect(movesMoneyOut([line(-1_000_000n, 0n)], 0n)).toBe(true);
  });
});

describe('approving and cancelling', () => {
  it('approves only a PENDING order', () => {
    expect(approveRefusal('PENDING')).toBeNull();
    for (const status of ['DRAFT', 'COMPLETED', 'CANCELLED', 'REFUNDED'])
      expect(approveRefusal(status)).toEqual({ reason: 'CONFLICT', message: `This order is ${status}: only a PENDING order waits for approval` });
  });

  it('lets a cashier cancel a draft, and only a manager an order that waits for approval', () => {
    expect(cancelRefusal('DRAFT', 'STORE_STAFF')).toBeNull();
    expect(cancelRefusal('PENDING', 'STORE_MANAGER')).toBeNull();
    expect(cancelRefusal('PENDING', 'STORE_OWNER')).toBeNull();
    expect(cancelRefusal('PENDING', 'STORE_STAFF')).toEqual({ reason: 'FORBIDDEN', message: 'Only a manager may cancel an order that waits for approval' });
  });

  it('never cancels an order that is history, whoever asks', () => {
    for (const status of ['COMPLETED', 'CANCELLED', 'REFUNDED'])
      expect(cancelRefusal(status, 'STORE_OWNER')).toEqual({ reason: 'CONFLICT', message: `This order is ${status} and can no longer be cancelled` });
  });

  it('names the status of an order that can no longer be edited', () => {
    expect(notEditableMessage('PENDING')).toBe('This order is PENDING and can no longer be edited');
  });
});

describe('what a submit leaves', () => {
  it('refuses money out from a cashier without an approval, never from a manager', () => {
    expect(moneyOutRefused('STORE_STAFF', true, false)).toBe(true);
    expect(moneyOutRefused('STORE_STAFF', true, true)).toBe(false);
    expect(moneyOutRefused('STORE_STAFF', false, false)).toBe(false);
    expect(moneyOutRefused('STORE_MANAGER', true, false)).toBe(false);
    expect(moneyOutNeedsApprover('STORE_STAFF')).toBe(true);
    expect(moneyOutNeedsApprover('STORE_OWNER')).toBe(false);
  });

  it('completes an ordinary sale and keeps no approver for an approval nobody needed', () => {
    expect(submitOutcome({ movesMoneyOut: false, methodNeedsApproval: false, approved: false })).toEqual({ status: 'COMPLETED', keepsApprover: false });
    expect(submitOutcome({ movesMoneyOut: false, methodNeedsApproval: false, approved: true })).toEqual({ status: 'COMPLETED', keepsApprover: false });
  });

  it('leaves the order PENDING while a method waits for a manager, and completes it with the approval given', () => {
    expect(submitOutcome({ movesMoneyOut: false, methodNeedsApproval: true, approved: false })).toEqual({ status: 'PENDING', keepsApprover: false });
    expect(submitOutcome({ movesMoneyOut: false, methodNeedsApproval: true, approved: true })).toEqual({ status: 'COMPLETED', keepsApprover: true });
  });

  it('keeps the manager who approved money out', () => {
    expect(submitOutcome({ movesMoneyOut: true, methodNeedsApproval: false, approved: true })).toEqual({ status: 'COMPLETED', keepsApprover: true });
  });
});

describe('lineTaxOf', () => {
  it('turns a tax on when its percent or its name is sent without the flag', () => {
    expect(lineTaxOf({ percent: 5_000_000n, description: '' })).toEqual({ enabled: true, percent: 5_000_000n, description: '' });
    expect(lineTaxOf({ percent: 0n, description: 'GST' })).toEqual({ enabled: true, percent: 0n, description: 'GST' });
    expect(lineTaxOf({ percent: 0n, description: '' })).toEqual({ enabled: false, percent: 0n, description: '' });
  });

  it('keeps no percent and no name for a tax sent off', () => {
    expect(lineTaxOf({ enabled: false, percent: 5_000_000n, description: 'GST' })).toEqual({ enabled: false, percent: 0n, description: '' });
    expect(lineTaxOf({ enabled: true, percent: 0n, description: '' })).toEqual({ enabled: true, percent: 0n, description: '' });
  });
});
