/**
 * The tRPC door at /trpc/<path>: the web client's batched calls, answered by tRPC's own
 * resolveResponse (the core every tRPC adapter is built on: batching, the method rules,
 * input decoding, error shapes, status codes) from inside a Fastify route.
 *
 * tRPC's Fastify adapter would first turn every call into a fetch Request (its headers
 * copied, its body wrapped in a web stream, an AbortController tied to the socket and
 * aborted when the answer is sent) and pipe the fetch Response back as a stream. On
 * Node 20 that machinery was the larger part of what this door cost over the REST door
 * (docs/PERFORMANCE.md, Checkout). Here resolveResponse reads a view of Fastify's request
 * instead: the method, the URL, the headers, and the body Fastify has already parsed;
 * its answer is sent whole, with a content-length. JSON bodies only: anything else is
 * 415 before a byte is read, with the app's own message. Failures raised before tRPC
 * runs are answered in tRPC's shape by `sendTrpcFailure`, so the web client reads
 * their message.
 */
import type { FastifyInstance, FastifyReply, FastifyRequest } from 'fastify';
import { getTRPCErrorShape, transformTRPCResponse } from '@trpc/server';
import { resolveResponse } from '@trpc/server/http';
import { appRouter, httpStatusOf, restoreAnswerTexts, standInAnswers, type AppError } from '@pos/api';
import type { ContextFactory } from './context';

export const isTrpcUrl = (url: string) => url === '/trpc' || url.startsWith('/trpc/') || url.startsWith('/trpc?');

function isJson(contentType: string | undefined): boolean {
  return (contentType ?? '').split(';')[0]!.trim().toLowerCase() === 'application/json';
}

/**
 * What resolveResponse reads of a fetch Request, over Fastify's request: method, URL,
 * headers (get, has) and the JSON body, parsed by Fastify's JSON parser within the 1 MiB
 * body limit.
 *
 * The signal is never aborted: no procedure reads one, and a call runs to its end even
 * if the client has gone (a sale completes or fails as a whole, in its transaction). It
 * is the request's own: resolveResponse joins it to each call's signal with
 * AbortSignal.any, which keeps a reference to the joined signal on this one, so a signal
 * shared by every request would hold one more entry per call for as long as the server
 * runs.
 */
export function requestView(req: FastifyRequest): Request {
  const headers = req.headers;
  const get = (name: string): string | null => {
    const value = headers[name.toLowerCase()];
    if (value === undefined) return null;
    return Array.isArray(value) ? value.join(', ') : value;
  };
  const view = {
    method: req.method,
    url: `http://localhost${req.url}`,
    headers: { get, has: (name: string) => get(name) !== null },
    signal: new AbortController().signal,
    json: () => Promise.resolve(req.body),
  };
  return view as unknown as Request;
}

/**
 * Sends resolveResponse's answer as one buffer: its status, its headers, its body, with
 * a content-length (a batch the client asked to stream, jsonl, is sent whole too). The
 * answers whose JSON text the API made already (`texts`) were encoded as stand-ins, put
 * back here (answer-text.ts in packages/api).
 */
async function sendWhole(reply: FastifyReply, response: Response, texts: readonly string[]) {
  reply.code(response.status);
  response.headers.forEach((value, name) => {
    if (name !== 'transfer-encoding') void reply.header(name, value);
  });
  if (response.body === null) return reply.send(null);
  const body = Buffer.from(await response.arrayBuffer());
  return reply.send(texts.length > 0 ? Buffer.from(restoreAnswerTexts(body.toString('utf8'), texts)) : body);
}

/**
 * A failure raised before tRPC ran (body too large or not JSON, a malformed request), in
 * tRPC's own shape, one entry per call of a batch, so the web client reads its message.
 */
export function sendTrpcFailure(req: FastifyRequest, reply: FastifyReply, error: AppError) {
  const config = appRouter._def._config;
  const url = new URL(req.url, 'http://server');
  const path = decodeURIComponent(url.pathname.replace(/^\/trpc\/?/, ''));
  const batch = url.searchParams.get('batch') === '1';
  const paths = batch ? path.split(',') : [path];
  const shapes = paths.map((p) => ({ error: getTRPCErrorShape({ config, error, type: 'unknown', path: p, input: undefined, ctx: undefined }) }));
  const body = transformTRPCResponse(config, batch ? shapes : shapes[0]!);
  return reply.status(httpStatusOf(error)).send(body);
}

export async function registerTrpcDoor(app: FastifyInstance, contextFor: ContextFactory, maxBatchSize: number) {
  await app.register(
    (trpc, _options, registered) => {
      trpc.addHook('onRequest', (req, _reply, done) => {
        if (req.headers['content-type'] !== undefined && !isJson(req.headers['content-type'])) {
          done(Object.assign(new Error('Unsupported media type'), { statusCode: 415 }));
        } else done();
      });
      trpc.all<{ Params: { path: string } }>('/:path', async (req, reply) => {
        let texts: string[] = [];
        const response = await resolveResponse({
          router: appRouter,
          req: requestView(req),
          path: req.params.path,
          error: null,
          maxBatchSize,
          createContext: () => Promise.resolve(contextFor(req, reply)),
          // Called with the body's answers just before tRPC encodes them (not for a streamed batch).
          responseMeta: ({ data }) => {
            texts = standInAnswers(data.map((d) => ('result' in d ? d.result.data : undefined)));
            return {};
          },
        });
        return sendWhole(reply, response, texts);
      });
      registered();
    },
    { prefix: '/trpc' },
  );
}
