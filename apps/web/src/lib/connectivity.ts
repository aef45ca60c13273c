/**
 * Whether the till can reach the server (docs/ARCHITECTURE.md, The offline till): the
 * browser says it is offline, or a call found no server (no answer at all: a failed
 * connection or a timeout; an answer with any status is a server reached). Any answer
 * puts it back online; the device's sync probes /health while no server answers.
 * Subscribable, for useSyncExternalStore.
 */
import { useSyncExternalStore } from 'react';
import { httpStatusOf } from './errors';

function createConnectivity(initiallyOnline: boolean) {
  let browserOnline = initiallyOnline;
  let unreachable = false;
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
    /** A call got no answer. */
    noteUnreachable: () => set(browserOnline, true),
    /** A call got an answer. */
    noteReached: () => set(true, false),
    subscribe(listener: () => void): () => void {
      listeners.add(listener);
      return () => listeners.delete(listener);
    },
  };
}

export type Connectivity = ReturnType<typeof createConnectivity>;
export { createConnectivity };

export const connectivity = createConnectivity(typeof navigator === 'undefined' ? true : navigator.onLine);

if (typeof window !== 'undefined') {
  window.addEventListener('online', () => connectivity.browserChanged(true));
  window.addEventListener('offline', () => connectivity.browserChanged(false));
}

/** A failure with no answer from the server (not one the caller aborted). */
export function isConnectFailure(error: unknown): boolean {
  if (httpStatusOf(error) !== null) return false;
  const cause = typeof error === 'object' && error !== null && 'cause' in error ? (error as { cause: unknown }).cause : error;
  return !(cause instanceof DOMException && cause.name === 'AbortError');
}

export function useOnline(): boolean {
  return useSyncExternalStore(connectivity.subscribe, connectivity.isOnline, () => true);
}
