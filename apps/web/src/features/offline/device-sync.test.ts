import { describe, expect, it } from 'vitest';
import { backoffMs, DeviceSync, REFILL_AT, SNAPSHOT_MAX_AGE_MS, syncIsStale } from './device-sync';
import type { OutboxEntry } from './device-db';
import { callError, fakeServer, memoryDb } from './test-fixtures';

const STORE = 5;

function setup(replay?: Parameters<typeof fakeServer>[0]) {
  const db = memoryDb();
  const server = fakeServer(replay);
  let now = Date.parse('2026-05-01T12:00:00Z');
  let online = true;
  const sync = new DeviceSync({ api: server.api, db, now: () => now, online: () => online, storeId: () => STORE });
  return {
    /** The till enabled for offline selling, then synced. */
    start: () => sync.enable(),
    db,
    server,
    sync,
    advance: (ms: number) => (now += ms),
    setOnline: (v: boolean) => (online = v),
    /** Rings up a sale with the device's next number, as the till does. */
    sell: (total = 10_000_000n) =>
      sync.queueSale((orderNumber, device) => ({
        storeId: device.storeId,
        deviceId: device.deviceId,
        clientId: `client-${orderNumber}`,
        idempotencyKey: `key-${orderNumber}`,
        orderNumber,
        soldAt: new Date(now).toISOString(),
        customerName: '',
        items: [],
        payments: [],
        total: total.toString(),
        tries: 0,
        lastError: null,
        stuck: false,
        nextTryAt: 0,
        receipt: {} as OutboxEntry['receipt'],
      })),
  };
}

describe('the device sync', () => {
  it('does nothing until the till is enabled for offline selling (no numbers taken)', async () => {
    const t = setup();
    await t.sync.run({ includeStuck: true, retryNow: true });
    expect(t.server.calls).toEqual([]);
    expect(t.sync.getState()).toMatchObject({ loaded: true, enabled: false, storeId: STORE });
    await expect(t.sell()).rejects.toThrow('no order numbers left');
  });

  it('registers once, takes a snapshot and a block of numbers, and reports', async () => {
    const t = setup();
    await t.start();
    expect(t.server.calls).toEqual(['register', 'snapshot', 'reserve', 'report']);
    const state = t.sync.getState();
    expect(state.numbersLeft).toBe(25);
    expect(state.snapshot?.store.name).toBe('Mall');
    expect(state.deviceId).toMatch(/^[0-9a-f]{8}-[0-9a-f]{4}-4[0-9a-f]{3}-[89ab][0-9a-f]{3}-[0-9a-f]{12}$/);
    await t.sync.run();
    // A fresh snapshot and a full block: only the report again.
    expect(t.server.calls.slice(4)).toEqual(['report']);
  });

  it('refreshes the snapshot once it is older than a few minutes, and on demand', async () => {
    const t = setup();
    await t.start();
    t.advance(SNAPSHOT_MAX_AGE_MS + 1);
    await t.sync.run();
    await t.sync.run({ forceSnapshot: true });
    expect(t.server.calls.filter((c) => c === 'snapshot')).toHaveLength(3);
  });

  it(`refills the block when ${REFILL_AT} or fewer numbers are left, never handing out a number twice`, async () => {
    const t = setup();
    t.setOnline(true);
    await t.start();
    t.setOnline(false);
    const numbers: string[] = [];
    for (let i = 0; i < 15; i++) numbers.push((await t.sell()).orderNumber);
    expect(t.sync.getState().numbersLeft).toBe(10);
    t.setOnline(true);
    await t.sync.run();
    expect(t.server.calls.filter((c) => c === 'reserve')).toHaveLength(2);
    expect(t.sync.getState().numbersLeft).toBe(35);
    expect(new Set(numbers).size).toBe(15);
  });

  it('sends the outbox first in, first out, and a completed or kept-for-attention answer removes the sale', async () => {
    const t = setup((input) => Promise.resolve(input.orderNumber === 'T-2' ? { status: 'NEEDS_ATTENTION', reason: 'Item 10234 was sold' } : { status: 'COMPLETED' }));
    await t.start();
    t.setOnline(false);
    await t.sell();
    await t.sell();
    await t.sell();
    expect(t.sync.getState().pending).toBe(3);
    expect(t.sync.getState().pendingTotal).toBe(30_000_000n);
    await t.sync.run();
    expect(t.server.replays).toHaveLength(0);
    t.setOnline(true);
    await t.sync.run();
    expect(t.server.replays.map((r) => r.orderNumber)).toEqual(['T-1', 'T-2', 'T-3']);
    expect(t.server.replays.map((r) => r.clientId)).toEqual(['client-T-1', 'client-T-2', 'client-T-3']);
    expect(t.sync.getState().pending).toBe(0);
    expect(t.server.reports.at(-1)).toMatchObject({ pending: 0, oldestPendingAt: null });
  });

  it('keeps a sale whose send found no server, stops the round there, and backs off', async () => {
    let down = true;
    const t = setup(() => (down ? Promise.reject(callError(null, 'Failed to fetch')) : Promise.resolve({ status: 'COMPLETED' })));
    await t.start();
    await t.sell();
    await t.sell();
    await t.sync.run();
    expect(t.server.replays.map((r) => r.orderNumber)).toEqual(['T-1']);
    expect(t.sync.getState()).toMatchObject({ pending: 2, stuck: [] });
    expect(t.db.entries[0]).toMatchObject({ tries: 1, stuck: false });
    // Within the backoff nothing is sent; after it, the same sale with the same keys.
    down = false;
    await t.sync.run();
    expect(t.server.replays).toHaveLength(1);
    t.advance(backoffMs(1));
    await t.sync.run();
    expect(t.server.replays.map((r) => r.orderNumber)).toEqual(['T-1', 'T-1', 'T-2']);
    expect(t.server.replays[0]).toEqual(t.server.replays[1]);
    expect(t.sync.getState().pending).toBe(0);
  });

  it('marks a sale the server refuses as malformed stuck, keeps it and sends the next; at start it is sent again', async () => {
    let refuse = true;
    const t = setup((input) => (refuse && input.orderNumber === 'T-1' ? Promise.reject(callError(400, 'Order number T-1 is not one of this device')) : Promise.resolve({ status: 'COMPLETED' })));
    await t.start();
    await t.sell();
    await t.sell();
    await t.sync.run();
    expect(t.sync.getState()).toMatchObject({ pending: 1, stuck: [{ orderNumber: 'T-1', error: 'Order number T-1 is not one of this device' }] });
    await t.sync.run();
    expect(t.server.replays.map((r) => r.orderNumber)).toEqual(['T-1', 'T-2']);
    refuse = false;
    await t.sync.run({ includeStuck: true, retryNow: true });
    expect(t.sync.getState()).toMatchObject({ pending: 0, stuck: [] });
  });

  it('warns after 24 hours without a sync', () => {
    const at = Date.parse('2026-05-01T12:00:00Z');
    expect(syncIsStale({ lastSyncAt: at, pending: 3 }, at + 23 * 3_600_000)).toBe(false);
    expect(syncIsStale({ lastSyncAt: at, pending: 0 }, at + 25 * 3_600_000)).toBe(true);
    expect(syncIsStale({ lastSyncAt: null, pending: 0 }, at)).toBe(false);
    expect(syncIsStale({ lastSyncAt: null, pending: 1 }, at)).toBe(true);
  });
});
