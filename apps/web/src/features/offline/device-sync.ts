/**
 * The device's side of the offline till (docs/ARCHITECTURE.md, The offline till). While
 * the server answers, a round registers the device, sends the outbox first in, first out
 * (/offline/replay, each sale with its own clientId and idempotency key, so a resend never
 * sells twice), refreshes the snapshot when it is older than SNAPSHOT_MAX_AGE_MS (or when
 * asked), refills the number block at OFFLINE_REFILL_AT or fewer, and reports what still
 * waits (/device/report). A round runs at start, when the network returns, every minute,
 * and on demand. Pure of React: screens read `getState()` through `subscribe`.
 *
 * A browser sells offline only once someone enabled it on that till (`enable`): each device
 * takes a block of the store's order numbers, so a manager's laptop or a phone that only
 * looks at orders takes none, and the store's numbers run on without gaps.
 */
import { fromWire } from '@pos/contracts';
import { httpStatusOf, errorMessage } from '../../lib/errors';
import { newIdempotencyKey } from '../../lib/idempotency';
import type { DeviceApi } from './device-api';
import type { DeviceDb, DeviceRecord, OutboxEntry } from './device-db';
import { newUuid } from './uuid';

/** The snapshot is refreshed when older than this (and on demand). */
export const SNAPSHOT_MAX_AGE_MS = 5 * 60_000;
/** A block is refilled when this many numbers or fewer are left. */
export const REFILL_AT = 10;
/** Not synced for this long: the till warns. */
export const STALE_SYNC_MS = 24 * 3_600_000;
/** Backoff after a failed send: 2 s, doubling, at most 5 minutes. */
export function backoffMs(tries: number): number {
  return Math.min(5 * 60_000, 2_000 * 2 ** Math.max(0, tries - 1));
}

export interface StuckSale {
  orderNumber: string;
  error: string;
}

export interface SyncState {
  storeId: number | null;
  /** The device's record has been read. */
  loaded: boolean;
  /** This till sells offline for the store (it has a device record). */
  enabled: boolean;
  deviceId: string | null;
  pending: number;
  /** Σ totals of the sales waiting, micro-units. */
  pendingTotal: bigint;
  /** Sales the server refused as malformed: kept, shown, sent again at the next start. */
  stuck: StuckSale[];
  lastSyncAt: number | null;
  snapshot: DeviceRecord['snapshot'];
  snapshotAt: number | null;
  numbersLeft: number;
  syncing: boolean;
  /** Why the last round stopped short, if it did. */
  lastError: string | null;
}

const EMPTY: SyncState = {
  storeId: null,
  loaded: false,
  enabled: false,
  deviceId: null,
  pending: 0,
  pendingTotal: 0n,
  stuck: [],
  lastSyncAt: null,
  snapshot: null,
  snapshotAt: null,
  numbersLeft: 0,
  syncing: false,
  lastError: null,
};

/**
 * `forceSnapshot`: refresh it whatever its age (on demand). `includeStuck`: send the sales
 * refused before too (at start). `retryNow`: no backoff (at start, when the network returns).
 */
export interface RunOptions {
  forceSnapshot: boolean;
  includeStuck: boolean;
  retryNow: boolean;
}

export interface SyncDeps {
  api: DeviceApi;
  db: DeviceDb;
  now: () => number;
  online: () => boolean;
  /** The store the till sells for now, or null (no selling role). */
  storeId: () => number | null;
}

/** How a failed call is taken: no answer, a refusal of the sale's shape, or a server fault. */
export function failureKind(error: unknown): 'network' | 'refused' | 'retry' {
  const status = httpStatusOf(error);
  if (status === null) return 'network';
  // A session gone or a rate limit says nothing about the sale: try again later.
  if (status >= 400 && status < 500 && status !== 401 && status !== 408 && status !== 429) return 'refused';
  return 'retry';
}

export class DeviceSync {
  private state: SyncState = EMPTY;
  private readonly listeners = new Set<() => void>();
  private running: Promise<void> | null = null;
  private again: RunOptions | null = null;

