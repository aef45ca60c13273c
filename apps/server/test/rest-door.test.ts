/**
 * The server through app.inject: the REST door (CONTRACT 1), identity from body,
 * headers and cookie (CONTRACT 2), every failure status and body (CONTRACT 3), the tRPC
 * door, /health, security headers and rate limits.
 *
 * Every path of the router has a `describePath` block below; the last test fails when a
 * procedure gains a REST path that this file does not test.
 */
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import type { FastifyInstance, LightMyRequestResponse } from 'fastify';
import { HTTP_STATUS } from '@pos/api';
import type { DbHandle } from '@pos/db';
import { createTestDb } from '../../../test/db';
import { addStaff, createApiHarness, loginAs, signInAdmin, signUpOwner, uniqueName, type ApiHarness, type Person } from '../../../test/factories';
import { buildApp } from '../src/app';
import { restPaths } from '../src/rest-door';

let handle: DbHandle;
let h: ApiHarness;
let app: FastifyInstance;
let owner: Person;
let admin: Person;

beforeAll(async () => {
  handle = await createTestDb();
  h = createApiHarness(handle.db);
  // A generous address limit: this file logs in many times from one address (the
  // 429 test builds its own app).
  app = await buildApp({ db: handle.db, api: { scryptCost: 1024 }, loginRateLimit: { max: 10_000, timeWindowMs: 60_000 } });
  owner = await signUpOwner(h);
  admin = await signInAdmin(h);
});
afterAll(async () => {
  await app?.close();
  await handle?.close();
});

// helpers --------------------------------------------------------------------------
interface Send {
  headers?: Record<string, string>;
  cookies?: Record<string, string>;
  app?: FastifyInstance;
}

function post(path: string, body?: unknown, send: Send = {}) {
  return (send.app ?? app).inject({
    method: 'POST',
    url: `/api/v1${path}`,
    ...(body === undefined ? {} : { payload: body as object }),
    ...(send.headers ? { headers: send.headers } : {}),
    ...(send.cookies ? { cookies: send.cookies } : {}),
  });
}

/** The identity fields the spec's client adds to every body. */
const as = (p: Person) => ({ tokenString: p.token, storeId: p.storeId, role: p.role });

const CODE_FOR_STATUS = Object.fromEntries(Object.entries(HTTP_STATUS).map(([code, status]) => [status, code]));

/** Checks a failure has exactly CONTRACT 3's body and a code matching its status. */
function failure(res: LightMyRequestResponse) {
  expect(res.statusCode).toBeGreaterThanOrEqual(400);
  expect(res.headers['content-type']).toMatch(/^application\/json/);
  const body = res.json() as { success: unknown; message: unknown; code: unknown };
  expect(Object.keys(body).sort()).toEqual(['code', 'message', 'success']);
  expect(body.success).toBe(false);
  expect(body.code).toBe(CODE_FOR_STATUS[res.statusCode]);
  expect(typeof body.message).toBe('string');
  expect((body.message as string).length).toBeGreaterThan(0);
  expect(res.body).not.toMatch(/\bat .*\.(ts|js):\d+/);
  return { status: res.statusCode, message: body.message as string, code: body.code as string };
}

/** The only paths a caller without a token may use. */
const PUBLIC_PATHS = ['/login', '/signup'];

const tested = new Set<string>();
function describePath(path: string, fn: () => void) {
  tested.add(path);
  describe(`POST /api/v1${path}`, fn);
}

function newUser() {
  const username = uniqueName('rest');
  return { username, email: `${username}@example.test`, password: 'a fine password' };
}

