import { describe, expect, it } from 'vitest';
import { getQueryKey } from '@trpc/react-query';
import { queryClient } from './query-client';
import {
  createSettingsFreshness,
  ensureFreshSettings,
  SETTINGS_COPY_PATHS,
  SETTINGS_REFRESH_MIN_INTERVAL_MS,
  SETTINGS_STALE_AFTER_MS,
  storeUpdatedAtOf,
  type FreshnessClock,
  type Scope,
} from './settings-freshness';
import { trpc } from './trpc-react';

/** A clock that only moves when told to, running due timers as it goes. */
function fakeClock(start = 1_000_000): FreshnessClock & { advance(ms: number): void; pending(): number } {
  let now = start;
  let nextId = 1;
  const timers = new Map<number, { at: number; callback: () => void }>();
  return {
    now: () => now,
    setTimeout(callback, ms) {
      const id = nextId++;
      timers.set(id, { at: now + ms, callback });
      return id;
    },
    clearTimeout(handle) {
      timers.delete(handle as number);
    },
    advance(ms) {
      const end = now + ms;
      for (;;) {
        const due = [...timers.entries()].filter(([, t]) => t.at <= end).sort((a, b) => a[1].at - b[1].at)[0];
        if (!due) break;
        timers.delete(due[0]);
        now = due[1].at;
        due[1].callback();
      }
      now = end;
    },
    pending: () => timers.size,
  };
}

const T0 = Date.parse('2025-01-01T10:00:00.000Z');
const T1 = T0 + 1;
const T2 = T0 + 2;
const iso = (ms: number) => new Date(ms).toISOString();
const flush = () => new Promise<void>((resolve) => setTimeout(resolve, 0));

function setup(options: { scope?: Scope; refresh?: () => Promise<unknown> } = {}) {
  const clock = fakeClock();
  let scope: Scope = options.scope ?? 7;
  const refreshes: number[] = [];
  const freshness = createSettingsFreshness({
    clock,
    currentScope: () => scope,
    refresh:
      options.refresh ??
      (() => {
        refreshes.push(clock.now());
        return Promise.resolve();
      }),
  });
  return {
    clock,
    freshness,
    refreshes,
    setScope: (s: Scope) => {
      scope = s;
    },
  };
}

describe('storeUpdatedAtOf', () => {
  it('reads an ISO string or a Date, and nothing else', () => {
    expect(storeUpdatedAtOf({ storeUpdatedAt: iso(T0) })).toBe(T0);
    expect(storeUpdatedAtOf({ storeUpdatedAt: new Date(T1) })).toBe(T1);
    expect(storeUpdatedAtOf({ storeUpdatedAt: 'yesterday' })).toBeNull();
    expect(storeUpdatedAtOf({ success: true })).toBeNull();
    expect(storeUpdatedAtOf(null)).toBeNull();
    expect(storeUpdatedAtOf([1, 2])).toBeNull();
  });
});

describe("the app's instance and tRPC's keys", () => {
  it('knows the settings answers by the paths the links see', () => {
    expect([...SETTINGS_COPY_PATHS]).toEqual(['store.fetchSettings', 'store.updateSettings']);
  });

  it('refetches the cached settings and payment methods, and nothing else, when the copy is stale', async () => {
    // Cached the way the screens' useQuery hooks cache them.
    const fetched: string[] = [];
    const cache = (procedure: Parameters<typeof getQueryKey>[0], name: string) =>
      queryClient.fetchQuery({ queryKey: getQueryKey(procedure, undefined, 'query'), queryFn: () => fetched.push(name) });
    await cache(trpc.store.fetchSettings, 'settings');
    await cache(trpc.store.payment.list, 'payment methods');
    await cache(trpc.vendor.list, 'vendors');
    fetched.length = 0;

    await ensureFreshSettings();
    expect(fetched.sort()).toEqual(['payment methods', 'settings']);
  });
});

describe('a newer storeUpdatedAt triggers a refresh', () => {
  it('refreshes when an answer reports a newer storeUpdatedAt than the copy', async () => {
    const { freshness, refreshes } = setup();
    freshness.observeResponse('store.fetchSettings', 7, { storeUpdatedAt: iso(T0) });
    freshness.observeResponse('order.next', 7, { storeUpdatedAt: iso(T0) });
    expect(refreshes).toHaveLength(0);
    freshness.observeResponse('order.next', 7, { storeUpdatedAt: iso(T1) });
    expect(refreshes).toHaveLength(1);
    await flush();
    expect(freshness.snapshot().refreshing).toBe(false);
  });

  it('ignores answers without storeUpdatedAt, older ones, and any before settings were loaded', () => {
    const { freshness, refreshes } = setup();
    freshness.observeResponse('order.next', 7, { storeUpdatedAt: iso(T2) });
    expect(refreshes).toHaveLength(0);
    freshness.observeResponse('store.fetchSettings', 7, { storeUpdatedAt: iso(T1) });
    freshness.observeResponse('order.lookup', 7, { orderStubs: [] });
    freshness.observeResponse('order.next', 7, { storeUpdatedAt: iso(T0) });
    expect(refreshes).toHaveLength(0);
  });

  it('takes a saved settings answer as the new copy, without refreshing', () => {
    const { freshness, refreshes } = setup();
    freshness.observeResponse('store.fetchSettings', 7, { storeUpdatedAt: iso(T0) });
    freshness.observeResponse('store.updateSettings', 7, { storeUpdatedAt: iso(T1) });
    expect(refreshes).toHaveLength(0);
    expect(freshness.snapshot().copyUpdatedAt).toBe(T1);
  });

  it('ignores answers for another store than the copy', () => {
    const { freshness, refreshes } = setup();
    freshness.observeResponse('store.fetchSettings', 7, { storeUpdatedAt: iso(T0) });
    freshness.observeResponse('store.payment.list', 8, { storeUpdatedAt: iso(T2) });
    expect(refreshes).toHaveLength(0);
  });
});

