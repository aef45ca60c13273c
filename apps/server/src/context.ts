/**
 * Builds the API context for a request from either door: the token from the body's
 * tokenString, else `authorization: Bearer`, else the `token` cookie; storeId and role
 * from the body, else `x-store-id` / `x-role`. The caller's address is the socket's, or
 * the proxy's forwarded one when TRUST_PROXY says to trust it (Fastify's req.ip).
 */
import type { FastifyReply, FastifyRequest } from 'fastify';
import type { Kysely } from 'kysely';
import { parseStoreId, type ApiConfig, type Context } from '@pos/api';
import type { Database } from '@pos/db';

export interface BodyIdentity {
  token?: string | undefined;
  storeId?: unknown;
  role?: unknown;
}

export type ContextFactory = (req: FastifyRequest, reply: FastifyReply, body?: BodyIdentity) => Context;

export const SESSION_COOKIE = 'token';

export function createContextFactory(db: Kysely<Database>, config: ApiConfig): ContextFactory {
  return (req, reply, body = {}) => {
    const bearer = /^Bearer\s+(\S+)$/i.exec(req.headers.authorization ?? '')?.[1];
    const headerStore = req.headers['x-store-id'];
    const headerRole = req.headers['x-role'];
    const role = body.role ?? headerRole;
    const storeClaim = body.storeId ?? headerStore;
    return {
      db,
      config,
      log: req.log,
      ip: req.ip,
      origin: `${req.protocol}://${req.host}`,
      identity: {
        token: body.token ?? bearer ?? req.cookies?.[SESSION_COOKIE] ?? null,
        storeId: parseStoreId(storeClaim),
        role: claimedRole(role),
      },
      setResponseHeader(name, value) {
        void reply.header(name, value);
      },
      setSessionCookie(token, maxAgeMs) {
        if (token === null) {
          reply.clearCookie(SESSION_COOKIE, { path: '/' });
          return;
        }
        reply.setCookie(SESSION_COOKIE, token, {
          httpOnly: true,
          sameSite: 'lax',
          path: '/',
          secure: req.protocol === 'https',
          ...(maxAgeMs ? { maxAge: Math.floor(maxAgeMs / 1000) } : {}),
        });
      },
    };
  };
}

/** What a claimed role that is not text stands for: no role's name, so an unknown role. */
const NOT_TEXT = '(not text)';

/**
 * The claimed role as text; one of the wrong type is an unknown role (400), not a
 * missing one (403), and is never read further (a nested value is not walked).
 */
function claimedRole(value: unknown): string | null {
  if (value === undefined || value === null || value === '') return null;
  return typeof value === 'string' ? value : NOT_TEXT;
}