// every path -----------------------------------------------------------------------
describe('every REST path of the router', () => {
  const paths = [...restPaths().keys()];

  it('has paths (the router is read, not an empty table)', () => {
    expect(paths).toContain('/login');
    expect(paths.length).toBeGreaterThanOrEqual(13);
  });

  it.each(paths)('%s answers an empty body with a CONTRACT 3 failure or success, never 404 or 500', async (path) => {
    // A session of its own: /logout with a token and an empty body does log out.
    const session = await loginAs(h, { usernameOrEmail: owner.username, password: owner.password });
    for (const res of [await post(path), await post(path, {}), await post(path, { tokenString: session.token })]) {
      expect([200, 400, 401, 403]).toContain(res.statusCode);
      if (res.statusCode !== 200) failure(res);
    }
  });

  it.each(paths.filter((p) => !PUBLIC_PATHS.includes(p)))('%s needs a token: 401 without one, whatever the body', async (path) => {
    expect(failure(await post(path, {}))).toMatchObject({ status: 401 });
    expect(failure(await post(path, { storeId: owner.storeId, role: owner.role }))).toMatchObject({ status: 401 });
    expect(failure(await post(path, { tokenString: 'forged', storeId: owner.storeId, role: owner.role }))).toMatchObject({ status: 401 });
  });

  it('only /login and /signup are public', () => {
    expect(paths.filter((p) => PUBLIC_PATHS.includes(p)).sort()).toEqual([...PUBLIC_PATHS].sort());
  });

  it.each(paths)('%s refuses GET, PUT and DELETE (405)', async (path) => {
    for (const method of ['GET', 'PUT', 'DELETE'] as const) {
      const res = await app.inject({ method, url: `/api/v1${path}` });
      expect(failure(res)).toMatchObject({ status: 405 });
      expect(res.headers.allow).toBe('POST');
    }
  });
});

