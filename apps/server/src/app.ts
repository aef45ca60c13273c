/**
 * buildApp(config): the whole server as one Fastify instance, which tests inject into
 * and main.ts listens with. Plugins (security headers, cookies), tRPC at /trpc, the REST
 * door at /api/v1, GET /health, the built web app, and one error handler that answers
 * every failure with the API's failure body (in tRPC's shape at /trpc), and the REST
 * door's OpenAPI document with its viewer (/api/v1/openapi.json, /api/docs). Answers are
 * compressed when the browser accepts it (docs/PERFORMANCE.md, First load).
 *
 * Bodies: JSON only, on both doors (anything else 415), at most 1 MiB (413). Sign-in
 * limits are counted inside the procedures (packages/api), not here.
 */
import type { IncomingMessage } from 'node:http';
import Fastify, { type FastifyError, type FastifyServerOptions } from 'fastify';
import compress from '@fastify/compress';
import cookie from '@fastify/cookie';
import { sql, type Kysely } from 'kysely';
import { AppError, DEFAULT_API_CONFIG, internalError, toAppError, type ApiConfig } from '@pos/api';
import type { Database } from '@pos/db';
import { DEFAULT_MAX_BATCH_SIZE, type TrustProxy } from './config';
import { createContextFactory } from './context';
import { registerApiDocs } from './plugins/api-docs';
import { registerSecurity } from './plugins/security';
import { registerWeb } from './plugins/web';
import { registerRestDoor, sendError } from './rest-door';
import { isTrpcUrl, registerTrpcDoor, sendTrpcFailure } from './trpc-door';

export const BODY_LIMIT = 1024 * 1024;
/**
 * How much of a body over the limit is read and thrown away before the 413 is sent: a
 * client that sends its whole body before reading (Node's fetch) then reads the 413
 * instead of a reset connection. Beyond it (or after DRAIN_MS), the 413 goes at once.
 */
export const DRAIN_LIMIT = 16 * BODY_LIMIT;
const DRAIN_MS = 10_000;
export const NOT_JSON_MESSAGE = 'The request body must be JSON (content-type: application/json)';
const HSTS = 'max-age=31536000; includeSubDomains';

export interface AppConfig {
  db: Kysely<Database>;
  api?: Partial<ApiConfig>;
  /** Whose forwarded address and protocol to believe (Fastify's trustProxy); TRUST_PROXY. */
  trustProxy?: TrustProxy;
  /** Most calls one tRPC batch may carry; TRPC_MAX_BATCH_SIZE. */
  maxBatchSize?: number;
  /** Folder of the built web app; null serves no web app. */
  webDist?: string | null;
  logger?: FastifyServerOptions['logger'];
}

/** Reads and discards what is left of a request's body, up to `limit` bytes or DRAIN_MS. */
function drain(raw: IncomingMessage, limit: number): Promise<void> {
  return new Promise((resolve) => {
    if (raw.readableEnded || raw.destroyed) return resolve();
    let read = 0;
    const done = () => {
      clearTimeout(timer);
      raw.off('data', onData).off('end', done).off('error', done).off('close', done);
      resolve();
    };
    const onData = (chunk: Buffer) => {
      read += chunk.length;
      if (read > limit) done();
    };
    const timer = setTimeout(done, DRAIN_MS);
    raw.on('data', onData).once('end', done).once('error', done).once('close', done);
    raw.resume();
  });
}

const isApiUrl = (url: string) => url.startsWith('/trpc') || url.startsWith('/api/');

/** The failure a Fastify-level error stands for (body, media type, JSON syntax). */
function fastifyFailure(error: FastifyError): AppError | null {
  const status = error.statusCode ?? 500;
  if (status === 413) return new AppError('PAYLOAD_TOO_LARGE', 'The request body is larger than 1 MiB');
  if (status === 415) return new AppError('UNSUPPORTED_MEDIA_TYPE', NOT_JSON_MESSAGE);
  if (status >= 400 && status < 500) {
    const notJson = error.code === 'FST_ERR_CTP_INVALID_JSON_BODY' || error instanceof SyntaxError;
    return new AppError('BAD_REQUEST', notJson ? 'The request body is not valid JSON' : error.message);
  }
  return null;
}

export async function buildApp(config: AppConfig) {
  const options: FastifyServerOptions = {
    logger: config.logger ?? false,
    bodyLimit: BODY_LIMIT,
    trustProxy: config.trustProxy ?? false,
    routerOptions: { maxParamLength: 5000 },
  };
  const app = Fastify(options);
  const api: ApiConfig = { ...DEFAULT_API_CONFIG, ...config.api };
  const contextFor = createContextFactory(config.db, api);

  app.setErrorHandler(async (error: FastifyError, req, reply) => {
    let failure = fastifyFailure(error) ?? toAppError(error);
    if (failure.code === 'INTERNAL_SERVER_ERROR') failure = internalError(req.log, error, req.url);
    if (failure.code === 'PAYLOAD_TOO_LARGE') await drain(req.raw, DRAIN_LIMIT);
    return isTrpcUrl(req.url) ? sendTrpcFailure(req, reply, failure) : sendError(reply, failure);
  });

  // Answers of the API are never stored by a browser or a proxy; HSTS once served over https.
  // A callback hook, not an async one: no promise per answer.
  app.addHook('onSend', (req, reply, payload, done) => {
    if (isApiUrl(req.url) || req.url === '/health') void reply.header('cache-control', 'no-store');
    if (req.protocol === 'https') void reply.header('strict-transport-security', HSTS);
    done(null, payload);
  });

  // JSON only: Fastify's text parser goes, so any other body type answers 415 on the
  // REST door; /trpc refuses other types (multipart included) before reading a byte.
  app.removeContentTypeParser('text/plain');

  registerSecurity(app);
  await app.register(cookie);
  // Answers of both doors and the API's documents go brotli or gzip compressed when the
  // browser accepts it (from 1 KiB); the web app's files are compressed at build time.
  await app.register(compress, { encodings: ['br', 'gzip'], threshold: 1024 });

  await registerTrpcDoor(app, contextFor, config.maxBatchSize ?? DEFAULT_MAX_BATCH_SIZE);
  registerRestDoor(app, contextFor);
  await registerApiDocs(app);

  app.get('/health', async (_req, reply) => {
    try {
      await sql`select 1`.execute(config.db);
      return { status: 'ok' };
    } catch {
      return reply.status(503).send({ status: 'unavailable' });
    }
  });

  const web = await registerWeb(app, config.webDist ?? null);
  app.setNotFoundHandler((req, reply) => {
    if (req.method === 'GET' && web.sendClientRoute(req.url, reply)) return reply;
    return sendError(reply, new AppError('NOT_FOUND', `No such path: ${req.method} ${req.url}`));
  });

  return app;
}
