/**
 * The context both doors build for a call: the database, configuration, a logger, the
 * caller's claimed identity (token, storeId, role: CONTRACT 2) and a way to set the
 * session cookie. Who the caller really is gets decided by the procedures in trpc.ts.
 */
import type { Kysely } from 'kysely';
import type { Database } from '@pos/db';

export interface ApiConfig {
  /** Session lifetime (CONTRACT 2: 30 days). */
  sessionTtlMs: number;
  /** Failed logins for one account within the window before 429. */
  loginFailureLimit: number;
  loginFailureWindowMs: number;
  /** scrypt cost; tests may lower it. */
  scryptCost: number;
  /** The clock dashboards read "today" and "this month" from; tests pin it. */
  now: () => Date;
}

export const DEFAULT_API_CONFIG: ApiConfig = {
  sessionTtlMs: 30 * 24 * 60 * 60 * 1000,
  loginFailureLimit: 5,
  loginFailureWindowMs: 15 * 60 * 1000,
  scryptCost: 16384,
  now: () => new Date(),
};

export interface Logger {
  error(obj: object, msg?: string): void;
  warn(obj: object, msg?: string): void;
  info(obj: object, msg?: string): void;
}

export interface Identity {
  token: string | null;
  /** 'invalid' when a storeId was sent that is not a positive integer (a 400). */
  storeId: number | null | 'invalid';
  role: string | null;
}

export interface Context {
  db: Kysely<Database>;
  config: ApiConfig;
  log: Logger;
  identity: Identity;
  ip: string;
  /** Sets (token) or clears (null) the HttpOnly session cookie; a no-op for createCaller. */
  setSessionCookie: (token: string | null, maxAgeMs?: number) => void;
}

/** Parses the claimed storeId: a positive integer, nothing, or 'invalid'. */
export function parseStoreId(value: unknown): number | null | 'invalid' {
  if (value === undefined || value === null || value === '') return null;
  if (typeof value === 'number' && Number.isSafeInteger(value) && value > 0) return value;
  if (typeof value === 'string' && /^\d{1,15}$/.test(value.trim())) {
    const n = Number(value.trim());
    if (n > 0) return n;
  }
  return 'invalid';
}