// doors, bodies and statuses shared by every path ---------------------------------
describe('the door itself', () => {
  it('GET /health answers 200 {"status":"ok"}', async () => {
    const res = await app.inject({ method: 'GET', url: '/health' });
    expect(res.statusCode).toBe(200);
    expect(res.json()).toEqual({ status: 'ok' });
  });

  it('answers 404 for an unknown path, with the failure body', async () => {
    expect(failure(await post('/no/such/path', {}))).toMatchObject({ status: 404 });
    expect(failure(await post('/login/extra', {}))).toMatchObject({ status: 404 });
    expect(failure(await app.inject({ method: 'GET', url: '/nowhere' }))).toMatchObject({ status: 404 });
  });

  it('answers 400 to malformed JSON, a non-object body and a non-JSON content type', async () => {
    const malformed = await app.inject({ method: 'POST', url: '/api/v1/login', headers: { 'content-type': 'application/json' }, payload: '{"usernameOrEmail": "a",' });
    expect(failure(malformed)).toMatchObject({ status: 400, message: 'The request body is not valid JSON' });
    expect(failure(await post('/login', [1, 2]))).toMatchObject({ status: 400 });
    const text = await app.inject({ method: 'POST', url: '/api/v1/login', headers: { 'content-type': 'text/plain' }, payload: 'usernameOrEmail=a' });
    expect(failure(text)).toMatchObject({ status: 400 });
    const scalar = await app.inject({ method: 'POST', url: '/api/v1/login', headers: { 'content-type': 'application/json' }, payload: '"just a string"' });
    expect(failure(scalar)).toMatchObject({ status: 400 });
  });

  it('answers 413 to a body over 1 MiB', async () => {
    const res = await post('/login', { usernameOrEmail: 'a'.repeat(1024 * 1024), password: 'x' });
    expect(failure(res)).toMatchObject({ status: 413, code: 'PAYLOAD_TOO_LARGE' });
    // Just under the limit is read (and refused by validation instead).
    expect(failure(await post('/login', { usernameOrEmail: 'a'.repeat(1000 * 1000), password: 'x' }))).toMatchObject({ status: 400 });
  });

  it('sends security headers (helmet) on API answers and on /health', async () => {
    for (const res of [await app.inject({ method: 'GET', url: '/health' }), await post('/login', {})]) {
      expect(res.headers['x-content-type-options']).toBe('nosniff');
      expect(res.headers['x-frame-options']).toBe('SAMEORIGIN');
      expect(res.headers['content-security-policy']).toContain("default-src 'self'");
      expect(res.headers['content-security-policy']).toContain("frame-ancestors 'none'");
      expect(res.headers['referrer-policy']).toBe('no-referrer');
      expect(res.headers['x-powered-by']).toBeUndefined();
    }
  });

  it('identity from headers: authorization Bearer, x-store-id and x-role', async () => {
    const headers = { authorization: `Bearer ${owner.token}`, 'x-store-id': String(owner.storeId), 'x-role': owner.role };
    const res = await post('/store/staff/list', {}, { headers });
    expect(res.statusCode).toBe(200);
    expect(res.json()).toMatchObject({ success: true, staff: [{ userId: owner.userId }] });
    expect(failure(await post('/store/staff/list', {}, { headers: { ...headers, 'x-role': 'KING' } }))).toMatchObject({ status: 400 });
    expect(failure(await post('/store/staff/list', {}, { headers: { ...headers, 'x-store-id': '-1' } }))).toMatchObject({ status: 400 });
  });

  it('identity from the body wins over the headers', async () => {
    const goodHeaders = { authorization: `Bearer ${owner.token}`, 'x-store-id': String(owner.storeId), 'x-role': owner.role };
    const badHeaders = { authorization: 'Bearer not-a-token', 'x-store-id': '999999', 'x-role': 'STORE_STAFF' };
    expect((await post('/store/staff/list', as(owner), { headers: badHeaders })).statusCode).toBe(200);
    expect(failure(await post('/store/staff/list', { ...as(owner), tokenString: 'not-a-token' }, { headers: goodHeaders }))).toMatchObject({ status: 401 });
    expect(failure(await post('/store/staff/list', { ...as(owner), role: 'STORE_STAFF' }, { headers: goodHeaders }))).toMatchObject({ status: 403 });
  });

  it('identity from the token cookie set at login (HttpOnly, SameSite=Lax), for the token only', async () => {
    const login = await post('/login', { usernameOrEmail: owner.username, password: owner.password });
    expect(login.statusCode).toBe(200);
    const cookie = login.cookies.find((c) => c.name === 'token');
    expect(cookie).toMatchObject({ value: login.json().token, httpOnly: true, sameSite: 'Lax', path: '/' });
    expect(cookie!.maxAge).toBe(30 * 24 * 3600);

    const cookies = { token: cookie!.value };
    expect((await post('/store/staff/list', { storeId: owner.storeId, role: owner.role }, { cookies })).statusCode).toBe(200);
    // The cookie carries no store or role.
    expect(failure(await post('/store/staff/list', {}, { cookies }))).toMatchObject({ status: 403 });

    const logout = await post('/logout', {}, { cookies });
    expect(logout.statusCode).toBe(200);
    const cleared = logout.cookies.find((c) => c.name === 'token');
    expect(cleared?.value).toBe('');
    expect(failure(await post('/store/staff/list', { storeId: owner.storeId, role: owner.role }, { cookies }))).toMatchObject({ status: 401 });
  });

  it('hides a 500: generic message with an error id that is in the log, never internals', async () => {
    const lines: string[] = [];
    const explodingDb = handle.db.withPlugin({
      transformQuery: () => {
        throw new Error('connect ECONNREFUSED 10.1.2.3:5432 (secret internals)');
      },
      transformResult: async ({ result }) => result,
    });
    const broken = await buildApp({
      db: explodingDb,
      api: { scryptCost: 1024 },
      logger: { level: 'error', stream: { write: (line: string) => void lines.push(line) } },
    });
    try {
      const rest = await post('/login', { usernameOrEmail: owner.username, password: owner.password }, { app: broken });
      const { message } = failure(rest);
      expect(rest.statusCode).toBe(500);
      expect(message).toMatch(/^Internal server error \(error id [0-9a-f]{8}\)$/);
      expect(rest.body).not.toMatch(/secret|ECONNREFUSED|10\.1\.2\.3|stack/i);
      const errorId = /error id ([0-9a-f]{8})/.exec(message)![1]!;
      expect(lines.join('\n')).toContain(errorId);
      expect(lines.join('\n')).toContain('secret internals');

      const staff = await post('/store/staff/list', as(owner), { app: broken });
      expect(failure(staff)).toMatchObject({ status: 500 });

      const trpc = await broken.inject({ method: 'POST', url: '/trpc/auth.login', payload: { json: { usernameOrEmail: owner.username, password: 'x' } } });
      expect(trpc.statusCode).toBe(500);
      expect(trpc.body).not.toMatch(/secret|ECONNREFUSED|10\.1\.2\.3|\.ts:\d+/i);

      const health = await broken.inject({ method: 'GET', url: '/health' });
      expect(health.statusCode).toBe(503);
    } finally {
      await broken.close();
    }
  });
});

