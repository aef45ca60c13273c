/**
 * The REST-compatible door (CONTRACT 1): `POST /api/v1<path>` with a JSON body calls the
 * tRPC procedure whose meta names that path, with the same context and rules. The path
 * table is read from the router itself, never kept by hand. Any other method: 405;
 * an unknown path: 404.
 */
import type { FastifyInstance, FastifyReply, FastifyRequest } from 'fastify';
import { AppError, appRouter, createCallerFactory, errorBody, toAppError, type Meta } from '@pos/api';
import type { ContextFactory } from './context';

type Callable = (input: unknown) => Promise<unknown>;

/** REST path -> dotted procedure key, from each procedure's meta. */
export function restPaths(): Map<string, string> {
  const paths = new Map<string, string>();
  const procedures = appRouter._def.procedures as unknown as Record<string, { _def: { meta?: Meta } }>;
  for (const [key, procedure] of Object.entries(procedures)) {
    const path = procedure._def.meta?.path;
    if (!path) continue;
    if (paths.has(path)) throw new Error(`Two procedures claim REST path ${path}`);
    paths.set(path, key);
  }
  return paths;
}

const createCaller = createCallerFactory(appRouter);

export function sendError(reply: FastifyReply, error: AppError) {
  return reply.status(errorStatus(error)).send(errorBody(error));
}

function errorStatus(error: AppError): number {
  const statuses: Record<string, number> = { BAD_REQUEST: 400, UNAUTHORIZED: 401, FORBIDDEN: 403, NOT_FOUND: 404, METHOD_NOT_SUPPORTED: 405, CONFLICT: 409, PAYLOAD_TOO_LARGE: 413, TOO_MANY_REQUESTS: 429, SERVICE_UNAVAILABLE: 503 };
  return statuses[error.code] ?? 500;
}

export async function registerRestDoor(app: FastifyInstance, contextFor: ContextFactory) {
  const paths = restPaths();

  app.route({
    method: ['GET', 'PUT', 'DELETE', 'PATCH', 'OPTIONS'],
    url: '/api/v1/*',
    handler: (_req, reply) => sendError(reply.header('allow', 'POST'), new AppError('METHOD_NOT_SUPPORTED', 'Only POST is allowed')),
  });

  app.post('/api/v1/*', async (req: FastifyRequest<{ Params: { '*': string } }>, reply) => {
    const key = paths.get(`/${req.params['*']}`.replace(/\/+$/, ''));
    if (!key) return sendError(reply, new AppError('NOT_FOUND', `No such path: ${req.url}`));
    const body = req.body ?? {};
    if (typeof body !== 'object' || Array.isArray(body)) return sendError(reply, new AppError('BAD_REQUEST', 'The request body must be a JSON object'));
    const fields = body as Record<string, unknown>;
    const ctx = contextFor(req, reply, {
      token: typeof fields.tokenString === 'string' && fields.tokenString ? fields.tokenString : undefined,
      storeId: fields.storeId,
      role: fields.role,
    });
    const procedure = key.split('.').reduce<unknown>((node, part) => (node as Record<string, unknown>)[part], createCaller(ctx)) as Callable;
    try {
      return reply.send(await procedure(fields));
    } catch (error) {
      return sendError(reply, toAppError(error));
    }
  });
}
