import { describe, expect, it } from 'vitest';
import type { AuditEvent } from '@pos/contracts';
import { auditColumns, describeChanges, fieldLabel, formatValue, targetLabel } from './audit-format';

const event = (over: Partial<AuditEvent>): AuditEvent => ({
  id: 1,
  createdAt: '2026-05-01T14:30:05.123Z',
  actor: { id: 7, username: 'ada' },
  role: 'STORE_OWNER',
  action: 'SETTINGS_UPDATE',
  targetType: 'store',
  targetId: '3',
  before: null,
  after: null,
  ...over,
});

describe('describeChanges', () => {
  it('shows each changed setting as old → new, by label, percents as percents, other fields as recorded', () => {
    const lines = describeChanges(
      event({
        before: { orderPrefix: 'ORD-', tax1Percent: '5000000', tax1Enabled: false, nextOrderNumber: '1' },
        after: { orderPrefix: 'INV-', tax1Percent: '7250000', tax1Enabled: true, nextOrderNumber: '1500' },
      }),
    );
    expect(lines).toEqual(['Next order number: 1 → 1500', 'Order prefix: ORD- → INV-', 'Tax 1 enabled: No → Yes', 'Tax 1 percent: 5% → 7.25%']);
  });

  it("shows a payment method's money as money, in the order of the labels, and leaves out the name kept on both sides", () => {
    const lines = describeChanges(
      event({
        action: 'PAYMENT_METHOD_UPDATE',
        before: { name: 'Visa', minimumAmount: '10000000', customerFeeAmount: '250000', vendorFeePercent: '3000000' },
        after: { name: 'Visa', minimumAmount: '5000000', customerFeeAmount: '1234567890', vendorFeePercent: '2750000' },
      }),
    );
    expect(lines).toEqual(['Customer fee amount: $0.25 → $1,234.57', 'Minimum amount: $10.00 → $5.00', 'Vendor fee percent: 3% → 2.75%']);
  });

  it('lists every field of a creation or a removal, the name first, and says so when a save changed nothing', () => {
    const method = { requiresManagerApproval: false, minimumAmount: '0', name: 'Cash' };
    expect(describeChanges(event({ action: 'PAYMENT_METHOD_CREATE', after: method }))).toEqual(['Name: Cash', 'Minimum amount: $0.00', 'Requires manager approval: No']);
    expect(describeChanges(event({ action: 'PAYMENT_METHOD_DELETE', before: method }))).toEqual(['Name: Cash', 'Minimum amount: $0.00', 'Requires manager approval: No']);
    expect(describeChanges(event({ before: {}, after: {} }))).toEqual(['No changes']);
  });

  it('names roles in words, none as (none), a blank text as (blank)', () => {
    expect(describeChanges(event({ action: 'STAFF_ASSIGN', before: { username: 'bo', roles: [] }, after: { username: 'bo', roles: ['STORE_ACCOUNTANT', 'STORE_STAFF'] } }))).toEqual([
      'Roles: (none) → Store accountant, Store staff',
    ]);
    expect(describeChanges(event({ before: { tax2ShortName: 'PST' }, after: { tax2ShortName: '' } }))).toEqual(['Tax 2 short name: PST → (blank)']);
  });

  it("shows a checkout's payments in words, each by its method's name, amounts as money", () => {
    const after = {
      orderNumber: 'C-1',
      amountPaid: '106450000',
      payments: [
        { name: 'Card', amount: '60000000', applied: '60000000', customerFee: '1450000', change: '0' },
        { name: 'Cash', amount: '50000000', applied: '45000000', customerFee: '0', change: '5000000' },
      ],
    };
    expect(describeChanges(event({ action: 'ORDER_SUBMIT', after }))).toEqual([
      'Order number: C-1',
      'Amount paid: $106.45',
      'Payments: Card (amount $60.00, applied $60.00, change $0.00, customer fee $1.45), Cash (amount $50.00, applied $45.00, change $5.00, customer fee $0.00)',
    ]);
  });

  it('does not read a field as money for an action that does not say so', () => {
    expect(formatValue('STAFF_ADD', 'minimumAmount', '5000000')).toBe('5000000');
    expect(formatValue('PAYMENT_METHOD_CREATE', 'minimumAmount', 'not a number')).toBe('not a number');
  });
});

describe('labels', () => {
  it('turns field names into words', () => {
    expect(fieldLabel('defaultVendorConsignmentCommissionPercent')).toBe('Default vendor consignment commission percent');
    expect(fieldLabel('tax3ApplyByDefault')).toBe('Tax 3 apply by default');
  });

  it('names the target by its recorded name, else by its type and id', () => {
    expect(targetLabel(event({}))).toBe('Store settings');
    expect(targetLabel(event({ targetType: 'paymentMethod', targetId: '9', before: { name: 'Visa' }, after: null }))).toBe('Payment method Visa');
    expect(targetLabel(event({ targetType: 'user', targetId: '4', after: { username: 'bo', roles: [] } }))).toBe('User bo');
    expect(targetLabel(event({ targetType: 'vendorAccount', targetId: '12' }))).toBe('Vendor account #12');
  });

  it("writes the time to the second in the store's zone, whatever the browser's", () => {
    const columns = auditColumns('Asia/Tokyo');
    expect(columns[0]!.value(event({ createdAt: '2026-05-01T14:30:05.123Z' }))).toBe('2026-05-01 23:30:05');
    expect(auditColumns('America/Los_Angeles')[0]!.value(event({ createdAt: '2026-05-01T04:30:05Z' }))).toBe('2026-04-30 21:30:05');
  });

  it('gives the table and the CSV one row of words per event', () => {
    const row = auditColumns('UTC').map((c) => c.value(event({ actor: null, role: 'STORE_ACCOUNTANT', action: 'STAFF_LEAVE', targetType: 'user', before: { username: 'bo', roles: ['STORE_ACCOUNTANT'] }, after: { username: 'bo', roles: [] } })));
    expect(auditColumns('UTC').map((c) => c.header)).toEqual(['When', 'Who', 'Role', 'Action', 'Target', 'Changes']);
    expect(row.slice(1)).toEqual(['System', 'Store accountant', 'Left the store', 'User bo', 'Roles: Store accountant → (none)']);
  });
});