describe('the tRPC door', () => {
  it('answers auth.login with superjson', async () => {
    const res = await app.inject({ method: 'POST', url: '/trpc/auth.login', payload: { json: { usernameOrEmail: owner.email, password: owner.password } } });
    expect(res.statusCode).toBe(200);
    expect(res.json().result.data.json).toMatchObject({ success: true, userId: owner.userId, roles: [{ storeId: owner.storeId, role: 'STORE_OWNER' }] });
    expect(res.cookies.find((c) => c.name === 'token')).toMatchObject({ httpOnly: true, sameSite: 'Lax' });
  });

  it('takes identity from headers on a batched query and answers its statuses', async () => {
    const headers = { authorization: `Bearer ${owner.token}`, 'x-store-id': String(owner.storeId), 'x-role': owner.role };
    const input = encodeURIComponent(JSON.stringify({ 0: { json: {} } }));
    const ok = await app.inject({ method: 'GET', url: `/trpc/staff.list?batch=1&input=${input}`, headers });
    expect(ok.statusCode).toBe(200);
    expect(ok.json()[0].result.data.json).toMatchObject({ success: true, staff: [{ userId: owner.userId }] });

    const anonymous = await app.inject({ method: 'GET', url: `/trpc/staff.list?batch=1&input=${input}` });
    expect(anonymous.statusCode).toBe(401);
    expect(anonymous.json()[0].error.json).toMatchObject({ message: 'Not signed in', data: { code: 'UNAUTHORIZED', httpStatus: 401 } });
    const forbidden = await app.inject({ method: 'GET', url: `/trpc/staff.list?batch=1&input=${input}`, headers: { ...headers, 'x-store-id': '999999' } });
    expect(forbidden.statusCode).toBe(403);
  });
});

describe('rate limits', () => {
  it('answers 429 to the address after max login attempts in the window', async () => {
    const limited = await buildApp({ db: handle.db, api: { scryptCost: 1024 }, loginRateLimit: { max: 3, timeWindowMs: 60_000 } });
    try {
      const attempt = () => post('/login', { usernameOrEmail: uniqueName('nobody'), password: 'whatever1' }, { app: limited });
      for (let i = 0; i < 3; i++) expect(failure(await attempt())).toMatchObject({ status: 401 });
      expect(failure(await attempt())).toMatchObject({ status: 429, code: 'TOO_MANY_REQUESTS' });
      expect(failure(await post('/signup', { ...newUser(), storeName: 'S' }, { app: limited }))).toMatchObject({ status: 429 });
      const trpc = await limited.inject({ method: 'POST', url: '/trpc/auth.login', payload: { json: { usernameOrEmail: 'x', password: 'y' } } });
      expect(trpc.statusCode).toBe(429);
      // Other calls are not counted.
      expect((await post('/store/staff/list', as(owner), { app: limited })).statusCode).toBe(200);
      // Another address is not limited.
      const elsewhere = await limited.inject({
        method: 'POST',
        url: '/api/v1/login',
        remoteAddress: '10.9.9.9',
        payload: { usernameOrEmail: owner.username, password: owner.password },
      });
      expect(elsewhere.statusCode).toBe(200);
    } finally {
      await limited.close();
    }
  });
});

// one block per path ---------------------------------------------------------------
describePath('/login', () => {
  it('logs in by username or e-mail and answers the login response', async () => {
    const res = await post('/login', { usernameOrEmail: owner.email.toUpperCase(), password: owner.password });
    expect(res.statusCode).toBe(200);
    expect(res.json()).toEqual({
      success: true,
      message: expect.any(String),
      userId: owner.userId,
      username: owner.username,
      email: owner.email,
      token: expect.any(String),
      roles: [{ storeId: owner.storeId, storeName: owner.storeName, role: 'STORE_OWNER' }],
    });
  });

  it('answers 401 with one message for an unknown user and a wrong password', async () => {
    const unknown = failure(await post('/login', { usernameOrEmail: uniqueName('ghost'), password: owner.password }));
    const wrong = failure(await post('/login', { usernameOrEmail: owner.username, password: 'not it at all' }));
    expect(unknown).toEqual({ status: 401, code: 'UNAUTHORIZED', message: 'Invalid username or password' });
    expect(wrong).toEqual(unknown);
  });

  it('answers 400 to missing fields and wrong types', async () => {
    expect(failure(await post('/login', { usernameOrEmail: owner.username }))).toMatchObject({ status: 400, message: 'Password is required' });
    expect(failure(await post('/login', { usernameOrEmail: 42, password: ['x'] }))).toMatchObject({ status: 400 });
  });

  it('answers 429 after 5 failures for one account, even with the right password', async () => {
    const victim = await signUpOwner(h);
    for (let i = 0; i < 5; i++) expect(failure(await post('/login', { usernameOrEmail: victim.username, password: 'wrong password' }))).toMatchObject({ status: 401 });
    expect(failure(await post('/login', { usernameOrEmail: victim.email, password: victim.password }))).toMatchObject({ status: 429 });
  });
});

