/**
 * tRPC for the whole API, in three parts:
 * 1. init: context, meta (each procedure's REST path), superjson (./transformer), the error shape;
 * 2. the error normaliser every procedure runs inside (the statuses of docs/API.md);
 * 3. the procedures by who may call them: public, authed (a live session),
 *    roleProcedure(role): the caller holds (storeId, role) and role includes `role`
 *    (the role hierarchy of packages/domain roles.ts), and anyRoleProcedure(...roles):
 *    the same for a role that includes any one of them, and vendorProcedure: the caller holds
 *    (storeId, VENDOR), and the vendor is the assignment's. A wrong role is FORBIDDEN (403),
 *    never 401. VENDOR includes no store role and none includes it, so a vendor is refused
 *    every store procedure and a store role every portal procedure.
 */
import { initTRPC } from '@trpc/server';
import type { z } from 'zod';
import { ROLES, includes, isRole, type Role } from '@pos/domain';
import { AppError, httpStatusOf, internalError, toAppError } from './errors';
import type { Context } from './context';
import { transformer } from './transformer';
import { findSessionIdentity, touchSession } from './features/auth/auth.repository';
import { hashToken } from './features/auth/tokens';

// 1. init ---------------------------------------------------------------------------
/**
 * Who may call a procedure: 'public' (anyone), 'signed-in' (a live session, whatever its
 * stores), 'member' (holds the claimed storeId and role, any role), a role the caller's
 * current role must include, or roles of which it must include one. Set by the base
 * procedures below, never by hand.
 */
export type Access = 'public' | 'signed-in' | 'member' | Role | readonly Role[];

export interface Meta {
  /** The path this procedure answers at `POST /api/v1<path>` (set where it is declared). */
  path?: string;
  /** Set by its base procedure; the REST door's description and docs/API.md show it. */
  access?: Access;
  /** A rule on who may do what that the procedure checks itself, beyond `access`. */
  accessNote?: string;
}

const t = initTRPC
  .context<Context>()
  .meta<Meta>()
  .create({
    transformer,
    isDev: false,
    // Errors raised before a procedure runs (an unreadable body, a batch too large)
    // are normalised here too, so every answer's status comes from the one map.
    errorFormatter({ shape, error }) {
      const normal = toAppError(error);
      return { ...shape, message: normal.message, data: { ...shape.data, code: normal.code, httpStatus: httpStatusOf(normal) } };
    },
  });

export const router = t.router;

/** An output schema as tRPC's answer check (`syncOutput`): its types, its `parse`, and the schema itself. */
export interface SyncOutput<T extends z.ZodType> {
  _input: z.input<T>;
  _output: z.output<T>;
  schema: T;
  parse(value: unknown): z.output<T>;
}

/**
 * A procedure's output schema, checked with zod's `parse`. tRPC runs a parser's
 * `parseAsync` whenever it has one, and zod's async run costs 4-5 times its sync one for
 * the same answer (0.51 against 0.11 ms of CPU for 500 order stubs: a promise and a
 * payload per node; docs/PERFORMANCE.md, "Read paths"). No output schema refines
 * asynchronously, so every `.output()` takes its schema through this: tRPC finds no
 * `parseAsync` and calls `parse`. The REST door's documents read the schema (`schema`).
 */
export function syncOutput<T extends z.ZodType>(schema: T): SyncOutput<T> {
  return { schema, parse: (value: unknown) => schema.parse(value) } as SyncOutput<T>;
}

/**
 * A procedure's output schema with a check of its own that answers exactly what the
 * schema's `parse` does, for answers too large for zod's check of every row (the trial
 * balance's). The REST door's documents still read the schema.
 */
export function checkedOutput<T extends z.ZodType>(schema: T, parse: (value: unknown) => z.output<T>): SyncOutput<T> {
  return { schema, parse } as SyncOutput<T>;
}

/** The zod schema of a procedure's output parser (one made by `syncOutput`, or a schema given as is). */
export function outputSchemaOf(output: unknown): z.ZodType | undefined {
  if (output === undefined) return undefined;
  return (typeof output === 'object' && output !== null && 'schema' in output ? output.schema : output) as z.ZodType;
}
export const createCallerFactory = t.createCallerFactory;

// 2. errors -------------------------------------------------------------------------
const normalizeErrors = t.middleware(async ({ ctx, next, path }) => {
  const result = await next();
  if (result.ok) return result;
  let error = toAppError(result.error);
  if (error.code === 'INTERNAL_SERVER_ERROR') error = internalError(ctx.log, error.cause ?? result.error, path);
  if (error.code === 'SERVICE_UNAVAILABLE') ctx.log.warn({ err: error.cause, where: path }, 'database unavailable');
  return { ...result, error };
});

