import { describe, expect, it } from 'vitest';
import { computeLine, summarizeOrder } from '@pos/domain';
import { lineForEntry, MONEY_OUT_OFFLINE, NEEDS_APPROVAL_OFFLINE, NOT_OFFLINE_METHOD, offlineFigures, offlineMethods, outboxEntry, replayLine } from './offline-sale';
import { snapshotFixture } from './test-fixtures';
import type { DeviceRecord } from './device-db';

const M = 1_000_000n;
const NOW = new Date('2026-05-01T15:00:00Z');
const context = (over: Partial<Parameters<typeof offlineFigures>[2]> = {}) => ({ snapshot: snapshotFixture(), pending: 0, pendingTotal: 0n, lastSyncAt: NOW.getTime() - 3_600_000, now: NOW, ...over });

describe('an offline sale', () => {
  const snapshot = snapshotFixture();
  const methods = offlineMethods(snapshot.paymentMethods);
  const cash = methods.allowed.find((m) => m.isCash)!;
  const terminal = methods.allowed.find((m) => m.name === 'Terminal')!;

  it('resolves a tagged item by its number (a scan) and a vendor by its item code, case aside', () => {
    const scanned = lineForEntry(snapshot, ' 10234 ', 'a')!;
    expect(scanned).toMatchObject({ itemNumber: '10234', itemCode: 'AB12', description: 'Brass lamp', price: 45n * M, quantity: 1 });
    expect(scanned.scan?.vendor).toEqual({ tradeName: 'Attic Finds', booth: 'B-4' });
    const typed = lineForEntry(snapshot, 'ab12', 'b')!;
    expect(typed).toMatchObject({ itemNumber: '', itemCode: 'AB12', description: '', price: 0n });
    expect(typed.scan?.vendor?.tradeName).toBe('Attic Finds');
    // The store's apply-by-default tax is on, as on a new line online.
    expect(typed.taxes[0]).toMatchObject({ enabled: true, percent: 5n * M, description: 'GST' });
    expect(lineForEntry(snapshot, 'nope', 'c')).toBeNull();
  });

  it('takes Cash and methods marked for offline, and says why the others are not', () => {
    expect(methods.allowed.map((m) => m.name)).toEqual(['Cash', 'Terminal']);
    expect(methods.unavailable).toEqual([
      { name: 'Card', reason: NOT_OFFLINE_METHOD },
      { name: 'House account', reason: NEEDS_APPROVAL_OFFLINE },
    ]);
  });

  it('computes taxes, discounts, fees and change with the same domain arithmetic as online', () => {
    const lamp = lineForEntry(snapshot, '10234', 'a')!;
    const chair = { ...lineForEntry(snapshot, 'ZZ', 'b')!, description: 'Chair', price: 19_990_000n, quantity: 3, discountPercent: 12_500_000n };
    const { figures, refusal } = offlineFigures([lamp, chair], [{ method: cash, amount: 200n * M }], context());
    expect(refusal).toBeNull();
    const expected = summarizeOrder([
      { quantity: 1, price: 45n * M, discountPercent: 0n, taxPercents: [5n * M, 0n, 0n] },
      { quantity: 3, price: 19_990_000n, discountPercent: 12_500_000n, taxPercents: [5n * M, 0n, 0n] },
    ]);
    expect(figures!.summary).toEqual(expected);
    expect(figures!.plan.changeDue).toBe(200n * M - expected.total);
    // The line as replay sends it carries its own total, computed the same way.
    expect(replayLine(chair)).toMatchObject({ itemCode: 'ZZ', description: 'Chair', quantity: 3, total: { type: 'Money', value: String(computeLine({ quantity: 3, price: 19_990_000n, discountPercent: 12_500_000n, taxPercents: [5n * M, 0n, 0n] }).total) } });
    expect(replayLine(chair)).not.toHaveProperty('id');

    const card = offlineFigures([lamp], [{ method: terminal, amount: 47_250_000n }], context());
    expect(card.refusal).toBeNull();
    // 2 % of 47.25 is 0.945: half to even, 0.94, as the server rounds it.
    expect(card.figures!.plan.customerFees).toBe(940_000n);
  });

  it('refuses what needs the network or is not paid, with the reason', () => {
    const lamp = lineForEntry(snapshot, '10234', 'a')!;
    expect(offlineFigures([lamp], [{ method: cash, amount: 10n * M }], context()).refusal).toBe('Payments cover $10.00 of $47.25');
    const refund = { ...lineForEntry(snapshot, 'ZZ', 'b')!, description: 'Return', price: -5n * M };
    expect(offlineFigures([lamp, refund], [{ method: cash, amount: 100n * M }], context()).refusal).toBe(MONEY_OUT_OFFLINE);
    const untyped = lineForEntry(snapshot, 'ZZ', 'c')!;
    expect(offlineFigures([lamp, { ...untyped, description: 'Vase' }], [{ method: cash, amount: 100n * M }], context()).refusal).toMatch(/complete|description|price/i);
  });

  it('refuses a sale past a limit: the count, the total, the hours offline', () => {
    const lamp = lineForEntry(snapshot, '10234', 'a')!;
    const pay = [{ method: cash, amount: 100n * M }];
    expect(offlineFigures([lamp], pay, context({ snapshot: snapshotFixture({ offlineMaxSales: 3 }), pending: 3 })).refusal).toMatch(/3 sales waiting/);
    expect(offlineFigures([lamp], pay, context({ snapshot: snapshotFixture({ offlineMaxTotal: { type: 'Money', value: String(40n * M) } }) })).refusal).toMatch(/\$47\.25, above the offline limit of \$40\.00/);
    expect(offlineFigures([lamp], pay, context({ lastSyncAt: NOW.getTime() - 25 * 3_600_000 })).refusal).toMatch(/24 hours/);
    expect(offlineFigures([lamp], pay, context({ pending: 2 })).refusal).toBeNull();
  });

  it('makes the outbox entry with the number it is given, its own client id and key, and an offline receipt', () => {
    const lamp = lineForEntry(snapshot, '10234', 'a')!;
    const { figures } = offlineFigures([lamp], [{ method: cash, amount: 50n * M }], context());
    const make = outboxEntry(figures!, { soldAt: NOW, customerName: ' Ann ' }, { name: 'Mall', address: '1 Main St', timeZone: 'America/New_York' });
    const device = { storeId: 5, deviceId: 'd' } as DeviceRecord;
    const a = make('T-7', device);
    const b = make('T-8', device);
    expect(a).toMatchObject({ storeId: 5, deviceId: 'd', orderNumber: 'T-7', soldAt: NOW.toISOString(), customerName: 'Ann', tries: 0, stuck: false });
    expect(a.clientId).not.toBe(b.clientId);
    expect(a.idempotencyKey).not.toBe(b.idempotencyKey);
    expect(a.payments).toEqual([{ paymentMethodId: cash.id, amount: { type: 'Money', value: String(50n * M) } }]);
    expect(a.total).toBe(figures!.summary.total.toString());
    expect(a.receipt).toMatchObject({ orderNumber: 'T-7', offline: true, customerName: 'Ann', storeName: 'Mall', });
    expect(a.receipt.date).toMatch(/^May 1, 2026, 11:00\sAM$/);
    expect(a.receipt.totals.at(-1)).toEqual({ key: 'total', label: 'Total', value: '$47.25' });
    expect(a.receipt.settlement).toEqual([
      { label: 'Amount paid', value: '$47.25' },
      { label: 'Change', value: '$2.75' },
    ]);
  });
});
