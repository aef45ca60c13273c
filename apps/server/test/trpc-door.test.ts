/**
 * The view of a Fastify request that the tRPC door hands to tRPC's resolveResponse: what
 * it reads (method, URL, headers, the parsed body) and a signal of the request's own.
 */
import { describe, expect, it } from 'vitest';
import type { FastifyRequest } from 'fastify';
import { requestView } from '../src/trpc-door';

const fastifyRequest = (headers: Record<string, string | string[]>, body?: unknown) =>
  ({ method: 'POST', url: '/trpc/order.next,order.fetch?batch=1', headers, body }) as unknown as FastifyRequest;

describe('requestView', () => {
  it('reads the method, the URL, the headers whatever their case, and the body Fastify parsed', async () => {
    const body = { 0: { json: {} } };
    const view = requestView(fastifyRequest({ 'content-type': 'application/json', 'x-forwarded-for': ['10.0.0.1', '10.0.0.2'] }, body));
    expect(view.method).toBe('POST');
    expect(new URL(view.url).pathname).toBe('/trpc/order.next,order.fetch');
    expect(new URL(view.url).searchParams.get('batch')).toBe('1');
    expect(view.headers.get('Content-Type')).toBe('application/json');
    expect(view.headers.get('x-forwarded-for')).toBe('10.0.0.1, 10.0.0.2');
    expect(view.headers.get('trpc-accept')).toBeNull();
    expect(view.headers.has('content-type')).toBe(true);
    expect(view.headers.has('accept')).toBe(false);
    expect(await view.json()).toBe(body);
  });

  it("gives every request a signal of its own, never aborted, so tRPC's joined signals die with the request", () => {
    const one = requestView(fastifyRequest({}));
    const two = requestView(fastifyRequest({}));
    expect(one.signal).not.toBe(two.signal);
    expect(one.signal.aborted).toBe(false);
  });
});