export const MUST_CHANGE_PASSWORD = 'Your password was reset: change it on the Account page first';

export const publicProcedure = t.procedure.meta({ access: 'public' }).use(normalizeErrors);

// 3. who may call -------------------------------------------------------------------
const SESSION_TOUCH_INTERVAL_MS = 60_000;

async function authenticate(ctx: Context, claim: { storeId: number; role: Role } | null) {
  const token = ctx.identity.token;
  if (!token) throw new AppError('UNAUTHORIZED', 'Not signed in');
  const found = await findSessionIdentity(ctx.db, hashToken(token), claim);
  if (!found) throw new AppError('UNAUTHORIZED', 'Session expired or signed out');
  if (Date.now() - found.lastUsedAt.getTime() > SESSION_TOUCH_INTERVAL_MS) {
    // Recorded for the manager dashboard's "active staff"; the request need not wait.
    touchSession(ctx.db, found.sessionId).catch((err: unknown) => ctx.log.warn({ err }, 'session touch failed'));
  }
  return found;
}

export const authedProcedure = publicProcedure.meta({ access: 'signed-in' }).use(async ({ ctx, next }) => {
  const found = await authenticate(ctx, null);
  return next({ ctx: { user: { id: found.userId, username: found.username, email: found.email }, sessionId: found.sessionId } });
});

export const UNKNOWN_ROLE = `role must be one of ${ROLES.join(', ')}`;

function readClaim(ctx: Context): { storeId: number; role: Role } {
  const { storeId, role } = ctx.identity;
  // The claim is not echoed: it may be anything, of any size.
  if (role !== null && !isRole(role)) throw new AppError('BAD_REQUEST', UNKNOWN_ROLE);
  if (storeId === 'invalid') throw new AppError('BAD_REQUEST', 'storeId must be a positive integer');
  if (storeId === null || role === null) throw new AppError('FORBIDDEN', 'storeId and role of a role you hold are required');
  return { storeId, role };
}

/**
 * The caller's store context: holds the claimed (storeId, role) in a live session, and
 * has no password to change first. Each base procedure below runs it and its own rule as
 * one middleware: tRPC copies a call's options and context at every step of the chain.
 */
async function memberContext(ctx: Context) {
  if (!ctx.identity.token) throw new AppError('UNAUTHORIZED', 'Not signed in');
  const claim = readClaim(ctx);
  const found = await authenticate(ctx, claim);
  if (!found.holdsRole) throw new AppError('FORBIDDEN', 'You do not hold that role in that store');
  // A password a manager reset is changed (Account, change-password) before any store work.
  if (found.mustChangePassword) throw new AppError('FORBIDDEN', MUST_CHANGE_PASSWORD);
  return {
    user: { id: found.userId, username: found.username, email: found.email },
    sessionId: found.sessionId,
    storeId: claim.storeId,
    role: claim.role,
    assignedVendorId: found.vendorId,
  };
}

/** A procedure for any caller holding the claimed (storeId, role), whatever the role. */
export const memberProcedure = publicProcedure.meta({ access: 'member' }).use(async ({ ctx, next }) => next({ ctx: await memberContext(ctx) }));

/** A procedure for callers whose current role includes `required`; others are refused with `refusal`. */
export function roleProcedure(required: Role, refusal = `This needs the ${required} role`) {
  return publicProcedure.meta({ access: required }).use(async ({ ctx, next }) => {
    const member = await memberContext(ctx);
    if (!includes(member.role, required)) throw new AppError('FORBIDDEN', refusal);
    return next({ ctx: member });
  });
}

/**
 * A procedure for callers whose current role includes any of `roles`: ('STORE_ACCOUNTANT',
 * 'STORE_MANAGER') admits an accountant, a manager and an owner (who includes both).
 */
export function anyRoleProcedure(...roles: [Role, ...Role[]]) {
  return publicProcedure.meta({ access: roles }).use(async ({ ctx, next }) => {
    const member = await memberContext(ctx);
    if (!roles.some((r) => includes(member.role, r))) throw new AppError('FORBIDDEN', `This needs one of the roles ${roles.join(', ')}`);
    return next({ ctx: member });
  });
}

/**
 * A vendor portal procedure: the caller holds (storeId, VENDOR); `ctx.vendorId` is the
 * vendor that assignment names, the only vendor the procedure may read or change.
 */
export const vendorProcedure = publicProcedure.meta({ access: 'VENDOR' }).use(async ({ ctx, next }) => {
  const member = await memberContext(ctx);
  if (member.role !== 'VENDOR' || member.assignedVendorId === null) throw new AppError('FORBIDDEN', 'This is for vendors in the vendor portal');
  return next({ ctx: { ...member, vendorId: member.assignedVendorId } });
});
