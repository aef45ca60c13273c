/**
 * What the till keeps on the device, in IndexedDB through idb (docs/ARCHITECTURE.md, The
 * offline till): per store, the device's record (its id, whether the server knows it, its
 * block of order numbers, the snapshot it sells with offline, when it last reached the
 * server) and the outbox of offline sales, in the order they were rung up. A sale takes
 * its number and enters the outbox in one transaction, before its receipt prints.
 */
import { openDB, type DBSchema, type IDBPDatabase } from 'idb';
import type { DeviceSnapshotWire, OfflineSaleLineWire, PaymentInputWire } from './device-api';
import type { ReceiptModel } from '../orders/receipt-model';

export interface DeviceRecord {
  storeId: number;
  /** Made by the device (a UUID), kept for good. */
  deviceId: string;
  name: string;
  registered: boolean;
  /** The reserved order numbers not used yet, in the order they will be used. */
  numbers: string[];
  /** Numbers given up unused, still to report. */
  skipped: string[];
  snapshot: DeviceSnapshotWire | null;
  /** ms since the epoch. */
  snapshotAt: number | null;
  /** The end of the last sync round that reached the server (ms since the epoch). */
  lastSyncAt: number | null;
}

export interface OutboxEntry {
  /** Its place in the outbox (first in, first out). */
  seq?: number;
  storeId: number;
  deviceId: string;
  clientId: string;
  idempotencyKey: string;
  orderNumber: string;
  /** ISO time of the sale. */
  soldAt: string;
  customerName: string;
  items: OfflineSaleLineWire[];
  payments: PaymentInputWire[];
  /** The sale's total, money micro-units as text (IndexedDB keeps it as rung up). */
  total: string;
  tries: number;
  lastError: string | null;
  /** The server refused its shape (4xx): kept and shown, not sent again until changed. */
  stuck: boolean;
  /** ms since the epoch before which it is not sent again (backoff). */
  nextTryAt: number;
  /** What its receipt printed, to print it again. */
  receipt: ReceiptModel;
}

interface TillSchema extends DBSchema {
  devices: { key: number; value: DeviceRecord };
  outbox: { key: number; value: OutboxEntry; indexes: { byStore: number } };
}

export const DB_NAME = 'pos-till';

let opened: Promise<IDBPDatabase<TillSchema>> | null = null;

function db(): Promise<IDBPDatabase<TillSchema>> {
  opened ??= openDB<TillSchema>(DB_NAME, 1, {
    upgrade(database) {
      database.createObjectStore('devices', { keyPath: 'storeId' });
      const outbox = database.createObjectStore('outbox', { keyPath: 'seq', autoIncrement: true });
      outbox.createIndex('byStore', 'storeId');
    },
  });
  return opened;
}

export const NO_NUMBERS_LEFT = 'This till has no order numbers left for offline sales. Reconnect to reserve more.';

export const deviceDb = {
  async device(storeId: number): Promise<DeviceRecord | undefined> {
    return (await db()).get('devices', storeId);
  },
  async putDevice(record: DeviceRecord): Promise<void> {
    await (await db()).put('devices', record);
  },
  /** Changes the record in one transaction (read, change, write), so two changes never lose one. */
  async updateDevice(storeId: number, change: (record: DeviceRecord) => DeviceRecord): Promise<DeviceRecord | undefined> {
    const tx = (await db()).transaction('devices', 'readwrite');
    const record = await tx.store.get(storeId);
    if (!record) {
      await tx.done;
      return undefined;
    }
    const next = change(record);
    await tx.store.put(next);
    await tx.done;
    return next;
  },
  /** The store's outbox, first in first. */
  async outbox(storeId: number): Promise<OutboxEntry[]> {
    return (await db()).getAllFromIndex('outbox', 'byStore', storeId);
  },
  async putEntry(entry: OutboxEntry): Promise<void> {
    await (await db()).put('outbox', entry);
  },
  async removeEntry(seq: number): Promise<void> {
    await (await db()).delete('outbox', seq);
  },
  /**
   * Takes the device's next number and puts the sale made with it in the outbox, in one
   * transaction: a number is never used twice, and a sale is stored before its receipt.
   */
  async queueSale(storeId: number, make: (orderNumber: string, device: DeviceRecord) => OutboxEntry): Promise<OutboxEntry> {
    const tx = (await db()).transaction(['devices', 'outbox'], 'readwrite');
    const device = await tx.objectStore('devices').get(storeId);
    const orderNumber = device?.numbers[0];
    if (!device || orderNumber === undefined) {
      tx.abort();
      await tx.done.catch(() => undefined);
      throw new Error(NO_NUMBERS_LEFT);
    }
    const entry = make(orderNumber, device);
    await tx.objectStore('devices').put({ ...device, numbers: device.numbers.slice(1) });
    const seq = await tx.objectStore('outbox').add(entry);
    await tx.done;
    return { ...entry, seq };
  },
};

export type DeviceDb = typeof deviceDb;