describePath('/signup', () => {
  it('creates the store and its owner, answers the login response and sets the cookie', async () => {
    const user = newUser();
    const res = await post('/signup', { ...user, storeName: 'Rest Store' });
    expect(res.statusCode).toBe(200);
    const body = res.json();
    expect(body).toMatchObject({ success: true, username: user.username, email: user.email, roles: [{ storeName: 'Rest Store', role: 'STORE_OWNER' }] });
    expect(res.cookies.find((c) => c.name === 'token')).toMatchObject({ value: body.token, httpOnly: true, sameSite: 'Lax' });
    const list = await post('/store/staff/list', { tokenString: body.token, storeId: body.roles[0].storeId, role: 'STORE_OWNER' });
    expect(list.json().staff).toEqual([{ userId: body.userId, username: user.username, email: user.email, roles: ['STORE_OWNER'] }]);
  });

  it('answers 409 to a taken username or e-mail, whatever the case', async () => {
    expect(failure(await post('/signup', { ...newUser(), username: owner.username.toUpperCase(), storeName: 'S' }))).toMatchObject({ status: 409 });
    expect(failure(await post('/signup', { ...newUser(), email: owner.email.toUpperCase(), storeName: 'S' }))).toMatchObject({ status: 409 });
  });

  it('answers 400 to a short password, a bad e-mail or a missing store name', async () => {
    expect(failure(await post('/signup', { ...newUser(), password: 'short', storeName: 'S' }))).toMatchObject({
      status: 400,
      message: 'Password must be at least 8 characters',
    });
    expect(failure(await post('/signup', { ...newUser(), email: 'nope', storeName: 'S' }))).toMatchObject({ status: 400 });
    expect(failure(await post('/signup', newUser()))).toMatchObject({ status: 400, message: 'Store name is required' });
  });
});

describePath('/logout', () => {
  it('revokes the token given in the body: the next call answers 401', async () => {
    const person = await signUpOwner(h);
    const res = await post('/logout', as(person));
    expect(res.statusCode).toBe(200);
    expect(res.json()).toMatchObject({ success: true });
    expect(failure(await post('/store/staff/list', as(person)))).toMatchObject({ status: 401 });
    expect(failure(await post('/logout', as(person)))).toMatchObject({ status: 401 });
  });

  it('answers 401 without a token', async () => {
    expect(failure(await post('/logout', {}))).toMatchObject({ status: 401, message: 'Not signed in' });
  });
});

describePath('/password', () => {
  it('changes the password and revokes the other sessions', async () => {
    const person = await signUpOwner(h);
    const other = (await post('/login', { usernameOrEmail: person.username, password: person.password })).json().token as string;
    const body = { ...as(person), currentPassword: person.password, newPassword: 'brand new secret', confirmPassword: 'brand new secret' };
    const res = await post('/password', body);
    expect(res.statusCode).toBe(200);
    expect(res.json()).toEqual({ success: true, message: 'Password changed successfully' });
    expect((await post('/store/staff/list', as(person))).statusCode).toBe(200);
    expect(failure(await post('/store/staff/list', { ...as(person), tokenString: other }))).toMatchObject({ status: 401 });
    expect((await post('/login', { usernameOrEmail: person.username, password: 'brand new secret' })).statusCode).toBe(200);
  });

  it("answers 400 'New passwords do not match', 400 to a wrong current password, 401 without a token", async () => {
    const body = { ...as(owner), currentPassword: owner.password, newPassword: 'brand new secret', confirmPassword: 'something else' };
    expect(failure(await post('/password', body))).toEqual({ status: 400, code: 'BAD_REQUEST', message: 'New passwords do not match' });
    expect(failure(await post('/password', { ...body, currentPassword: 'wrong one!', confirmPassword: body.newPassword }))).toMatchObject({ status: 400 });
    expect(failure(await post('/password', { ...body, tokenString: undefined }))).toMatchObject({ status: 401 });
  });
});

