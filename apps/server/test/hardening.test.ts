/**
 * What both doors do with any request before and around the procedures: JSON bodies
 * only (415), 1 MiB everywhere (413, multipart included), tRPC's own failures mapped by
 * the one status map, a capped batch, no-store on API answers, HSTS and a Secure cookie
 * behind a trusted https proxy, and 503 on both doors and /health when the database is
 * away.
 */
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import type { FastifyInstance, LightMyRequestResponse } from 'fastify';
import type { DbHandle } from '@pos/db';
import { createTestDb } from '../../../test/db';
import { createApiHarness, signUpOwner, type ApiHarness, type Person } from '../../../test/factories';
import { buildApp, NOT_JSON_MESSAGE } from '../src/app';
import { parseTrustProxy } from '../src/config';

let handle: DbHandle;
let h: ApiHarness;
let app: FastifyInstance;
let owner: Person;

beforeAll(async () => {
  handle = await createTestDb();
  h = createApiHarness(handle.db);
  app = await buildApp({ db: handle.db, api: { scryptCost: 1024 }, maxBatchSize: 10 });
  owner = await signUpOwner(h);
});
afterAll(async () => {
  await app?.close();
  await handle?.close();
});

const identity = (p: Person) => ({ authorization: `Bearer ${p.token}`, 'x-store-id': String(p.storeId), 'x-role': p.role });

/** The message and status of a tRPC failure, single or the first of a batch. */
function trpcFailure(res: LightMyRequestResponse) {
  const body = res.json();
  const entry = Array.isArray(body) ? body[0] : body;
  return { status: res.statusCode, message: entry.error.json.message as string, code: entry.error.json.data.code as string, httpStatus: entry.error.json.data.httpStatus as number };
}

function multipart(size: number) {
  const boundary = 'xBOUNDARYx';
  const payload = `--${boundary}\r\nContent-Disposition: form-data; name="file"; filename="a.bin"\r\nContent-Type: application/octet-stream\r\n\r\n${'x'.repeat(size)}\r\n--${boundary}--\r\n`;
  return { headers: { 'content-type': `multipart/form-data; boundary=${boundary}`, ...identity(owner) }, payload };
}

describe('bodies', () => {
  it('/trpc refuses a multipart upload of any size with 415, reading none of it and running nothing', async () => {
    const before = await handle.db.selectFrom('orders').select('id').execute();
    for (const size of [10, 5 * 1024 * 1024]) {
      const res = await app.inject({ method: 'POST', url: '/trpc/order.next', ...multipart(size) });
      expect(trpcFailure(res)).toEqual({ status: 415, message: NOT_JSON_MESSAGE, code: 'UNSUPPORTED_MEDIA_TYPE', httpStatus: 415 });
    }
    expect(await handle.db.selectFrom('orders').select('id').execute()).toHaveLength(before.length);
  });

  it('/trpc answers text/plain and other non-JSON types with 415, never 500', async () => {
    for (const type of ['text/plain', 'application/x-www-form-urlencoded', 'application/octet-stream', 'application/xml']) {
      const res = await app.inject({ method: 'POST', url: '/trpc/auth.login', headers: { 'content-type': type }, payload: 'usernameOrEmail=a' });
      expect(trpcFailure(res), type).toMatchObject({ status: 415, code: 'UNSUPPORTED_MEDIA_TYPE' });
    }
  });

  it('the REST door answers every non-JSON type with 415 and the failure body', async () => {
    for (const type of ['text/plain', 'multipart/form-data; boundary=x', 'application/x-www-form-urlencoded', 'application/octet-stream']) {
      const res = await app.inject({ method: 'POST', url: '/api/v1/login', headers: { 'content-type': type }, payload: '--x--' });
      expect(res.statusCode, type).toBe(415);
      expect(res.json()).toEqual({ success: false, message: NOT_JSON_MESSAGE, code: 'UNSUPPORTED_MEDIA_TYPE' });
    }
  });

  it('holds 1 MiB on /trpc too (413 in tRPC shape), and a malformed JSON body is 400', async () => {
    const big = await app.inject({ method: 'POST', url: '/trpc/auth.login', headers: { 'content-type': 'application/json' }, payload: JSON.stringify({ json: { usernameOrEmail: 'a'.repeat(1100 * 1024), password: 'x' } }) });
    expect(trpcFailure(big)).toMatchObject({ status: 413, code: 'PAYLOAD_TOO_LARGE' });
    const broken = await app.inject({ method: 'POST', url: '/trpc/auth.login', headers: { 'content-type': 'application/json' }, payload: '{"json": {' });
    expect(trpcFailure(broken)).toMatchObject({ status: 400, code: 'BAD_REQUEST' });
  });

  it('refuses prototype keys in a JSON body (400), on both doors', async () => {
    for (const payload of ['{"__proto__":{"isAdmin":true},"usernameOrEmail":"a","password":"b"}', '{"constructor":{"prototype":{"isAdmin":true}},"usernameOrEmail":"a"}']) {
      const res = await app.inject({ method: 'POST', url: '/api/v1/login', headers: { 'content-type': 'application/json' }, payload });
      expect(res.statusCode, payload).toBe(400);
      expect(res.json()).toMatchObject({ success: false, code: 'BAD_REQUEST' });
      const trpc = await app.inject({ method: 'POST', url: '/trpc/auth.login', headers: { 'content-type': 'application/json' }, payload: `{"json":${payload}}` });
      expect(trpcFailure(trpc), payload).toMatchObject({ status: 400, code: 'BAD_REQUEST' });
    }
  });

  it("maps tRPC's PARSE_ERROR to 400, through the one status map", async () => {
    const input = encodeURIComponent(JSON.stringify({ 0: { json: {} } }));
    const res = await app.inject({ method: 'GET', url: `/trpc/staff.list?batch=1&input=${input}&connectionParams=not-json`, headers: identity(owner) });
    expect(trpcFailure(res)).toMatchObject({ status: 400, code: 'BAD_REQUEST', httpStatus: 400 });
  });
});

