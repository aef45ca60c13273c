/**
 * The context both doors build for a call: the database, configuration, a logger, the
 * caller's claimed identity (token, storeId, role) and ways to set the session cookie
 * and a response header. Who the caller really is gets decided by the procedures in trpc.ts.
 */
import type { Kysely } from 'kysely';
import type { Database } from '@pos/db';

/**
 * Limits on sign-in (docs/API.md): only failures count, per (account, address) pair
 * and per address across accounts; sign-ups count per address.
 */
export interface SignInLimits {
  /** Failed logins and password changes of one account from one address, within the window. */
  failuresPerAccountAddress: number;
  /** Failed logins and password changes from one address, whatever the account, within the window. */
  failuresPerAddress: number;
  failureWindowMs: number;
  signupsPerAddress: number;
  signupWindowMs: number;
}

export interface ApiConfig {
  /** Session lifetime: 30 days. */
  sessionTtlMs: number;
  signInLimits: SignInLimits;
  /** scrypt cost N (a power of two); tests lower it. Hashes of a lower cost still verify. */
  scryptCost: number;
  /** Password hashes computed at once, and how many more may wait before a 503. */
  passwordHashing: { concurrency: number; queue: number };
  /** Old attempt records and expired sessions are deleted at most this often (per process). */
  pruneIntervalMs: number;
  /** The clock dashboards read "today" and "this month" from, and invitations expire by; tests pin it. */
  now: () => Date;
  /** Where the web app is reached (PUBLIC_URL), for links the product hands out; else the request's own origin. */
  publicUrl?: string;
}

export const DEFAULT_SIGN_IN_LIMITS: SignInLimits = {
  failuresPerAccountAddress: 10,
  failuresPerAddress: 100,
  failureWindowMs: 15 * 60 * 1000,
  signupsPerAddress: 50,
  signupWindowMs: 60 * 60 * 1000,
};

export const DEFAULT_SCRYPT_COST = 2 ** 17;

export const DEFAULT_API_CONFIG: ApiConfig = {
  sessionTtlMs: 30 * 24 * 60 * 60 * 1000,
  signInLimits: DEFAULT_SIGN_IN_LIMITS,
  scryptCost: DEFAULT_SCRYPT_COST,
  passwordHashing: { concurrency: 2, queue: 64 },
  pruneIntervalMs: 60 * 1000,
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
  /** The scheme and host the request was made to ('https://mall.example'), when the door knows it. */
  origin?: string;
  /** Sets (token) or clears (null) the HttpOnly session cookie; a no-op for createCaller. */
  setSessionCookie: (token: string | null, maxAgeMs?: number) => void;
  /** Sets a header of the HTTP answer (retry-after on a 429), on either door; a no-op for createCaller. */
  setResponseHeader: (name: string, value: string) => void;
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
