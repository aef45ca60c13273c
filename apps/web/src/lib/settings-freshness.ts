/**
 * The store-settings freshness rules, in one place.
 *
 * The client keeps a copy of the store settings (and payment methods) in the query
 * cache. This module remembers when that copy was fetched and which storeUpdatedAt it
 * carries, and:
 * - when any answer carries a storeUpdatedAt newer than the copy's, refreshes the
 *   settings, at most one attempt every 10 s (a signal inside that window is kept and
 *   acted on when the window ends);
 * - counts the copy as stale once it is 30 minutes old; `ensureFreshSettings()`
 *   refreshes a stale (or known-outdated) copy, and the orders screen awaits it before
 *   creating an order, so new lines get current taxes.
 *
 * The rules live in `createSettingsFreshness`, pure logic over an injectable clock; the
 * app's instance below refreshes by refetching the settings queries. The tRPC client
 * feeds every answer to `observeResponse` (lib/trpc.ts, settingsFreshnessLink).
 */
import { queryClient } from './query-client';
import { session } from './session';
import { procedurePath, queryKeyOf, trpc } from './trpc-react';

/** The minimum time between two refresh attempts. */
export const SETTINGS_REFRESH_MIN_INTERVAL_MS = 10_000;
/** Settings older than this are stale (also checked before a new order). */
export const SETTINGS_STALE_AFTER_MS = 1_800_000;

/** Procedures whose answer IS the client's copy of the settings. */
export const SETTINGS_COPY_PATHS: ReadonlySet<string> = new Set([procedurePath(trpc.store.fetchSettings), procedurePath(trpc.store.updateSettings)]);
/** Queries refetched by a refresh: the settings and the payment methods. */
export const SETTINGS_QUERY_KEYS = [queryKeyOf(trpc.store.fetchSettings), queryKeyOf(trpc.store.payment.list)];

export interface FreshnessClock {
  now(): number;
  setTimeout(callback: () => void, ms: number): unknown;
  clearTimeout(handle: unknown): void;
}

export const systemClock: FreshnessClock = {
  now: () => Date.now(),
  setTimeout: (callback, ms) => globalThis.setTimeout(callback, ms),
  clearTimeout: (handle) => globalThis.clearTimeout(handle as ReturnType<typeof globalThis.setTimeout>),
};

/** Which store the copy belongs to (a role switch to another store makes it foreign). */
export type Scope = string | number | null;

export interface SettingsFreshnessOptions {
  /** Refetches the settings; its answer comes back through `observeResponse`. */
  refresh: () => Promise<unknown>;
  /** The store the screens currently work in. */
  currentScope: () => Scope;
  clock?: FreshnessClock;
  minIntervalMs?: number;
  staleAfterMs?: number;
}

export interface FreshnessSnapshot {
  scope: Scope;
  fetchedAt: number | null;
  copyUpdatedAt: number | null;
  latestSeenUpdatedAt: number | null;
  lastAttemptAt: number | null;
  refreshing: boolean;
  scheduled: boolean;
}

/** storeUpdatedAt of an answer as epoch milliseconds, or null when it has none. */
export function storeUpdatedAtOf(data: unknown): number | null {
  if (typeof data !== 'object' || data === null || !('storeUpdatedAt' in data)) return null;
  const raw = data.storeUpdatedAt;
  const ms = raw instanceof Date ? raw.getTime() : typeof raw === 'string' ? Date.parse(raw) : NaN;
  return Number.isFinite(ms) ? ms : null;
}

