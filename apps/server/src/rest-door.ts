/**
 * The REST-compatible door: `POST /api/v1<path>` with a JSON body calls the tRPC
 * procedure whose meta names that path, with the same context and rules. The path
 * table is read from the router itself, never kept by hand. Any other method: 405;
 * an unknown path: 404; the statuses come from the API's one map (docs/API.md).
 */
import type { FastifyInstance, FastifyReply, FastifyRequest } from 'fastify';
import type { ZodType } from 'zod';
import { AppError, answerTextOf, appRouter, errorBody, httpStatusOf, outputSchemaOf, toAppError, type Meta } from '@pos/api';
import type { ContextFactory } from './context';

/** A procedure as tRPC's own caller calls it. */
type Callable = (opts: { path: string; getRawInput: () => Promise<unknown>; ctx: unknown; type: string; signal: undefined; batchIndex: number }) => Promise<unknown>;

/** A procedure the REST door serves, as the router declares it. */
export interface RestProcedure {
  /** The path after /api/v1. */
  path: string;
  /** The dotted procedure key (the tRPC door's path). */
  key: string;
  meta: Meta;
  /** Its input and output schemas (from packages/contracts). */
  input: ZodType | undefined;
  output: ZodType | undefined;
}

/** Every procedure with a REST path, from each procedure's meta, in the router's order. */
export function restProcedures(): RestProcedure[] {
  const procedures = appRouter._def.procedures as unknown as Record<string, { _def: { meta?: Meta; inputs: ZodType[]; output?: unknown; type: string } }>;
  const found: RestProcedure[] = [];
  const claimed = new Set<string>();
  for (const [key, procedure] of Object.entries(procedures)) {
    const { meta, inputs, output } = procedure._def;
    if (!meta?.path) continue;
    if (claimed.has(meta.path)) throw new Error(`Two procedures claim REST path ${meta.path}`);
    claimed.add(meta.path);
    found.push({ path: meta.path, key, meta, input: inputs[0], output: outputSchemaOf(output) });
  }
  return found;
}

/** REST path -> dotted procedure key. */
export function restPaths(): Map<string, string> {
  return new Map(restProcedures().map((p) => [p.path, p.key]));
}

/** The content type Fastify gives an answer it encodes as JSON. */
const JSON_TYPE = 'application/json; charset=utf-8';

export function sendError(reply: FastifyReply, error: AppError) {
  return reply.status(httpStatusOf(error)).send(errorBody(error));
}

export function registerRestDoor(app: FastifyInstance, contextFor: ContextFactory): void {
  // Each path's procedure, called as tRPC's caller calls it (createCaller's proxy, made per call, is skipped).
  const procedures = appRouter._def.procedures as unknown as Record<string, Callable & { _def: { type: string } }>;
  const paths = new Map(restProcedures().map((p) => [p.path, { key: p.key, procedure: procedures[p.key]! }]));

  app.route({
    method: ['GET', 'PUT', 'DELETE', 'PATCH', 'OPTIONS'],
    url: '/api/v1/*',
    handler: (_req, reply) => sendError(reply.header('allow', 'POST'), new AppError('METHOD_NOT_SUPPORTED', 'Only POST is allowed')),
  });

  app.post('/api/v1/*', async (req: FastifyRequest<{ Params: { '*': string } }>, reply) => {
    const found = paths.get(`/${req.params['*']}`.replace(/\/+$/, ''));
    if (!found) return sendError(reply, new AppError('NOT_FOUND', `No such path: ${req.url}`));
    // No body at all is an empty object; JSON's null, an array or a scalar is refused.
    const body: unknown = req.body === undefined ? {} : req.body;
    if (body === null || typeof body !== 'object' || Array.isArray(body)) return sendError(reply, new AppError('BAD_REQUEST', 'The request body must be a JSON object'));
    const fields = body as Record<string, unknown>;
    const ctx = contextFor(req, reply, {
      token: typeof fields.tokenString === 'string' && fields.tokenString ? fields.tokenString : undefined,
      storeId: fields.storeId,
      role: fields.role,
    });
    try {
      const answer = await found.procedure({ path: found.key, getRawInput: () => Promise.resolve(fields), ctx, type: found.procedure._def.type, signal: undefined, batchIndex: 0 });
      // An answer whose JSON is made and checked already is sent as that text (the same bytes).
      const text = answerTextOf(answer);
      return text === undefined ? reply.send(answer) : reply.type(JSON_TYPE).send(text);
    } catch (error) {
      return sendError(reply, toAppError(error));
    }
  });
}