describe('tRPC batches', () => {
  it('run up to the cap; a longer batch is refused with 400 before any call runs', async () => {
    const input = (n: number) => encodeURIComponent(JSON.stringify(Object.fromEntries(Array.from({ length: n }, (_, i) => [i, { json: {} }]))));
    const paths = (n: number) => Array.from({ length: n }, () => 'order.next').join(',');
    const before = (await handle.db.selectFrom('orders').select('id').execute()).length;
    const ok = await app.inject({ method: 'POST', url: `/trpc/${paths(10)}?batch=1`, headers: { ...identity(owner), 'content-type': 'application/json' }, payload: decodeURIComponent(input(10)) });
    expect(ok.statusCode).toBe(200);
    expect(ok.json()).toHaveLength(10);
    const over = await app.inject({ method: 'POST', url: `/trpc/${paths(11)}?batch=1`, headers: { ...identity(owner), 'content-type': 'application/json' }, payload: decodeURIComponent(input(11)) });
    expect(trpcFailure(over)).toMatchObject({ status: 400, code: 'BAD_REQUEST', message: 'Batch call exceeds maximum size' });
    expect((await handle.db.selectFrom('orders').select('id').execute()).length).toBe(before + 10);
  });
});

describe('the tRPC door', () => {
  const batchOf = (n: number) => JSON.stringify(Object.fromEntries(Array.from({ length: n }, (_, i) => [i, { json: {} }])));

  it('answers a batch in one piece: JSON with its content-length, not chunked', async () => {
    const res = await app.inject({ method: 'POST', url: '/trpc/order.next,order.next?batch=1', headers: { ...identity(owner), 'content-type': 'application/json' }, payload: batchOf(2) });
    expect(res.statusCode).toBe(200);
    expect(res.headers['content-type']).toMatch(/^application\/json/);
    expect(res.headers['transfer-encoding']).toBeUndefined();
    expect(Number(res.headers['content-length'])).toBe(res.rawPayload.length);
    // The calls of a batch run side by side: each has made a draft of its own, in either order.
    const ids = res.json<{ result: { data: { json: { nextOrderId: number } } } }[]>().map((r) => r.result.data.json.nextOrderId);
    expect(ids).toHaveLength(2);
    expect(new Set(ids).size).toBe(2);
  });

  it('answers queries by GET with their input in the URL, and refuses a mutation by GET (405) without running it', async () => {
    const input = encodeURIComponent(JSON.stringify({ 0: { json: {} } }));
    const list = await app.inject({ method: 'GET', url: `/trpc/staff.list?batch=1&input=${input}`, headers: identity(owner) });
    expect(list.statusCode).toBe(200);
    expect(list.json()[0].result.data.json.staff).toEqual([expect.objectContaining({ userId: owner.userId })]);
    const before = (await handle.db.selectFrom('orders').select('id').execute()).length;
    const next = await app.inject({ method: 'GET', url: `/trpc/order.next?batch=1&input=${input}`, headers: identity(owner) });
    expect(trpcFailure(next)).toMatchObject({ status: 405, code: 'METHOD_NOT_SUPPORTED' });
    expect((await handle.db.selectFrom('orders').select('id').execute()).length).toBe(before);
  });

  it('answers a client that asks for a streamed batch (jsonl), whole', async () => {
    const res = await app.inject({ method: 'POST', url: '/trpc/order.next?batch=1', headers: { ...identity(owner), 'content-type': 'application/json', 'trpc-accept': 'application/jsonl' }, payload: batchOf(1) });
    expect(res.statusCode).toBe(200);
    expect(res.headers['transfer-encoding']).toBeUndefined();
    expect(Number(res.headers['content-length'])).toBe(res.rawPayload.length);
    expect(res.body).toContain('nextOrderId');
  });

  it('a POST without a content type is refused (415) before anything runs', async () => {
    const before = (await handle.db.selectFrom('orders').select('id').execute()).length;
    const res = await app.inject({ method: 'POST', url: '/trpc/order.next', headers: identity(owner) });
    expect(trpcFailure(res)).toMatchObject({ status: 415, code: 'UNSUPPORTED_MEDIA_TYPE' });
    expect((await handle.db.selectFrom('orders').select('id').execute()).length).toBe(before);
  });
});

