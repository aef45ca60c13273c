/**
 * Factories for integration tests: call the API's procedures through createCaller as a
 * given person, on a real database (see db.ts), with the same Context the doors build.
 *
 *   const h = createApiHarness(db);
 *   const owner = await signUpOwner(h);
 *   const cashier = await addStaff(h, owner, 'STORE_STAFF');
 *   await h.as(cashier).staff.list();            // 403
 *   await h.as(owner, { role: 'KING' }).staff.list(); // 400
 */
import { randomBytes } from 'node:crypto';
import type { Kysely } from 'kysely';
import {
  appRouter,
  HTTP_STATUS,
  toAppError,
  createCallerFactory,
  DEFAULT_API_CONFIG,
  ensureAdmin,
  parseStoreId,
  type AdminSeed,
  type ApiConfig,
  type Context,
  type Logger,
} from '@pos/api';
import type { Database } from '@pos/db';
import type { Role, StoreRole } from '@pos/domain';

const createCaller = createCallerFactory(appRouter);
export type Caller = ReturnType<typeof createCaller>;

/** Someone signed in, with the (storeId, role) they call as. */
export interface Person {
  userId: number;
  username: string;
  email: string;
  password: string;
  token: string;
  storeId: number;
  storeName: string;
  role: Role;
}

/** A claimed identity as a client sends it: storeId is raw (a number, '7', -1, ...). */
export interface Claim {
  token?: string | null;
  storeId?: unknown;
  role?: string | null;
}

export interface ApiHarness {
  db: Kysely<Database>;
  config: ApiConfig;
  /** A caller claiming exactly `claim` (nothing: anonymous). */
  call(claim?: Claim): Caller;
  /** A caller acting as `person` in their (storeId, role); `overrides` replace parts of the claim. */
  as(person: Person, overrides?: Claim): Caller;
}

export const silentLogger: Logger = { error() {}, warn() {}, info() {} };

export function createApiHarness(
  db: Kysely<Database>,
  options: { config?: Partial<ApiConfig>; log?: Logger; ip?: string; onHeader?: (name: string, value: string) => void } = {},
): ApiHarness {
  const config: ApiConfig = { ...DEFAULT_API_CONFIG, scryptCost: 1024, ...options.config };
  const call = (claim: Claim = {}): Caller => {
    const ctx: Context = {
      db,
      config,
      log: options.log ?? silentLogger,
      ip: options.ip ?? '127.0.0.1',
      identity: { token: claim.token ?? null, storeId: parseStoreId(claim.storeId), role: claim.role ?? null },
      setSessionCookie: () => {},
      setResponseHeader: options.onHeader ?? (() => {}),
    };
    return createCaller(ctx);
  };
  return {
    db,
    config,
    call,
    as: (person, overrides = {}) => call({ token: person.token, storeId: person.storeId, role: person.role, ...overrides }),
  };
}

let sequence = 0;
/** A name no other call of this run has produced: letters and digits only. */
export function uniqueName(prefix = 'user'): string {
  sequence += 1;
  return `${prefix}${sequence}x${randomBytes(3).toString('hex')}`;
}

export interface NewAccount {
  username: string;
  email: string;
  password: string;
}

function newAccount(overrides: Partial<NewAccount> = {}): NewAccount {
  const username = overrides.username ?? uniqueName();
  return { username, email: overrides.email ?? `${username.toLowerCase()}@example.test`, password: overrides.password ?? 'correct horse 1' };
}

type LoginAnswer = Awaited<ReturnType<Caller['auth']['login']>>;

function personFrom(answer: LoginAnswer, password: string, pick: { storeId?: number; role?: Role } = {}): Person {
  const assignment = answer.roles.find((r) => (pick.storeId === undefined || r.storeId === pick.storeId) && (pick.role === undefined || r.role === pick.role));
  if (!assignment) throw new Error(`${answer.username} holds no role matching ${JSON.stringify(pick)}`);
  return {
    userId: answer.userId,
    username: answer.username,
    email: answer.email,
    password,
    token: answer.token,
    storeId: assignment.storeId,
    storeName: assignment.storeName,
    role: assignment.role,
  };
}

/** Signs up a new store and its STORE_OWNER (unique names unless given). */
export async function signUpOwner(h: ApiHarness, overrides: Partial<NewAccount & { storeName: string }> = {}): Promise<Person> {
  const account = newAccount(overrides);
  const storeName = overrides.storeName ?? uniqueName('Store ');
  const answer = await h.call().auth.signup({ ...account, storeName });
  return personFrom(answer, account.password, { role: 'STORE_OWNER' });
}

/** `by` adds a new user holding `role` in by's store; the new person is signed in. */
export async function addStaff(h: ApiHarness, by: Person, role: StoreRole, overrides: Partial<NewAccount> = {}): Promise<Person> {
  const account = newAccount(overrides);
  await h.as(by).staff.add({ ...account, staffRole: role });
  return loginAs(h, { usernameOrEmail: account.username, password: account.password }, { storeId: by.storeId, role });
}

/** Logs in and acts in the assignment `pick` selects (default: the first, as the client does). */
export async function loginAs(
  h: ApiHarness,
  credentials: { usernameOrEmail: string; password: string },
  pick: { storeId?: number; role?: Role } = {},
): Promise<Person> {
  const answer = await h.call().auth.login(credentials);
  return personFrom(answer, credentials.password, pick);
}

export const ADMIN_SEED: AdminSeed = { username: 'root', email: 'root@example.test', password: 'admin password 1' };

/** The ABSOLUTE_ADMIN of ADMIN_* (created once), signed in on the platform store. */
export async function signInAdmin(h: ApiHarness, seed: AdminSeed = ADMIN_SEED): Promise<Person> {
  await ensureAdmin(h.db, seed, h.config.scryptCost);
  return loginAs(h, { usernameOrEmail: seed.username, password: seed.password }, { role: 'ABSOLUTE_ADMIN' });
}

/** How a call failed, as the REST door would answer it; throws when the call succeeds. */
export async function failureOf(call: Promise<unknown>): Promise<{ status: number; code: string; message: string }> {
  let result: unknown;
  try {
    result = await call;
  } catch (error) {
    const e = toAppError(error);
    return { status: HTTP_STATUS[e.code], code: e.code, message: e.message };
  }
  throw new Error(`expected the call to fail, it answered ${JSON.stringify(result, (_k, v) => (typeof v === 'bigint' ? v.toString() : v))}`);
}