describe('at most one refresh attempt every 10 s', () => {
  it('holds a second signal back until 10 s after the last attempt, then refreshes once', async () => {
    const { clock, freshness, refreshes } = setup();
    freshness.noteCopy(7, T0);
    freshness.noteStoreUpdatedAt(7, T1);
    expect(refreshes).toEqual([clock.now()]);
    const first = clock.now();
    await flush();
    // The refresh answer did not arrive with T1 (say it failed); more signals come in.
    clock.advance(3_000);
    freshness.noteStoreUpdatedAt(7, T2);
    clock.advance(1_000);
    freshness.noteStoreUpdatedAt(7, T2);
    expect(refreshes).toHaveLength(1);
    clock.advance(SETTINGS_REFRESH_MIN_INTERVAL_MS - 4_000 - 1);
    expect(refreshes).toHaveLength(1);
    clock.advance(1);
    expect(refreshes).toEqual([first, first + SETTINGS_REFRESH_MIN_INTERVAL_MS]);
    expect(clock.pending()).toBe(0);
  });

  it('drops the held-back attempt when a fresh copy arrives meanwhile', async () => {
    const { clock, freshness, refreshes } = setup();
    freshness.noteCopy(7, T0);
    freshness.noteStoreUpdatedAt(7, T1);
    await flush();
    clock.advance(2_000);
    freshness.noteStoreUpdatedAt(7, T2);
    expect(freshness.snapshot().scheduled).toBe(true);
    freshness.noteCopy(7, T2);
    expect(freshness.snapshot().scheduled).toBe(false);
    clock.advance(60_000);
    expect(refreshes).toHaveLength(1);
  });

  it('a signal during a refresh in flight is acted on after it, within the 10 s rule', async () => {
    let release: () => void = () => undefined;
    const clock = fakeClock();
    const refreshes: number[] = [];
    const freshness = createSettingsFreshness({
      clock,
      currentScope: () => 7,
      refresh: () => {
        refreshes.push(clock.now());
        return new Promise<void>((resolve) => (release = resolve));
      },
    });
    freshness.noteCopy(7, T0);
    freshness.noteStoreUpdatedAt(7, T1);
    freshness.noteStoreUpdatedAt(7, T2);
    expect(refreshes).toHaveLength(1);
    // The refresh answers with T1 only: T2 is still newer.
    freshness.noteCopy(7, T1);
    release();
    await flush();
    expect(refreshes).toHaveLength(1);
    expect(freshness.snapshot().scheduled).toBe(true);
    clock.advance(SETTINGS_REFRESH_MIN_INTERVAL_MS);
    expect(refreshes).toHaveLength(2);
  });

  it('survives a refresh that throws', async () => {
    const { freshness } = setup({ refresh: () => Promise.reject(new Error('offline')) });
    freshness.noteCopy(7, T0);
    freshness.noteStoreUpdatedAt(7, T1);
    await flush();
    expect(freshness.snapshot().refreshing).toBe(false);
    await expect(freshness.ensureFresh()).resolves.toBeUndefined();
  });
});

describe('staleness after 30 minutes and ensureFresh', () => {
  it('is stale without a copy, fresh just after one, stale 30 minutes later', () => {
    const { clock, freshness } = setup();
    expect(freshness.isStale()).toBe(true);
    freshness.noteCopy(7, T0);
    expect(freshness.isStale()).toBe(false);
    clock.advance(SETTINGS_STALE_AFTER_MS - 1);
    expect(freshness.isStale()).toBe(false);
    clock.advance(1);
    expect(freshness.isStale()).toBe(true);
  });

  it('counts a copy of another store as stale (after a role switch)', () => {
    const { freshness, setScope } = setup();
    freshness.noteCopy(7, T0);
    setScope(8);
    expect(freshness.isStale()).toBe(true);
  });

  it('does nothing when fresh, refreshes when stale, ignoring the 10 s rule', async () => {
    const { clock, freshness, refreshes } = setup();
    freshness.noteCopy(7, T0);
    await freshness.ensureFresh();
    expect(refreshes).toHaveLength(0);

    clock.advance(SETTINGS_STALE_AFTER_MS);
    const done = freshness.ensureFresh();
    expect(refreshes).toHaveLength(1);
    await done;
    freshness.noteCopy(7, T0);
    await freshness.ensureFresh();
    expect(refreshes).toHaveLength(1);
  });

  it('refreshes a copy known to be outdated even when young, and shares a refresh in flight', async () => {
    const { freshness, refreshes } = setup();
    freshness.noteCopy(7, T0);
    freshness.noteStoreUpdatedAt(7, T1); // attempt 1, in flight
    const a = freshness.ensureFresh();
    const b = freshness.ensureFresh();
    expect(refreshes).toHaveLength(1);
    await Promise.all([a, b]);
    // Still behind (no T1 copy came back): ensureFresh tries again at once.
    await freshness.ensureFresh();
    expect(refreshes).toHaveLength(2);
  });

  it('refreshes when no settings were ever loaded', async () => {
    const { freshness, refreshes } = setup();
    await freshness.ensureFresh();
    expect(refreshes).toHaveLength(1);
  });
});