  constructor(private readonly deps: SyncDeps) {}

  getState = (): SyncState => this.state;

  subscribe = (listener: () => void): (() => void) => {
    this.listeners.add(listener);
    return () => this.listeners.delete(listener);
  };

  private set(change: Partial<SyncState>): void {
    this.state = { ...this.state, ...change };
    for (const listener of [...this.listeners]) listener();
  }

  /** Makes this till sell offline for the current store (a device record with a new device id), then syncs. */
  async enable(): Promise<void> {
    const storeId = this.deps.storeId();
    if (storeId === null) return;
    if (!(await this.deps.db.device(storeId))) {
      const deviceId = newUuid();
      const record: DeviceRecord = { storeId, deviceId, name: `Till ${deviceId.slice(0, 4).toUpperCase()}`, registered: false, numbers: [], skipped: [], snapshot: null, snapshotAt: null, lastSyncAt: null };
      await this.deps.db.putDevice(record);
    }
    await this.run({ forceSnapshot: true });
  }

  /** The device's record for the store. */
  private async device(storeId: number): Promise<DeviceRecord> {
    const found = await this.deps.db.device(storeId);
    if (found) return found;
    throw new Error('This till does not sell offline');
  }

  /** Reads the device's record and outbox into the state (after every change). */
  async load(): Promise<void> {
    const storeId = this.deps.storeId();
    const device = storeId === null ? undefined : await this.deps.db.device(storeId);
    if (storeId === null || !device) {
      this.set({ ...EMPTY, storeId, loaded: true });
      return;
    }
    const outbox = await this.deps.db.outbox(storeId);
    this.set({
      storeId,
      loaded: true,
      enabled: true,
      deviceId: device.deviceId,
      pending: outbox.length,
      pendingTotal: outbox.reduce((sum, e) => sum + BigInt(e.total), 0n),
      stuck: outbox.filter((e) => e.stuck).map((e) => ({ orderNumber: e.orderNumber, error: e.lastError ?? '' })),
      lastSyncAt: device.lastSyncAt,
      snapshot: device.snapshot,
      snapshotAt: device.snapshotAt,
      numbersLeft: device.numbers.length,
    });
  }

  /** One sync round (at most one at a time; a call during a round runs another after it). */
  run(options: Partial<RunOptions> = {}): Promise<void> {
    const wanted: RunOptions = { forceSnapshot: options.forceSnapshot ?? false, includeStuck: options.includeStuck ?? false, retryNow: options.retryNow ?? false };
    if (this.running) {
      const a = this.again;
      this.again = { forceSnapshot: wanted.forceSnapshot || (a?.forceSnapshot ?? false), includeStuck: wanted.includeStuck || (a?.includeStuck ?? false), retryNow: wanted.retryNow || (a?.retryNow ?? false) };
      return this.running;
    }
    this.running = (async () => {
      let next: RunOptions | null = wanted;
      while (next) {
        this.again = null;
        await this.round(next);
        next = this.again;
      }
    })().finally(() => {
      this.running = null;
    });
    return this.running;
  }