describe('headers', () => {
  it('every API answer, success or failure, on both doors, says Cache-Control: no-store', async () => {
    const answers = [
      await app.inject({ method: 'POST', url: '/api/v1/store/staff/list', payload: { tokenString: owner.token, storeId: owner.storeId, role: owner.role } }),
      await app.inject({ method: 'POST', url: '/api/v1/store/staff/list', payload: {} }),
      await app.inject({ method: 'POST', url: '/api/v1/no/such/path', payload: {} }),
      await app.inject({ method: 'GET', url: '/api/v1/login' }),
      await app.inject({ method: 'POST', url: '/trpc/auth.login', payload: { json: { usernameOrEmail: owner.username, password: owner.password } } }),
      await app.inject({ method: 'POST', url: '/trpc/auth.login', payload: { json: {} } }),
      await app.inject({ method: 'GET', url: '/health' }),
    ];
    for (const res of answers) expect(res.headers['cache-control'], `${res.statusCode} ${res.body.slice(0, 60)}`).toBe('no-store');
  });

  it('sends no HSTS and no Secure cookie over plain http, even with a forwarded https when no proxy is trusted', async () => {
    const res = await app.inject({
      method: 'POST',
      url: '/api/v1/login',
      headers: { 'x-forwarded-proto': 'https' },
      payload: { usernameOrEmail: owner.username, password: owner.password },
    });
    expect(res.statusCode).toBe(200);
    expect(res.headers['strict-transport-security']).toBeUndefined();
    expect(res.cookies.find((c) => c.name === 'token')?.secure).toBeFalsy();
  });

  it('behind a trusted proxy: the client address is the forwarded one, and https brings HSTS and a Secure cookie', async () => {
    const proxied = await buildApp({ db: handle.db, api: { scryptCost: 1024 }, trustProxy: parseTrustProxy('true') });
    try {
      const res = await proxied.inject({
        method: 'POST',
        url: '/api/v1/login',
        headers: { 'x-forwarded-proto': 'https', 'x-forwarded-for': '203.0.113.7' },
        payload: { usernameOrEmail: owner.username, password: 'not the password' },
      });
      expect(res.statusCode).toBe(401);
      expect(res.headers['strict-transport-security']).toMatch(/^max-age=\d+/);
      const failures = await handle.db.selectFrom('auth_attempts').select('address').where('address', '=', '203.0.113.7').execute();
      expect(failures).toEqual([{ address: '203.0.113.7' }]);
      const ok = await proxied.inject({ method: 'POST', url: '/trpc/auth.login', headers: { 'x-forwarded-proto': 'https' }, payload: { json: { usernameOrEmail: owner.username, password: owner.password } } });
      expect(ok.statusCode).toBe(200);
      expect(ok.cookies.find((c) => c.name === 'token')).toMatchObject({ secure: true, httpOnly: true });
    } finally {
      await proxied.close();
    }
  });

  it('reads TRUST_PROXY as off, any proxy, a hop count or a list of addresses', () => {
    expect(parseTrustProxy(undefined)).toBe(false);
    expect(parseTrustProxy('false')).toBe(false);
    expect(parseTrustProxy('true')).toBe(true);
    expect(parseTrustProxy('10.0.0.0/8, 127.0.0.1')).toBe('10.0.0.0/8, 127.0.0.1');
    const hops = parseTrustProxy('2') as (address: string, hop: number) => boolean;
    expect([hops('x', 0), hops('x', 1), hops('x', 2)]).toEqual([true, true, false]);
  });
});

describe('a database that is away', () => {
  it('answers 503 Service unavailable on both doors and at /health', async () => {
    const gone = await createTestDb();
    const person = await signUpOwner(createApiHarness(gone.db));
    const broken = await buildApp({ db: gone.db, api: { scryptCost: 1024 } });
    await gone.close();
    try {
      const rest = await broken.inject({ method: 'POST', url: '/api/v1/order/next', payload: { tokenString: person.token, storeId: person.storeId, role: person.role } });
      expect(rest.statusCode).toBe(503);
      expect(rest.json()).toEqual({ success: false, message: 'Service unavailable', code: 'SERVICE_UNAVAILABLE' });
      const login = await broken.inject({ method: 'POST', url: '/api/v1/login', payload: { usernameOrEmail: person.username, password: person.password } });
      expect(login.statusCode).toBe(503);
      const trpc = await broken.inject({ method: 'POST', url: '/trpc/order.next', headers: identity(person), payload: { json: {} } });
      expect(trpcFailure(trpc)).toMatchObject({ status: 503, message: 'Service unavailable', code: 'SERVICE_UNAVAILABLE' });
      expect((await broken.inject({ method: 'GET', url: '/health' })).statusCode).toBe(503);
    } finally {
      await broken.close();
    }
  });
});
