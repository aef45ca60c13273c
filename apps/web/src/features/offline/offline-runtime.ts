/**
 * What the app starts after its first screen (docs/ARCHITECTURE.md, The offline till):
 * the service worker, which keeps the app openable with no network, and the device's
 * sync (device-sync.ts): a round at start (every waiting sale sent, stuck ones too), when
 * the network returns, every minute, and when the role changes. While the browser is
 * online but no server answers, /health is asked every 15 seconds. The browser is asked to
 * keep the device's data (`navigator.storage.persist()`).
 */
import { includes } from '@pos/domain';
import { connectivity, probeServer } from '../../lib/connectivity';
import { session } from '../../lib/session';
import { startServiceWorker } from '../../lib/service-worker';
import type { createTrpcClient } from '../../lib/trpc';
import type { DeviceApi, DeviceSnapshotWire, ReplayAnswer } from './device-api';
import { deviceDb } from './device-db';
import { DeviceSync } from './device-sync';

type TrpcClient = ReturnType<typeof createTrpcClient>;

const ROUND_EVERY_MS = 60_000;
const PROBE_EVERY_MS = 15_000;

/** The device procedures through the app's tRPC client. */
export function trpcDeviceApi(client: TrpcClient): DeviceApi {
  return {
    register: (input) => client.device.register.mutate(input),
    reserveNumbers: (input) => client.device.reserveNumbers.mutate(input),
    report: (input) => client.device.report.mutate(input),
    snapshot: async (): Promise<DeviceSnapshotWire> => client.device.snapshot.query({}),
    replay: async (input): Promise<ReplayAnswer> => client.offline.replay.mutate(input),
    reachable: probeServer,
  };
}

/** The store the current role sells for, or null (a vendor, the administrator, no role). */
function sellingStoreId(): number | null {
  const role = session.get().currentRole;
  return role && includes(role.role, 'STORE_STAFF') ? role.storeId : null;
}

let sync: DeviceSync | null = null;
let selling = false;

/** Set by the offline till while a sale is being rung up: no update is applied then. */
export function setSaleInProgress(value: boolean): void {
  selling = value;
}

export function deviceSyncFor(client: TrpcClient): DeviceSync {
  if (sync) return sync;
  const api = trpcDeviceApi(client);
  const started = new DeviceSync({ api, db: deviceDb, now: Date.now, online: connectivity.isOnline, storeId: sellingStoreId });
  sync = started;
  void navigator.storage?.persist?.().catch(() => false);
  void started.run({ includeStuck: true, retryNow: true });
  let wasOnline = connectivity.isOnline();
  connectivity.subscribe(() => {
    const online = connectivity.isOnline();
    if (online && !wasOnline) void started.run({ retryNow: true });
    wasOnline = online;
  });
  let storeId = sellingStoreId();
  session.subscribe(() => {
    if (sellingStoreId() === storeId) return;
    storeId = sellingStoreId();
    void started.run({ includeStuck: true, retryNow: true });
  });
  setInterval(() => {
    if (connectivity.isOnline()) void started.run();
  }, ROUND_EVERY_MS);
  setInterval(() => {
    if (navigator.onLine && !connectivity.isOnline()) void api.reachable().then((ok) => ok && connectivity.noteReached());
  }, PROBE_EVERY_MS);
  return started;
}

export function startOfflineRuntime(client: TrpcClient): void {
  void startServiceWorker(() => selling);
  deviceSyncFor(client);
}