  private async round({ forceSnapshot, includeStuck, retryNow }: RunOptions): Promise<void> {
    await this.load();
    const storeId = this.state.storeId;
    if (storeId === null || !this.state.enabled || !this.deps.online()) return;
    this.set({ syncing: true });
    try {
      let device = await this.device(storeId);
      const { api, db } = this.deps;
      if (!device.registered) {
        await api.register({ deviceId: device.deviceId, name: device.name });
        device = (await db.updateDevice(storeId, (d) => ({ ...d, registered: true }))) ?? device;
      }
      const sent = await this.sendOutbox(storeId, includeStuck, retryNow || includeStuck);
      const now = this.deps.now();
      if (forceSnapshot || device.snapshotAt === null || now - device.snapshotAt > SNAPSHOT_MAX_AGE_MS) {
        const snapshot = await api.snapshot();
        device = (await db.updateDevice(storeId, (d) => ({ ...d, snapshot, snapshotAt: this.deps.now() }))) ?? device;
      }
      if (device.numbers.length <= REFILL_AT) {
        const { numbers } = await api.reserveNumbers({ deviceId: device.deviceId, idempotencyKey: newIdempotencyKey() });
        device = (await db.updateDevice(storeId, (d) => ({ ...d, numbers: [...d.numbers, ...numbers.filter((n) => !d.numbers.includes(n))] }))) ?? device;
      }
      const outbox = await db.outbox(storeId);
      const skipped = device.skipped;
      await api.report({
        deviceId: device.deviceId,
        pending: outbox.length,
        oldestPendingAt: outbox.reduce<string | null>((oldest, e) => (oldest === null || e.soldAt < oldest ? e.soldAt : oldest), null),
        skippedNumbers: skipped,
      });
      await db.updateDevice(storeId, (d) => ({ ...d, skipped: d.skipped.filter((n) => !skipped.includes(n)), lastSyncAt: sent ? this.deps.now() : d.lastSyncAt }));
      this.set({ lastError: null });
    } catch (error) {
      this.set({ lastError: errorMessage(error, 'The till could not sync') });
    } finally {
      await this.load();
      this.set({ syncing: false });
    }
  }

  /**
   * Sends the waiting sales first in, first out. Answered (completed, or kept for a
   * manager): removed. No answer or a server fault: kept, tried again after a backoff,
   * and the round stops there. Refused as malformed (4xx): kept, marked stuck, and the
   * next one goes. True when every sale due was answered.
   */
  private async sendOutbox(storeId: number, includeStuck: boolean, ignoreBackoff: boolean): Promise<boolean> {
    const { api, db } = this.deps;
    for (const entry of await db.outbox(storeId)) {
      if (entry.stuck && !includeStuck) continue;
      if (!entry.stuck && !ignoreBackoff && entry.nextTryAt > this.deps.now()) return false;
      try {
        await api.replay({
          deviceId: entry.deviceId,
          clientId: entry.clientId,
          orderNumber: entry.orderNumber,
          soldAt: entry.soldAt,
          customerName: entry.customerName,
          items: entry.items,
          payments: entry.payments,
          idempotencyKey: entry.idempotencyKey,
        });
        if (entry.seq !== undefined) await db.removeEntry(entry.seq);
      } catch (error) {
        const kind = failureKind(error);
        const tries = entry.tries + 1;
        const kept: OutboxEntry = { ...entry, tries, lastError: errorMessage(error, 'The server refused the sale'), stuck: kind === 'refused', nextTryAt: this.deps.now() + backoffMs(tries) };
        await db.putEntry(kept);
        if (kind !== 'refused') throw error;
      }
    }
    return true;
  }

  /** Puts a sale in the outbox with the device's next number (device-db.ts, queueSale). */
  async queueSale(make: (orderNumber: string, device: DeviceRecord) => OutboxEntry): Promise<OutboxEntry> {
    const storeId = this.state.storeId ?? this.deps.storeId();
    if (storeId === null) throw new Error('No store is selected');
    const entry = await this.deps.db.queueSale(storeId, make);
    await this.load();
    return entry;
  }
}

/** Whether the device has gone too long without reaching the server. */
export function syncIsStale(state: Pick<SyncState, 'lastSyncAt' | 'pending'>, now: number): boolean {
  if (state.lastSyncAt === null) return state.pending > 0;
  return now - state.lastSyncAt > STALE_SYNC_MS;
}

/** The snapshot's offline limits in the domain's terms. */
export function snapshotLimits(snapshot: NonNullable<DeviceRecord['snapshot']>) {
  const l = snapshot.store.limits;
  return { offlineMaxSales: l.offlineMaxSales, offlineMaxTotal: fromWire(l.offlineMaxTotal), offlineMaxHours: l.offlineMaxHours };
}
