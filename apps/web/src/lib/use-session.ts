import { useSyncExternalStore } from 'react';
import { session, type Session } from './session';

/** The stored session; re-renders on login, logout and role switch. */
export function useSession(): Session {
  return useSyncExternalStore(session.subscribe, session.get, session.get);
}