describePath('/store/staff/list', () => {
  it('lists the staff of the caller store for a manager; 403 for a cashier; 403 for another store', async () => {
    const manager = await addStaff(h, owner, 'STORE_MANAGER');
    const cashier = await addStaff(h, owner, 'STORE_STAFF');
    const res = await post('/store/staff/list', as(manager));
    expect(res.statusCode).toBe(200);
    expect(res.json().staff.map((m: { userId: number }) => m.userId)).toEqual(expect.arrayContaining([owner.userId, manager.userId, cashier.userId]));
    expect(failure(await post('/store/staff/list', as(cashier)))).toMatchObject({ status: 403 });
    const other = await signUpOwner(h);
    expect(failure(await post('/store/staff/list', { ...as(owner), storeId: other.storeId }))).toMatchObject({ status: 403 });
  });

  it('answers 400 to an unknown role or an out-of-range storeId, 401 without a token', async () => {
    for (const role of ['KING', 'store_owner', 5, true, ['STORE_OWNER'], { role: 'STORE_OWNER' }]) {
      expect(failure(await post('/store/staff/list', { ...as(owner), role }))).toMatchObject({ status: 400 });
    }
    for (const storeId of [-1, 0, 1e20, 'abc', 2.5]) {
      expect(failure(await post('/store/staff/list', { ...as(owner), storeId }))).toMatchObject({ status: 400 });
    }
    expect(failure(await post('/store/staff/list', { storeId: owner.storeId, role: owner.role }))).toMatchObject({ status: 401 });
  });
});

describePath('/store/staff/add', () => {
  it('creates a user holding staffRole, who can log in with it', async () => {
    const user = newUser();
    const res = await post('/store/staff/add', { ...as(owner), ...user, staffRole: 'STORE_ACCOUNTANT' });
    expect(res.statusCode).toBe(200);
    expect(res.json()).toMatchObject({ success: true, member: { username: user.username, roles: ['STORE_ACCOUNTANT'] } });
    const login = await post('/login', { usernameOrEmail: user.username, password: user.password });
    expect(login.json().roles).toEqual([{ storeId: owner.storeId, storeName: owner.storeName, role: 'STORE_ACCOUNTANT' }]);
  });

  it("answers 400 to staffRole 'KING', 403 to a manager granting a manager, 409 to a taken name", async () => {
    expect(failure(await post('/store/staff/add', { ...as(owner), ...newUser(), staffRole: 'KING' }))).toMatchObject({
      status: 400,
      message: expect.stringContaining('staffRole'),
    });
    const manager = await addStaff(h, owner, 'STORE_MANAGER');
    expect(failure(await post('/store/staff/add', { ...as(manager), ...newUser(), staffRole: 'STORE_MANAGER' }))).toMatchObject({ status: 403 });
    expect(failure(await post('/store/staff/add', { ...as(owner), ...newUser(), username: owner.username, staffRole: 'STORE_STAFF' }))).toMatchObject({
      status: 409,
      message: 'Username is already taken',
    });
  });
});

describePath('/store/staff/assign', () => {
  it('gives an existing user a role; 409 when already held; 404 for an unknown user', async () => {
    const other = await signUpOwner(h);
    const res = await post('/store/staff/assign', { ...as(owner), usernameOrEmail: other.username, staffRole: 'STORE_STAFF' });
    expect(res.statusCode).toBe(200);
    expect(res.json()).toMatchObject({ success: true, member: { userId: other.userId, roles: ['STORE_STAFF'] } });
    expect(failure(await post('/store/staff/assign', { ...as(owner), usernameOrEmail: other.email, staffRole: 'STORE_STAFF' }))).toMatchObject({ status: 409 });
    expect(failure(await post('/store/staff/assign', { ...as(owner), usernameOrEmail: uniqueName('ghost'), staffRole: 'STORE_STAFF' }))).toMatchObject({
      status: 404,
    });
    expect(failure(await post('/store/staff/assign', { ...as(owner), usernameOrEmail: other.email, staffRole: 7 }))).toMatchObject({ status: 400 });
  });
});

