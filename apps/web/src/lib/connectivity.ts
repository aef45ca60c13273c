/**
 * Whether the till can reach the server (docs/ARCHITECTURE.md, The offline till): the
 * browser says it is offline, or a call found no server (no answer at all: a failed
 * connection or a timeout) and /health, asked at once, gets no answer either (one lost
 * answer while the server is there is the caller's to retry, not a reason to leave the
 * online till). Any answer puts it back online; the device's sync asks /health every
 * 15 s while no server answers. Subscribable, for useSyncExternalStore.
 */
import { useSyncExternalStore } from 'react';
import { httpStatusOf } from './errors';

const PROBE_TIMEOUT_MS = 5_000;

/** Whether the server answers at all (any status). */
export function probeServer(): Promise<boolean> {
  return fetch('/health', { cache: 'no-store', signal: AbortSignal.timeout(PROBE_TIMEOUT_MS) }).then(
    () => true,
    () => false,
  );
}

function createConnectivity(initiallyOnline: boolean, probe: () => Promise<boolean>) {
  let browserOnline = initiallyOnline;
  let unreachable = false;
  let probing: Promise<void> | null = null;
  const listeners = new Set<() => void>();
  const notify = () => {
    for (const listener of [...listeners]) listener();
  };
  const set = (online: boolean, noServer: boolean) => {
    if (online === browserOnline && noServer === unreachable) return;
    browserOnline = online;
    unreachable = noServer;
    notify();
  };
  return {
    isOnline: (): boolean => browserOnline && !unreachable,
    /** The browser's online and offline events. */
    browserChanged: (online: boolean) => set(online, online ? false : unreachable),
    /** A call got no answer: the server is asked directly whether it is there. */
    noteCallFailed(): Promise<void> {
      probing ??= probe()
        .then((answered) => set(browserOnline, !answered))
        .finally(() => {
          probing = null;
        });
      return probing;
    },
    /** A call got an answer. */
    noteReached: () => set(true, false),
    subscribe: (listener: () => void): (() => void) => {
      listeners.add(listener);
      return () => listeners.delete(listener);
    },
  };
}

export type Connectivity = ReturnType<typeof createConnectivity>;
export { createConnectivity };

export const connectivity = createConnectivity(typeof navigator === 'undefined' ? true : navigator.onLine, probeServer);

if (typeof window !== 'undefined') {
  window.addEventListener('online', () => connectivity.browserChanged(true));
  window.addEventListener('offline', () => connectivity.browserChanged(false));
}

/** A failure with no answer from the server (not one the caller aborted). */
export function isConnectFailure(error: unknown): boolean {
  if (httpStatusOf(error) !== null) return false;
  const cause = typeof error === 'object' && error !== null && 'cause' in error ? error.cause : error;
  return !(cause instanceof DOMException && cause.name === 'AbortError');
}

export function useOnline(): boolean {
  return useSyncExternalStore(connectivity.subscribe, connectivity.isOnline, () => true);
}
