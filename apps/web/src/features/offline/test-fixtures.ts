/** A snapshot, an in-memory device store and a scripted server for the offline till's unit tests. */
import type { DeviceApi, DeviceSnapshotWire, ReplayWire } from './device-api';
import type { DeviceDb, DeviceRecord, OutboxEntry } from './device-db';
import { NO_NUMBERS_LEFT } from './device-db';

const money = (v: bigint) => ({ type: 'Money' as const, value: String(v) });
const percent = (v: bigint) => ({ type: 'Percent' as const, value: String(v) });
const M = 1_000_000n;

export function snapshotFixture(over: Partial<DeviceSnapshotWire['store']['limits']> = {}): DeviceSnapshotWire {
  const method = (id: number, name: string, extra: Partial<DeviceSnapshotWire['paymentMethods'][number]> = {}) => ({
    id,
    name,
    isCash: false,
    requiresManagerApproval: false,
    offlineAllowed: false,
    vendorFeePercent: percent(0n),
    customerFeePercent: percent(0n),
    customerFeeAmount: money(0n),
    minimumAmount: money(0n),
    ...extra,
  });
  return {
    generatedAt: '2026-05-01T10:00:00.000Z',
    store: {
      name: 'Mall',
      timeZone: 'America/New_York',
      orderPrefix: 'T-',
      taxes: {
        tax1ShortName: 'GST',
        tax1Percent: percent(5n * M),
        tax1Enabled: true,
        tax1ApplyByDefault: true,
        tax2ShortName: '',
        tax2Percent: percent(0n),
        tax2Enabled: false,
        tax2ApplyByDefault: false,
        tax3ShortName: '',
        tax3Percent: percent(0n),
        tax3Enabled: false,
        tax3ApplyByDefault: false,
      },
      limits: { offlineMaxSales: 50, offlineMaxTotal: money(2_000n * M), offlineMaxHours: 24, ...over },
    },
    paymentMethods: [
      method(1, 'Cash', { isCash: true }),
      method(2, 'Terminal', { offlineAllowed: true, customerFeePercent: percent(2n * M) }),
      method(3, 'Card', {}),
      method(4, 'House account', { requiresManagerApproval: true, offlineAllowed: true }),
    ],
    itemCodes: [
      { code: 'AB12', vendorId: 7, vendorName: 'Attic Finds', booth: 'B-4' },
      { code: 'ZZ', vendorId: 8, vendorName: 'Zed', booth: '' },
    ],
    items: [{ itemNumber: '10234', itemCode: 'AB12', description: 'Brass lamp', price: money(45n * M) }],
    cashier: { userId: 3, name: 'Cass' },
  };
}

/** DeviceDb in memory, with the same one-step number-and-outbox rule. */
export function memoryDb(): DeviceDb & { devices: Map<number, DeviceRecord>; entries: OutboxEntry[] } {
  const devices = new Map<number, DeviceRecord>();
  const entries: OutboxEntry[] = [];
  let seq = 0;
  const clone = <T>(v: T): T => structuredClone(v);
  return {
    devices,
    entries,
    device: (storeId) => Promise.resolve(clone(devices.get(storeId))),
    putDevice: (record) => Promise.resolve(void devices.set(record.storeId, clone(record))),
    updateDevice: (storeId, change) => {
      const found = devices.get(storeId);
      if (!found) return Promise.resolve(undefined);
      const next = change(clone(found));
      devices.set(storeId, clone(next));
      return Promise.resolve(next);
    },
    outbox: (storeId) => Promise.resolve(clone(entries.filter((e) => e.storeId === storeId))),
    putEntry: (entry) => {
      const i = entries.findIndex((e) => e.seq === entry.seq);
      if (i >= 0) entries[i] = clone(entry);
      else entries.push(clone(entry));
      return Promise.resolve();
    },
    removeEntry: (s) => {
      const i = entries.findIndex((e) => e.seq === s);
      if (i >= 0) entries.splice(i, 1);
      return Promise.resolve();
    },
    queueSale: (storeId, make) => {
      const device = devices.get(storeId);
      const number = device?.numbers[0];
      if (!device || number === undefined) return Promise.reject(new Error(NO_NUMBERS_LEFT));
      const entry = { ...make(number, clone(device)), seq: ++seq };
      devices.set(storeId, { ...device, numbers: device.numbers.slice(1) });
      entries.push(clone(entry));
      return Promise.resolve(entry);
    },
  };
}

/** An error as the tRPC client raises it: with the server's status, or none (no answer). */
export function callError(status: number | null, message = 'failed'): Error {
  const error = new Error(message) as Error & { data?: { httpStatus: number } };
  if (status !== null) error.data = { httpStatus: status };
  return error;
}

/** A server that records every call; `replayAnswer` decides each replay's fate. */
export function fakeServer(replayAnswer: (input: ReplayWire) => Promise<Awaited<ReturnType<DeviceApi['replay']>>> = () => Promise.resolve({ status: 'COMPLETED' })) {
  const calls: string[] = [];
  const replays: ReplayWire[] = [];
  const reports: Parameters<DeviceApi['report']>[0][] = [];
  let next = 1;
  const api: DeviceApi = {
    register: () => Promise.resolve(void calls.push('register')),
    reserveNumbers: () => {
      calls.push('reserve');
      return Promise.resolve({ numbers: Array.from({ length: 25 }, () => `T-${next++}`) });
    },
    report: (input) => {
      calls.push('report');
      reports.push(input);
      return Promise.resolve();
    },
    snapshot: () => {
      calls.push('snapshot');
      return Promise.resolve(snapshotFixture());
    },
    replay: async (input) => {
      calls.push(`replay ${input.orderNumber}`);
      replays.push(input);
      return replayAnswer(input);
    },
    reachable: () => Promise.resolve(true),
  };
  return { api, calls, replays, reports };
}
