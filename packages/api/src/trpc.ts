/**
 * tRPC for the whole API, in three parts:
 * 1. init: context, meta (each procedure's REST path), superjson (./transformer), the error shape;
 * 2. the error normaliser every procedure runs inside (CONTRACT 3 statuses);
 * 3. the procedures by who may call them: public, authed (a live session), and
 *    roleProcedure(role): the caller holds (storeId, role) and role includes `role`
 *    (SPEC 6 hierarchy). A wrong role is FORBIDDEN (403), never 401.
 */
import { initTRPC } from '@trpc/server';
import { includes, isRole, type Role } from '@pos/domain';
import { AppError, HTTP_STATUS, internalError, toAppError } from './errors';
import type { Context } from './context';
import { transformer } from './transformer';
import { findSessionIdentity, touchSession } from './features/auth/auth.repository';
import { hashToken } from './features/auth/tokens';

// 1. init ---------------------------------------------------------------------------
export interface Meta {
  /** The spec path this procedure answers at `POST /api/v1<path>`. */
  path: string;
}

const t = initTRPC
  .context<Context>()
  .meta<Meta>()
  .create({
    transformer,
    isDev: false,
    errorFormatter({ shape, error }) {
      const code = error.code as keyof typeof HTTP_STATUS;
      return { ...shape, data: { ...shape.data, code, httpStatus: HTTP_STATUS[code] ?? 500 } };
    },
  });

export const router = t.router;
export const createCallerFactory = t.createCallerFactory;

// 2. errors -------------------------------------------------------------------------
const normalizeErrors = t.middleware(async ({ ctx, next, path }) => {
  const result = await next();
  if (result.ok) return result;
  let error = toAppError(result.error);
  if (error.code === 'INTERNAL_SERVER_ERROR') error = internalError(ctx.log, error.cause ?? result.error, path);
  return { ...result, error };
});

export const publicProcedure = t.procedure.use(normalizeErrors);

// 3. who may call -------------------------------------------------------------------
const SESSION_TOUCH_INTERVAL_MS = 60_000;

async function authenticate(ctx: Context, claim: { storeId: number; role: Role } | null) {
  const token = ctx.identity.token;
  if (!token) throw new AppError('UNAUTHORIZED', 'Not signed in');
  const found = await findSessionIdentity(ctx.db, hashToken(token), claim);
  if (!found) throw new AppError('UNAUTHORIZED', 'Session expired or signed out');
  if (Date.now() - found.lastUsedAt.getTime() > SESSION_TOUCH_INTERVAL_MS) {
    // Recorded for the manager dashboard's "active staff"; the request need not wait.
    touchSession(ctx.db, found.sessionId).catch((err) => ctx.log.warn({ err }, 'session touch failed'));
  }
  return found;
}

export const authedProcedure = publicProcedure.use(async ({ ctx, next }) => {
  const found = await authenticate(ctx, null);
  return next({ ctx: { user: { id: found.userId, username: found.username, email: found.email }, sessionId: found.sessionId } });
});

function readClaim(ctx: Context): { storeId: number; role: Role } {
  const { storeId, role } = ctx.identity;
  if (role !== null && !isRole(role)) throw new AppError('BAD_REQUEST', `role: unknown role '${role}'`);
  if (storeId === 'invalid') throw new AppError('BAD_REQUEST', 'storeId must be a positive integer');
  if (storeId === null || role === null) throw new AppError('FORBIDDEN', 'storeId and role of a role you hold are required');
  return { storeId, role };
}

/** A procedure for any caller holding the claimed (storeId, role), whatever the role. */
export const memberProcedure = publicProcedure.use(async ({ ctx, next }) => {
  if (!ctx.identity.token) throw new AppError('UNAUTHORIZED', 'Not signed in');
  const claim = readClaim(ctx);
  const found = await authenticate(ctx, claim);
  if (!found.holdsRole) throw new AppError('FORBIDDEN', 'You do not hold that role in that store');
  return next({
    ctx: {
      user: { id: found.userId, username: found.username, email: found.email },
      sessionId: found.sessionId,
      storeId: claim.storeId,
      role: claim.role,
    },
  });
});

/** A procedure for callers whose current role includes `required`. */
export function roleProcedure(required: Role) {
  return memberProcedure.use(({ ctx, next }) => {
    if (!includes(ctx.role, required)) throw new AppError('FORBIDDEN', `This needs the ${required} role`);
    return next();
  });
}