export function createSettingsFreshness(options: SettingsFreshnessOptions) {
  const clock = options.clock ?? systemClock;
  const minIntervalMs = options.minIntervalMs ?? SETTINGS_REFRESH_MIN_INTERVAL_MS;
  const staleAfterMs = options.staleAfterMs ?? SETTINGS_STALE_AFTER_MS;

  let scope: Scope = null;
  let fetchedAt: number | null = null;
  let copyUpdatedAt: number | null = null;
  let latestSeen: number | null = null;
  let lastAttemptAt: number | null = null;
  let inFlight: Promise<void> | null = null;
  let signalDuringFlight = false;
  let timer: unknown = null;

  const behind = () => copyUpdatedAt !== null && latestSeen !== null && latestSeen > copyUpdatedAt;

  function cancelTimer() {
    if (timer !== null) clock.clearTimeout(timer);
    timer = null;
  }

  function reset(newScope: Scope) {
    cancelTimer();
    scope = newScope;
    fetchedAt = null;
    copyUpdatedAt = null;
    latestSeen = null;
    signalDuringFlight = false;
  }

  function attempt(): Promise<void> {
    cancelTimer();
    lastAttemptAt = clock.now();
    signalDuringFlight = false;
    const run = (async () => {
      try {
        await options.refresh();
      } catch {
        // A failed refresh leaves the copy as it was; the next signal tries again.
      }
    })();
    const flight = run.finally(() => {
      if (inFlight === flight) inFlight = null;
      if (signalDuringFlight) {
        signalDuringFlight = false;
        maybeRefresh();
      }
    });
    inFlight = flight;
    return flight;
  }

  /** Refreshes when the copy is known to be outdated, within the 10 s rule. */
  function maybeRefresh() {
    if (!behind()) return;
    if (inFlight) {
      signalDuringFlight = true;
      return;
    }
    const wait = lastAttemptAt === null ? 0 : lastAttemptAt + minIntervalMs - clock.now();
    if (wait <= 0) {
      void attempt();
      return;
    }
    if (timer === null) {
      timer = clock.setTimeout(() => {
        timer = null;
        maybeRefresh();
      }, wait);
    }
  }

  const self = {
    /** The settings were (re)fetched or saved: this answer is now the client's copy. */
    noteCopy(copyScope: Scope, storeUpdatedAt: number) {
      if (copyScope !== scope) reset(copyScope);
      fetchedAt = clock.now();
      copyUpdatedAt = storeUpdatedAt;
      if (latestSeen === null || storeUpdatedAt > latestSeen) latestSeen = storeUpdatedAt;
      if (!behind()) cancelTimer();
    },

    /** Any other answer carrying the store's storeUpdatedAt. */
    noteStoreUpdatedAt(signalScope: Scope, storeUpdatedAt: number) {
      if (signalScope !== scope || copyUpdatedAt === null) return;
      if (latestSeen === null || storeUpdatedAt > latestSeen) latestSeen = storeUpdatedAt;
      maybeRefresh();
    },

    /** Feeds one successful tRPC answer (`path` is the procedure's dotted path). */
    observeResponse(path: string, answerScope: Scope, data: unknown) {
      const at = storeUpdatedAtOf(data);
      if (at === null) return;
      if (SETTINGS_COPY_PATHS.has(path)) self.noteCopy(answerScope, at);
      else self.noteStoreUpdatedAt(answerScope, at);
    },

    /** True when there is no copy for the current store or it is 30 minutes old or more. */
    isStale(): boolean {
      if (fetchedAt === null || scope !== options.currentScope()) return true;
      return clock.now() - fetchedAt >= staleAfterMs;
    },

    /**
     * Resolves once the settings are fresh: refreshes now (not held back by the 10 s
     * rule) when they are stale or known to be outdated, else resolves at once.
     */
    ensureFresh(): Promise<void> {
      if (!self.isStale() && !behind()) return Promise.resolve();
      return inFlight ?? attempt();
    },

    snapshot(): FreshnessSnapshot {
      return { scope, fetchedAt, copyUpdatedAt, latestSeenUpdatedAt: latestSeen, lastAttemptAt, refreshing: inFlight !== null, scheduled: timer !== null };
    },
  };
  return self;
}

export type SettingsFreshness = ReturnType<typeof createSettingsFreshness>;

/** The store the current role works in: the scope of every answer sent now. */
export function currentStoreScope(): Scope {
  return session.get().currentRole?.storeId ?? null;
}

/** The app's instance: a refresh refetches the cached settings and payment methods. */
export const settingsFreshness = createSettingsFreshness({
  currentScope: currentStoreScope,
  refresh: () =>
    Promise.all(SETTINGS_QUERY_KEYS.map((queryKey) => queryClient.invalidateQueries({ queryKey, refetchType: 'all' }))),
});

/**
 * Makes sure the cached store settings (taxes, commissions, payment methods) are fresh
 * before they are used for something that lasts, such as a new order (settings older
 * than 30 minutes are refreshed first).
 *
 * Resolves at once when the copy is younger than 30 minutes and no answer has reported
 * a newer storeUpdatedAt; otherwise refetches the cached settings queries and resolves
 * when that is done (it never rejects: a failed refresh leaves the old copy). Read the
 * settings afterwards from the cache, e.g. `await utils.store.fetchSettings.ensureData()`,
 * which also fetches them when they were never loaded.
 *
 * @example
 *   await ensureFreshSettings();
 *   const settings = await utils.store.fetchSettings.ensureData();
 */
export function ensureFreshSettings(): Promise<void> {
  return settingsFreshness.ensureFresh();
}