describePath('/store/staff/revoke', () => {
  it('revokes a role; the revoked session is refused at once (403)', async () => {
    const manager = await addStaff(h, owner, 'STORE_MANAGER');
    expect((await post('/store/staff/list', as(manager))).statusCode).toBe(200);
    const res = await post('/store/staff/revoke', { ...as(owner), userId: manager.userId, staffRole: 'STORE_MANAGER' });
    expect(res.statusCode).toBe(200);
    expect(res.json()).toMatchObject({ success: true, member: null });
    expect(failure(await post('/store/staff/list', as(manager)))).toMatchObject({ status: 403 });
  });

  it('answers 409 for the last owner, 404 for another store user, 400 for a bad userId', async () => {
    const solo = await signUpOwner(h);
    expect(failure(await post('/store/staff/revoke', { ...as(solo), userId: solo.userId, staffRole: 'STORE_OWNER' }))).toMatchObject({ status: 409 });
    expect(failure(await post('/store/staff/revoke', { ...as(solo), userId: owner.userId, staffRole: 'STORE_OWNER' }))).toMatchObject({ status: 404 });
    for (const userId of [-1, 0, 'abc', 1e300, null]) {
      expect(failure(await post('/store/staff/revoke', { ...as(solo), userId, staffRole: 'STORE_STAFF' }))).toMatchObject({ status: 400 });
    }
  });
});

describePath('/system/stores/list', () => {
  it('lists stores for the admin; 400 for page 0 or pageSize 1000; 403 for a store owner', async () => {
    const res = await post('/system/stores/list', { ...as(admin), page: 1, pageSize: 2 });
    expect(res.statusCode).toBe(200);
    expect(res.json()).toMatchObject({ success: true, totalStores: expect.any(Number) });
    expect(res.json().stores.length).toBeLessThanOrEqual(2);
    expect(failure(await post('/system/stores/list', { ...as(admin), page: 0, pageSize: 2 }))).toMatchObject({ status: 400 });
    expect(failure(await post('/system/stores/list', { ...as(admin), page: 1, pageSize: 1000 }))).toMatchObject({ status: 400 });
    expect(failure(await post('/system/stores/list', { ...as(owner), page: 1, pageSize: 2 }))).toMatchObject({ status: 403 });
  });
});

describePath('/system/users/list', () => {
  it('lists users for the admin; 400 for a wrong type; 403 for a store owner', async () => {
    const res = await post('/system/users/list', { ...as(admin), page: 1, pageSize: 5 });
    expect(res.statusCode).toBe(200);
    expect(res.json()).toMatchObject({ success: true, totalUsers: expect.any(Number) });
    expect(failure(await post('/system/users/list', { ...as(admin), page: 'first' }))).toMatchObject({ status: 400 });
    expect(failure(await post('/system/users/list', { ...as(admin), pageSize: -5 }))).toMatchObject({ status: 400 });
    expect(failure(await post('/system/users/list', as(owner)))).toMatchObject({ status: 403 });
  });
});

for (const [path, extra] of [
  ['/dashboard/absolute-admin', {}],
  ['/dashboard/sst-staff', {}],
  ['/dashboard/sst-manager', { activeStores: expect.any(Number) }],
] as const) {
  describePath(path, () => {
    it('answers the admin real counters; 403 for a store owner; 401 without a token', async () => {
      const [stores, users] = await Promise.all([
        h.db.selectFrom('stores').select((eb) => eb.fn.countAll<bigint>().as('n')).where('is_platform', '=', false).executeTakeFirstOrThrow(),
        h.db.selectFrom('users').select((eb) => eb.fn.countAll<bigint>().as('n')).executeTakeFirstOrThrow(),
      ]);
      const res = await post(path, as(admin));
      expect(res.statusCode).toBe(200);
      expect(res.json()).toEqual({ success: true, message: expect.any(String), totalStores: Number(stores.n), totalUsers: Number(users.n), ...extra });
      expect(failure(await post(path, as(owner)))).toMatchObject({ status: 403 });
      expect(failure(await post(path, {}))).toMatchObject({ status: 401 });
    });
  });
}

// A path of the router without a describePath block above shows up as a todo in the
// run's summary, so a new procedure without a test is noticed.
describe('coverage of the router', () => {
  for (const path of restPaths().keys()) {
    if (!tested.has(path)) it.todo(`POST /api/v1${path}: add a describePath block for it`);
  }
  it('has a describePath block for every path of the foundation', () => {
    const foundation = [...restPaths().keys()].filter((p) => /^\/(login|signup|logout|password|store\/staff\/|system\/|dashboard\/(absolute-admin|sst-))/.test(p));
    expect(foundation.length).toBe(13);
    expect(foundation.filter((p) => !tested.has(p))).toEqual([]);
  });
});
