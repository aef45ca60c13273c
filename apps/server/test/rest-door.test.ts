/**
 * The server through app.inject: the REST door, identity from body, headers and cookie,
 * every failure status and body (docs/API.md), the tRPC door, /health and security headers. Sign-in limits have their own file (limits.test.ts).
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
import { addCode, addVendor, cashMethodOf, completeSale } from '../../../test/sales';
import { inviteVendor, tokenOf } from '../../../test/portal';
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
  app = await buildApp({ db: handle.db, api: { scryptCost: 1024 } });
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

/** The identity fields a REST client adds to every body. */
const as = (p: Person) => ({ tokenString: p.token, storeId: p.storeId, role: p.role });

/** The code each status is answered with (PARSE_ERROR is answered as BAD_REQUEST). */
const CODE_FOR_STATUS = Object.fromEntries(Object.entries(HTTP_STATUS).filter(([code]) => code !== 'PARSE_ERROR').map(([code, status]) => [status, code]));

/** Checks a failure has exactly the failure body `{ success: false, message, code }` and a code matching its status. */
function failure(res: LightMyRequestResponse) {
  expect(res.statusCode).toBeGreaterThanOrEqual(400);
  expect(res.headers['content-type']).toMatch(/^application\/json/);
  const body = res.json<{ success: unknown; message: unknown; code: unknown }>();
  expect(Object.keys(body).sort()).toEqual(['code', 'message', 'success']);
  expect(body.success).toBe(false);
  expect(body.code).toBe(CODE_FOR_STATUS[res.statusCode]);
  expect(typeof body.message).toBe('string');
  expect((body.message as string).length).toBeGreaterThan(0);
  expect(res.body).not.toMatch(/\bat .*\.(ts|js):\d+/);
  return { status: res.statusCode, message: body.message as string, code: body.code as string };
}

/** The store day an order was completed on (UTC, a new store's time zone), as /order/fetch answers it. */
async function dayCompleted(person: Person, orderId: bigint | number): Promise<string> {
  const res = await post('/order/fetch', { ...as(person), orderId: Number(orderId) });
  expect(res.statusCode).toBe(200);
  return res.json<{ order: { completedAt: string } }>().order.completedAt.slice(0, 10);
}

/** The only paths a caller without a token may use. */
const PUBLIC_PATHS = ['/login', '/signup', '/portal/accept'];

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

  it.each(paths)('%s answers an empty body with a failure body or success, never 404 or 500', async (path) => {
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

  it('only /login, /signup and /portal/accept are public', () => {
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

  it('answers 400 to malformed JSON and a non-object body, 415 to a body that is not JSON', async () => {
    const malformed = await app.inject({ method: 'POST', url: '/api/v1/login', headers: { 'content-type': 'application/json' }, payload: '{"usernameOrEmail": "a",' });
    expect(failure(malformed)).toMatchObject({ status: 400, message: 'The request body is not valid JSON' });
    expect(failure(await post('/login', [1, 2]))).toMatchObject({ status: 400 });
    const text = await app.inject({ method: 'POST', url: '/api/v1/login', headers: { 'content-type': 'text/plain' }, payload: 'usernameOrEmail=a' });
    expect(failure(text)).toMatchObject({ status: 415, code: 'UNSUPPORTED_MEDIA_TYPE' });
    const scalar = await app.inject({ method: 'POST', url: '/api/v1/login', headers: { 'content-type': 'application/json' }, payload: '"just a string"' });
    expect(failure(scalar)).toMatchObject({ status: 400 });
  });

  it('answers 413 to a body over 1 MiB', async () => {
    const res = await post('/login', { usernameOrEmail: 'a'.repeat(1024 * 1024), password: 'x' });
    expect(failure(res)).toMatchObject({ status: 413, code: 'PAYLOAD_TOO_LARGE' });
    // Just under the limit is read (and refused by validation instead).
    expect(failure(await post('/login', { usernameOrEmail: 'a'.repeat(1000 * 1000), password: 'x' }))).toMatchObject({ status: 400 });
  });

  it('sends security headers (helmet) on API answers of both doors and on /health', async () => {
    const trpcLogin = await app.inject({ method: 'POST', url: '/trpc/auth.login', payload: { json: {} } });
    for (const res of [await app.inject({ method: 'GET', url: '/health' }), await post('/login', {}), trpcLogin]) {
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
      transformResult: ({ result }) => Promise.resolve(result),
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

  it('answers 429 with retry-after after 10 failures of one account from one address, even with the right password', async () => {
    const victim = await signUpOwner(h);
    for (let i = 0; i < 10; i++) expect(failure(await post('/login', { usernameOrEmail: victim.username, password: 'wrong password' }))).toMatchObject({ status: 401 });
    const refused = await post('/login', { usernameOrEmail: victim.email, password: victim.password });
    expect(failure(refused)).toMatchObject({ status: 429 });
    expect(Number(refused.headers['retry-after'])).toBeGreaterThan(0);
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
    expect(list.json().staff).toEqual([{ userId: body.userId, username: user.username, email: user.email, roles: ['STORE_OWNER'], disabled: false, mustChangePassword: false }]);
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

describePath('/store/staff/reset-password', () => {
  it('gives a member a temporary password: their sessions end, the old password fails, the new one signs in answering mustChangePassword', async () => {
    const cashier = await addStaff(h, owner, 'STORE_STAFF');
    const res = await post('/store/staff/reset-password', { ...as(owner), userId: cashier.userId, password: 'temporary password' });
    expect(res.statusCode).toBe(200);
    expect(res.json()).toMatchObject({
      success: true,
      message: `${cashier.username}'s password was reset: they change it at their next sign-in`,
      member: { userId: cashier.userId, roles: ['STORE_STAFF'], mustChangePassword: true },
    });
    expect(failure(await post('/store/staff/list', as(cashier)))).toMatchObject({ status: 401 });
    expect(failure(await post('/login', { usernameOrEmail: cashier.username, password: cashier.password }))).toMatchObject({ status: 401 });
    const login = await post('/login', { usernameOrEmail: cashier.username, password: 'temporary password' });
    expect(login.statusCode).toBe(200);
    expect(login.json()).toMatchObject({ success: true, userId: cashier.userId, mustChangePassword: true });
  });

  it("answers 403 for the caller's own password or a manager resetting an owner, 404 for another store's user, 400 for a short password or a bad userId", async () => {
    const manager = await addStaff(h, owner, 'STORE_MANAGER');
    expect(failure(await post('/store/staff/reset-password', { ...as(owner), userId: owner.userId, password: 'temporary password' }))).toMatchObject({ status: 403 });
    expect(failure(await post('/store/staff/reset-password', { ...as(manager), userId: owner.userId, password: 'temporary password' }))).toMatchObject({ status: 403 });
    const other = await signUpOwner(h);
    expect(failure(await post('/store/staff/reset-password', { ...as(owner), userId: other.userId, password: 'temporary password' }))).toMatchObject({ status: 404 });
    // Refused calls changed nothing: the owner still signs in with their own password.
    expect((await post('/login', { usernameOrEmail: other.username, password: other.password })).statusCode).toBe(200);
    const cashier = await addStaff(h, owner, 'STORE_STAFF');
    expect(failure(await post('/store/staff/reset-password', { ...as(owner), userId: cashier.userId, password: 'short' }))).toMatchObject({ status: 400 });
    for (const userId of [-1, 0, 'abc', null]) {
      expect(failure(await post('/store/staff/reset-password', { ...as(owner), userId, password: 'temporary password' }))).toMatchObject({ status: 400 });
    }
    // Refused calls ended no session.
    expect((await post('/store/fetch-time-zone', as(cashier))).statusCode).toBe(200);
  });
});

describePath('/store/staff/set-disabled', () => {
  it('disables a member (their session ends, sign-in refused with the reason) and enables them again', async () => {
    const cashier = await addStaff(h, owner, 'STORE_STAFF');
    const res = await post('/store/staff/set-disabled', { ...as(owner), userId: cashier.userId, disabled: true });
    expect(res.statusCode).toBe(200);
    expect(res.json()).toMatchObject({ success: true, message: `${cashier.username} is disabled`, member: { userId: cashier.userId, disabled: true } });
    expect(failure(await post('/store/staff/list', as(cashier)))).toMatchObject({ status: 401 });
    expect(failure(await post('/login', { usernameOrEmail: cashier.username, password: cashier.password }))).toEqual({
      status: 403,
      code: 'FORBIDDEN',
      message: 'This account is disabled: ask your store manager',
    });
    const back = await post('/store/staff/set-disabled', { ...as(owner), userId: cashier.userId, disabled: false });
    expect(back.json()).toMatchObject({ success: true, message: `${cashier.username} is enabled`, member: { userId: cashier.userId, disabled: false } });
    expect((await post('/login', { usernameOrEmail: cashier.username, password: cashier.password })).statusCode).toBe(200);
  });

  it('answers 403 to disabling oneself, to a cashier, to a manager disabling an owner; 404 for another store user; 400 for a disabled that is not a boolean', async () => {
    const manager = await addStaff(h, owner, 'STORE_MANAGER');
    const cashier = await addStaff(h, owner, 'STORE_STAFF');
    expect(failure(await post('/store/staff/set-disabled', { ...as(owner), userId: owner.userId, disabled: true }))).toMatchObject({ status: 403 });
    expect(failure(await post('/store/staff/set-disabled', { ...as(manager), userId: owner.userId, disabled: true }))).toMatchObject({ status: 403 });
    expect(failure(await post('/store/staff/set-disabled', { ...as(cashier), userId: manager.userId, disabled: true }))).toMatchObject({ status: 403 });
    const other = await signUpOwner(h);
    expect(failure(await post('/store/staff/set-disabled', { ...as(owner), userId: other.userId, disabled: true }))).toMatchObject({ status: 404 });
    for (const disabled of ['true', 1, null, undefined]) {
      expect(failure(await post('/store/staff/set-disabled', { ...as(owner), userId: cashier.userId, disabled }))).toMatchObject({ status: 400 });
    }
    // Nobody was disabled by the refused calls.
    for (const person of [owner, manager, cashier]) expect((await post('/store/fetch-time-zone', as(person))).statusCode, person.username).toBe(200);
    expect((await post('/login', { usernameOrEmail: other.username, password: other.password })).statusCode).toBe(200);
  });
});

describePath('/account/leave-store', () => {
  it('lets a user leave a store role of their own, whatever role the body claims; 409 for the last owner; 400; 401', async () => {
    const stranger = await signUpOwner(h);
    const person = await signUpOwner(h);
    await h.as(stranger).staff.assign({ usernameOrEmail: person.username, staffRole: 'STORE_ACCOUNTANT' });
    // A REST client adds its identity (its own store and role) to every body.
    const res = await post('/account/leave-store', { ...as(person), assignment: { storeId: stranger.storeId, role: 'STORE_ACCOUNTANT' } });
    expect(res.statusCode).toBe(200);
    expect(res.json()).toEqual({ success: true, message: expect.any(String), roles: [{ storeId: person.storeId, storeName: person.storeName, role: 'STORE_OWNER' }] });
    expect(failure(await post('/account/leave-store', { ...as(person), assignment: { storeId: person.storeId, role: 'STORE_OWNER' } }))).toMatchObject({ status: 409 });
    expect(failure(await post('/account/leave-store', { ...as(person), assignment: { storeId: -1, role: 'STORE_OWNER' } }))).toMatchObject({ status: 400 });
    expect(failure(await post('/account/leave-store', { ...as(person), assignment: 'all' }))).toMatchObject({ status: 400 });
    expect(failure(await post('/account/leave-store', { assignment: { storeId: person.storeId, role: 'STORE_OWNER' } }))).toMatchObject({ status: 401 });
  });
});

describePath('/account/add-store', () => {
  it("opens another store for its owner in the current store's zone, owned by them, recorded in its audit trail; 403 for a manager; 400 for a bad zone or no name", async () => {
    const owner = await signUpOwner(h);
    const { success: _s, message: _m, statusCode: _c, storeUpdatedAt: _u, ...settings } = await h.as(owner).store.fetchSettings();
    await h.as(owner).store.updateSettings({ ...settings, timeZone: 'America/Chicago' });
    const res = await post('/account/add-store', { ...as(owner), storeName: 'Second Street Antiques' });
    expect(res.statusCode).toBe(200);
    const answer = res.json();
    expect(answer).toMatchObject({ success: true, store: { name: 'Second Street Antiques', timeZone: 'America/Chicago' } });
    const second = { storeId: Number(answer.store.id), storeName: 'Second Street Antiques', role: 'STORE_OWNER' };
    expect(answer.roles).toEqual([{ storeId: owner.storeId, storeName: owner.storeName, role: 'STORE_OWNER' }, second]);
    // The new store is the owner's to act in, and it starts with its own cash method and audit trail.
    const inSecond = { ...owner, storeId: second.storeId };
    expect((await post('/store/payment/list', as(inSecond))).json().paymentMethods).toEqual([expect.objectContaining({ name: 'Cash' })]);
    const hour = 3_600_000;
    const audit = await post('/store/audit/list', { ...as(inSecond), from: new Date(Date.now() - hour).toISOString(), to: new Date(Date.now() + hour).toISOString() });
    expect(audit.json().events).toEqual([expect.objectContaining({ action: 'STAFF_ADD', targetId: String(owner.userId), after: { username: owner.username, roles: ['STORE_OWNER'] } })]);
    const zoned = (await post('/account/add-store', { ...as(owner), storeName: 'Coast Store', timeZone: 'America/Los_Angeles' })).json();
    expect(zoned.store.timeZone).toBe('America/Los_Angeles');

    const manager = await addStaff(h, owner, 'STORE_MANAGER');
    expect(failure(await post('/account/add-store', { ...as(manager), storeName: 'Not mine' }))).toMatchObject({ status: 403 });
    expect(failure(await post('/account/add-store', { ...as(owner), storeName: 'X', timeZone: 'Mars/Olympus' }))).toMatchObject({ status: 400, message: 'Time zone must be an IANA time zone such as America/New_York' });
    expect(failure(await post('/account/add-store', { ...as(owner), storeName: '  ' }))).toMatchObject({ status: 400 });
    expect((await post('/account/add-store', { storeName: 'Nobody' })).statusCode).toBe(401);
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

// vendors, item codes and stock items ----------------------------------------------
describe('vendors, item codes and stock items through the door', () => {
  let cashier: Person;
  let manager: Person;
  let accountant: Person;
  let stranger: Person;
  let theirVendorId: number;
  let theirCodeId: number;
  let theirItemId: number;

  const Mw = (value: string | number) => ({ type: 'Money' as const, value });
  const vendorBody = (tradeName = uniqueName('Vendor ')) => ({
    tradeName,
    contactName: 'Ruth Baker',
    contactEmail: 'ruth@example.test',
    primaryPhone: '555-0100',
    deductMonthlyRent: false,
  });
  const itemBody = () => ({ sku: uniqueName('SKU-'), description: 'Oak chair', price: Mw('25000000'), quantityOnHand: 3, reorderLevel: 1 });

  async function newVendor(person: Person = owner): Promise<number> {
    const { vendor } = await h.as(person).vendor.add(vendorBody());
    return vendor.id;
  }
  async function newCode(vendorId: number, person: Person = owner) {
    const tag = uniqueName('T');
    const { itemCodes } = await h.as(person).store.itemcode.add({ tag, vendorId });
    return itemCodes.find((c) => c.tag === tag)!;
  }

  beforeAll(async () => {
    [cashier, manager, accountant, stranger] = await Promise.all([
      addStaff(h, owner, 'STORE_STAFF'),
      addStaff(h, owner, 'STORE_MANAGER'),
      addStaff(h, owner, 'STORE_ACCOUNTANT'),
      signUpOwner(h),
    ]);
    theirVendorId = await newVendor(stranger);
    theirCodeId = (await newCode(theirVendorId, stranger)).id;
    theirItemId = (await h.as(stranger).store.inventory.add(itemBody())).item.id;
  });

  /** What the other store sees of its own rows, to check a refused call changed nothing. */
  async function theirState() {
    const their = h.as(stranger);
    return {
      vendors: await their.vendor.list({ pageSize: 100 }),
      codes: await their.store.itemcode.fetchVendor({ vendorId: theirVendorId }),
      items: await their.store.inventory.list({ pageSize: 100 }),
    };
  }

  describePath('/vendor/list', () => {
    it('lists the store vendors, sorted and paged, for a cashier', async () => {
      const id = await newVendor();
      const res = await post('/vendor/list', { ...as(cashier), page: 1, pageSize: 100, sort: 'email', isAscending: false });
      expect(res.statusCode).toBe(200);
      const body = res.json();
      expect(body).toMatchObject({ success: true, totalVendors: expect.any(Number) });
      expect(body.vendors.find((v: { id: number }) => v.id === id)).toEqual({
        id,
        tradeName: expect.any(String),
        primaryContact: { id: expect.any(Number), name: 'Ruth Baker', email: 'ruth@example.test', primaryPhone: '555-0100', secondaryPhone: '', priority: 1 },
        deductMonthlyRent: false,
        vendorType: 'VENDOR',
        monthlyRent: { type: 'Money', value: '0' },
        booth: '',
        mailingAddress: '',
        taxId: '',
        outstandingStatementBalance: { type: 'Money', value: '0' },
        itemCodes: [],
      });
      expect(body.vendors.map((v: { id: number }) => v.id)).not.toContain(theirVendorId);
    });

    it('finds vendors by part of a trade name, contact, e-mail or code tag, any case; % is taken literally', async () => {
      const id = await newVendor();
      const found = async (search: string) => ((await post('/vendor/list', { ...as(cashier), pageSize: 100, search })).json().vendors as { id: number }[]).map((v) => v.id);
      expect(await found('RUTH@EXAMPLE')).toContain(id);
      expect(await found('ruth bak')).toContain(id);
      expect(await found('%')).toEqual([]);
      const body = (await post('/vendor/list', { ...as(cashier), pageSize: 1, search: 'ruth' })).json();
      expect(body.vendors).toHaveLength(1);
      expect(body.totalVendors).toBeGreaterThanOrEqual(1);
    });

    it('answers 400 to pageSize 101, an unknown sort and wrong types; 401; 403 for an accountant or another store', async () => {
      expect(failure(await post('/vendor/list', { ...as(owner), pageSize: 101 }))).toMatchObject({ status: 400, message: 'pageSize must be at most 100' });
      expect(failure(await post('/vendor/list', { ...as(owner), sort: 'id' }))).toMatchObject({
        status: 400,
        message: 'sort must be one of tradeName, contactName, email, primaryPhone',
      });
      expect(failure(await post('/vendor/list', { ...as(owner), page: 'one' }))).toMatchObject({ status: 400 });
      expect(failure(await post('/vendor/list', { ...as(owner), isAscending: 'yes' }))).toMatchObject({ status: 400 });
      expect(failure(await post('/vendor/list', { storeId: owner.storeId, role: owner.role }))).toMatchObject({ status: 401 });
      expect(failure(await post('/vendor/list', as(accountant)))).toMatchObject({ status: 403 });
      expect(failure(await post('/vendor/list', { ...as(owner), storeId: stranger.storeId }))).toMatchObject({ status: 403 });
    });
  });

  describePath('/vendor/fetch', () => {
    it('answers one vendor of the store with its codes; another store\'s is 404; a bad id 400', async () => {
      const id = await newVendor();
      const res = await post('/vendor/fetch', { ...as(cashier), vendorId: id });
      expect(res.statusCode).toBe(200);
      expect(res.json()).toMatchObject({ success: true, vendor: { id, booth: '', mailingAddress: '', taxId: '', itemCodes: [] } });
      expect(failure(await post('/vendor/fetch', { ...as(owner), vendorId: theirVendorId }))).toMatchObject({ status: 404, message: 'No such vendor in this store' });
      expect(failure(await post('/vendor/fetch', { ...as(owner), vendorId: 'x' }))).toMatchObject({ status: 400 });
      expect(failure(await post('/vendor/fetch', as(accountant)))).toMatchObject({ status: 403 });
    });
  });

  describePath('/vendor/add', () => {
    it('answers the new vendor', async () => {
      const res = await post('/vendor/add', { ...as(cashier), ...vendorBody('Door Vendor'), secondaryPhone: '555-0199' });
      expect(res.statusCode).toBe(200);
      expect(res.json()).toEqual({
        success: true,
        message: expect.any(String),
        vendor: {
          id: expect.any(Number),
          tradeName: 'Door Vendor',
          primaryContact: { id: expect.any(Number), name: 'Ruth Baker', email: 'ruth@example.test', primaryPhone: '555-0100', secondaryPhone: '555-0199', priority: 1 },
          deductMonthlyRent: false,
          vendorType: 'VENDOR',
          monthlyRent: { type: 'Money', value: '0' },
          booth: '',
          mailingAddress: '',
          taxId: '',
          outstandingStatementBalance: { type: 'Money', value: '0' },
          itemCodes: [],
        },
      });
    });

    it("answers 400 with the product's messages and to wrong types; 401; 403 for an accountant", async () => {
      expect(failure(await post('/vendor/add', { ...as(owner), ...vendorBody(), contactEmail: 'nope' }))).toEqual({
        status: 400,
        code: 'BAD_REQUEST',
        message: 'Email must be a valid e-mail address',
      });
      expect(failure(await post('/vendor/add', { ...as(owner), ...vendorBody(), tradeName: '' }))).toMatchObject({ status: 400, message: 'Trade Name is required' });
      expect(failure(await post('/vendor/add', { ...as(owner), ...vendorBody(), deductMonthlyRent: 'yes' }))).toMatchObject({ status: 400 });
      expect(failure(await post('/vendor/add', { ...vendorBody(), storeId: owner.storeId, role: owner.role }))).toMatchObject({ status: 401 });
      expect(failure(await post('/vendor/add', { ...as(accountant), ...vendorBody() }))).toMatchObject({ status: 403 });
    });
  });

  describePath('/vendor/edit', () => {
    it('saves the payload and answers the vendor', async () => {
      const vendorId = await newVendor();
      const res = await post('/vendor/edit', { ...as(cashier), vendorId, ...vendorBody('Renamed At Door') });
      expect(res.statusCode).toBe(200);
      expect(res.json()).toMatchObject({ success: true, vendor: { id: vendorId, tradeName: 'Renamed At Door', primaryContact: { priority: 1 } } });
    });

    it("answers 404 to another store's vendor (unchanged), 400 to a bad vendorId or an empty contact, 403 for an accountant", async () => {
      const before = await theirState();
      expect(failure(await post('/vendor/edit', { ...as(owner), vendorId: theirVendorId, ...vendorBody('Mine now') }))).toMatchObject({ status: 404 });
      expect(await theirState()).toEqual(before);
      const vendorId = await newVendor();
      expect(failure(await post('/vendor/edit', { ...as(owner), vendorId: 'abc', ...vendorBody() }))).toMatchObject({ status: 400 });
      expect(failure(await post('/vendor/edit', { ...as(owner), vendorId, ...vendorBody(), contactName: ' ' }))).toMatchObject({
        status: 400,
        message: 'Contact Name is required',
      });
      expect(failure(await post('/vendor/edit', { ...as(accountant), vendorId, ...vendorBody() }))).toMatchObject({ status: 403 });
      expect(failure(await post('/vendor/edit', { storeId: owner.storeId, role: owner.role, vendorId, ...vendorBody() }))).toMatchObject({ status: 401 });
    });
  });

  describePath('/vendor/delete', () => {
    it('erases an unsold vendor for a manager and says so; a cashier is refused', async () => {
      const vendorId = await newVendor();
      expect(failure(await post('/vendor/delete', { ...as(cashier), vendorId }))).toMatchObject({ status: 403, message: 'Only a store manager may delete or archive a vendor' });
      const res = await post('/vendor/delete', { ...as(manager), vendorId });
      expect(res.statusCode).toBe(200);
      expect(res.json()).toEqual({ success: true, message: 'Vendor deleted successfully', archived: false });
      expect(failure(await post('/vendor/delete', { ...as(manager), vendorId }))).toMatchObject({ status: 404 });
    });

    it("answers 404 to another store's vendor (unchanged), 400 to a bad vendorId, 403 for an accountant", async () => {
      const before = await theirState();
      expect(failure(await post('/vendor/delete', { ...as(owner), vendorId: theirVendorId }))).toMatchObject({ status: 404 });
      expect(await theirState()).toEqual(before);
      for (const vendorId of [-1, 0, 'abc', null]) expect(failure(await post('/vendor/delete', { ...as(owner), vendorId }))).toMatchObject({ status: 400 });
      expect(failure(await post('/vendor/delete', { ...as(accountant), vendorId: await newVendor() }))).toMatchObject({ status: 403 });
    });
  });

  describePath('/store/itemcode/add', () => {
    it("answers success, message and the vendor's codes; a Percent value may be an integer", async () => {
      const vendorId = await newVendor();
      const tag = uniqueName('Door');
      const res = await post('/store/itemcode/add', { ...as(manager), tag, vendorId, defaultCommissionPercent: { type: 'Percent', value: 12_500_000 } });
      expect(res.statusCode).toBe(200);
      expect(res.json()).toEqual({
        success: true,
        message: 'Item code added successfully',
        itemCodes: [
          {
            id: expect.any(Number),
            tag,
            vendorId,
            warnOnNoControlCode: false,
            defaultCommissionPercent: { type: 'Percent', value: '12500000' },
            receivesSeparateStatement: false,
            proportionalCcFee: false,
            deductMonthlyRentOverride: 'USE_VENDOR_DEFAULT',
            monthlyRent: { type: 'Money', value: '0' },
          },
        ],
      });
    });

    it("answers 400 to a bad tag or an unknown override, 409 to a used tag, 404 to another store's vendor, 403 for an accountant", async () => {
      const vendorId = await newVendor();
      const { tag } = await newCode(vendorId);
      expect(failure(await post('/store/itemcode/add', { ...as(owner), tag: 'A-1', vendorId }))).toEqual({
        status: 400,
        code: 'BAD_REQUEST',
        message: 'Tag must contain only letters and numbers',
      });
      expect(failure(await post('/store/itemcode/add', { ...as(owner), vendorId }))).toMatchObject({ status: 400, message: 'Tag is required' });
      expect(failure(await post('/store/itemcode/add', { ...as(owner), tag: uniqueName('T'), vendorId, deductMonthlyRentOverride: 'NEVER' }))).toMatchObject({ status: 400 });
      expect(failure(await post('/store/itemcode/add', { ...as(owner), tag: tag.toLowerCase(), vendorId }))).toEqual({
        status: 409,
        code: 'CONFLICT',
        message: `Tag "${tag.toLowerCase()}" is already used in this store`,
      });
      const before = await theirState();
      expect(failure(await post('/store/itemcode/add', { ...as(owner), tag: uniqueName('T'), vendorId: theirVendorId }))).toMatchObject({ status: 404 });
      expect(await theirState()).toEqual(before);
      expect(failure(await post('/store/itemcode/add', { ...as(accountant), tag: uniqueName('T'), vendorId }))).toMatchObject({ status: 403 });
      expect(failure(await post('/store/itemcode/add', { storeId: owner.storeId, role: owner.role, tag: uniqueName('T'), vendorId }))).toMatchObject({ status: 401 });
    });
  });

  describePath('/store/itemcode/edit', () => {
    it('saves the code and answers the vendor codes', async () => {
      const vendorId = await newVendor();
      const code = await newCode(vendorId);
      const res = await post('/store/itemcode/edit', { ...as(manager), id: code.id, tag: code.tag, vendorId, deductMonthlyRentOverride: 'DEDUCT', warnOnNoControlCode: true });
      expect(res.statusCode).toBe(200);
      expect(res.json()).toMatchObject({ success: true, itemCodes: [{ id: code.id, tag: code.tag, deductMonthlyRentOverride: 'DEDUCT', warnOnNoControlCode: true }] });
    });

    it("answers 409 to another code's tag, 404 to another store's code (unchanged), 400 to a bad tag, 403 for an accountant", async () => {
      const vendorId = await newVendor();
      const taken = await newCode(vendorId);
      const mine = await newCode(vendorId);
      expect(failure(await post('/store/itemcode/edit', { ...as(owner), id: mine.id, tag: taken.tag.toUpperCase(), vendorId }))).toMatchObject({ status: 409 });
      const before = await theirState();
      expect(failure(await post('/store/itemcode/edit', { ...as(owner), id: theirCodeId, tag: uniqueName('T'), vendorId }))).toMatchObject({ status: 404 });
      expect(await theirState()).toEqual(before);
      expect(failure(await post('/store/itemcode/edit', { ...as(owner), id: mine.id, tag: 'two words', vendorId }))).toMatchObject({
        status: 400,
        message: 'Tag must contain only letters and numbers',
      });
      expect(failure(await post('/store/itemcode/edit', { ...as(accountant), id: mine.id, tag: mine.tag, vendorId }))).toMatchObject({ status: 403 });
    });
  });

  describePath('/store/itemcode/fetch-vendor', () => {
    it("answers that vendor's codes", async () => {
      const vendorId = await newVendor();
      const a = await newCode(vendorId);
      const b = await newCode(vendorId);
      const res = await post('/store/itemcode/fetch-vendor', { ...as(cashier), vendorId });
      expect(res.statusCode).toBe(200);
      expect(res.json()).toEqual({ success: true, message: expect.any(String), itemCodes: [a, b] });
    });

    it("answers 404 to another store's vendor, 400 to a bad vendorId, 403 for an accountant", async () => {
      expect(failure(await post('/store/itemcode/fetch-vendor', { ...as(owner), vendorId: theirVendorId }))).toMatchObject({ status: 404 });
      expect(failure(await post('/store/itemcode/fetch-vendor', { ...as(owner), vendorId: 'first' }))).toMatchObject({ status: 400 });
      expect(failure(await post('/store/itemcode/fetch-vendor', { ...as(accountant), vendorId: await newVendor() }))).toMatchObject({ status: 403 });
    });
  });

  describePath('/store/itemcode/delete', () => {
    it('removes the code', async () => {
      const vendorId = await newVendor();
      const code = await newCode(vendorId);
      const res = await post('/store/itemcode/delete', { ...as(cashier), id: code.id });
      expect(res.statusCode).toBe(200);
      expect(res.json()).toEqual({ success: true, message: 'Item code deleted successfully' });
      expect((await post('/store/itemcode/fetch-vendor', { ...as(cashier), vendorId })).json().itemCodes).toEqual([]);
    });

    it("answers 404 to another store's code (unchanged), 400 to a bad id, 403 for an accountant", async () => {
      const before = await theirState();
      expect(failure(await post('/store/itemcode/delete', { ...as(owner), id: theirCodeId }))).toMatchObject({ status: 404 });
      expect(await theirState()).toEqual(before);
      expect(failure(await post('/store/itemcode/delete', { ...as(owner), id: 'x' }))).toMatchObject({ status: 400 });
      const code = await newCode(await newVendor());
      expect(failure(await post('/store/itemcode/delete', { ...as(accountant), id: code.id }))).toMatchObject({ status: 403 });
    });
  });

  describePath('/item/scan', () => {
    it("answers an item code's vendor and the vendor's Booth field (none given: empty, not the code) for a cashier; 404 for an unknown code or another store's, 400 without a code, 403 for an accountant", async () => {
      const vendorId = await newVendor();
      const code = await newCode(vendorId);
      const res = await post('/item/scan', { ...as(cashier), code: code.tag.toLowerCase() });
      expect(res.statusCode).toBe(200);
      expect(res.json()).toMatchObject({ success: true, kind: 'ITEM_CODE', code: code.tag, itemCode: code.tag, vendor: { id: vendorId, booth: '' }, price: null });
      const theirs = (await h.as(stranger).store.itemcode.fetchVendor({ vendorId: theirVendorId })).itemCodes[0]!;
      expect(failure(await post('/item/scan', { ...as(cashier), code: theirs.tag }))).toEqual({ status: 404, code: 'NOT_FOUND', message: `Unknown item code ${theirs.tag}` });
      expect(failure(await post('/item/scan', { ...as(cashier), code: 'NO-SUCH-CODE' }))).toMatchObject({ status: 404 });
      expect(failure(await post('/item/scan', { ...as(cashier) }))).toMatchObject({ status: 400 });
      expect(failure(await post('/item/scan', { ...as(accountant), code: code.tag }))).toMatchObject({ status: 403 });
    });
  });

  describePath('/store/inventory/list', () => {
    it('lists and searches the store items for a cashier', async () => {
      const { item } = await h.as(owner).store.inventory.add({ ...itemBody(), description: 'Quirky Teapot' });
      const res = await post('/store/inventory/list', { ...as(cashier), search: 'QUIRKY', sort: 'price', isAscending: false, page: 1, pageSize: 10 });
      expect(res.statusCode).toBe(200);
      expect(res.json()).toEqual({ success: true, items: [item], totalItems: 1 });
      expect(item.price).toEqual({ type: 'Money', value: '25000000' });
      const all = (await post('/store/inventory/list', { ...as(cashier), pageSize: 100 })).json();
      expect(all.items.map((i: { id: number }) => i.id)).not.toContain(theirItemId);
    });

    it('answers 400 to an unknown sort and pageSize 101, 403 for an accountant, 401 without a token', async () => {
      expect(failure(await post('/store/inventory/list', { ...as(owner), sort: 'colour' }))).toMatchObject({ status: 400 });
      expect(failure(await post('/store/inventory/list', { ...as(owner), pageSize: 101 }))).toMatchObject({ status: 400, message: 'pageSize must be at most 100' });
      expect(failure(await post('/store/inventory/list', as(accountant)))).toMatchObject({ status: 403 });
      expect(failure(await post('/store/inventory/list', { storeId: owner.storeId, role: owner.role }))).toMatchObject({ status: 401 });
    });
  });

  describePath('/store/inventory/add', () => {
    it('adds an item for a manager, a Money value given as an integer', async () => {
      const body = { ...itemBody(), price: Mw(9_990_000) };
      const res = await post('/store/inventory/add', { ...as(manager), ...body });
      expect(res.statusCode).toBe(200);
      expect(res.json()).toEqual({
        success: true,
        message: expect.any(String),
        item: { id: expect.any(Number), sku: body.sku, description: 'Oak chair', itemCode: null, price: { type: 'Money', value: '9990000' }, quantityOnHand: 3, reorderLevel: 1, lowStock: false },
      });
    });

    it('answers 409 to a used SKU, 400 to an unknown code, a wrong type or an overflow, 403 for a cashier', async () => {
      const body = itemBody();
      await h.as(owner).store.inventory.add(body);
      expect(failure(await post('/store/inventory/add', { ...as(owner), ...body, sku: body.sku.toUpperCase() }))).toMatchObject({ status: 409 });
      expect(failure(await post('/store/inventory/add', { ...as(owner), ...itemBody(), itemCode: 'NOSUCHCODE' }))).toMatchObject({
        status: 400,
        message: 'Item code "NOSUCHCODE" does not exist in this store',
      });
      expect(failure(await post('/store/inventory/add', { ...as(owner), ...itemBody(), quantityOnHand: 'lots' }))).toMatchObject({ status: 400 });
      expect(failure(await post('/store/inventory/add', { ...as(owner), ...itemBody(), price: Mw('9223372036854775808') }))).toMatchObject({
        status: 400,
        message: 'Money value exceeds 64-bit long bounds',
      });
      expect(failure(await post('/store/inventory/add', { ...as(cashier), ...itemBody() }))).toMatchObject({ status: 403 });
    });
  });

  describePath('/store/inventory/edit', () => {
    it('saves the item for a manager', async () => {
      const { item } = await h.as(owner).store.inventory.add(itemBody());
      const res = await post('/store/inventory/edit', { ...as(manager), id: item.id, sku: item.sku, description: 'Pine chair', price: Mw('1000000'), reorderLevel: 3 });
      expect(res.statusCode).toBe(200);
      expect(res.json().item).toEqual({ ...item, description: 'Pine chair', price: { type: 'Money', value: '1000000' }, reorderLevel: 3, lowStock: true });
    });

    it("answers 404 to another store's item (unchanged), 409 to a used SKU, 400 to a bad id, 403 for a cashier", async () => {
      const before = await theirState();
      expect(failure(await post('/store/inventory/edit', { ...as(owner), id: theirItemId, ...itemBody() }))).toMatchObject({ status: 404 });
      expect(await theirState()).toEqual(before);
      const a = (await h.as(owner).store.inventory.add(itemBody())).item;
      const b = (await h.as(owner).store.inventory.add(itemBody())).item;
      expect(failure(await post('/store/inventory/edit', { ...as(owner), id: b.id, sku: a.sku, price: Mw(1) }))).toMatchObject({ status: 409 });
      expect(failure(await post('/store/inventory/edit', { ...as(owner), id: -4, sku: b.sku, price: Mw(1) }))).toMatchObject({ status: 400 });
      expect(failure(await post('/store/inventory/edit', { ...as(cashier), id: b.id, sku: b.sku, price: Mw(1) }))).toMatchObject({ status: 403 });
    });
  });

  describePath('/store/inventory/adjust', () => {
    it('changes the quantity for a manager', async () => {
      const { item } = await h.as(owner).store.inventory.add(itemBody());
      const res = await post('/store/inventory/adjust', { ...as(manager), id: item.id, delta: -2, reason: 'Sold at fair' });
      expect(res.statusCode).toBe(200);
      expect(res.json().item).toMatchObject({ id: item.id, quantityOnHand: 1, lowStock: true });
    });

    it("answers 400 below zero or with a fractional delta, 404 to another store's item (unchanged), 403 for a cashier", async () => {
      const { item } = await h.as(owner).store.inventory.add(itemBody());
      expect(failure(await post('/store/inventory/adjust', { ...as(owner), id: item.id, delta: -4, reason: 'Count' }))).toMatchObject({
        status: 400,
        message: 'Quantity on hand cannot go below zero',
      });
      expect(failure(await post('/store/inventory/adjust', { ...as(owner), id: item.id, delta: 0.5, reason: 'Count' }))).toMatchObject({ status: 400 });
      const before = await theirState();
      expect(failure(await post('/store/inventory/adjust', { ...as(owner), id: theirItemId, delta: -1, reason: 'Count' }))).toMatchObject({ status: 404 });
      expect(await theirState()).toEqual(before);
      expect(failure(await post('/store/inventory/adjust', { ...as(cashier), id: item.id, delta: 1, reason: 'Count' }))).toMatchObject({ status: 403 });
      expect((await h.as(owner).store.inventory.list({ search: item.sku })).items[0]!.quantityOnHand).toBe(3);
    });
  });

  describePath('/store/inventory/archive', () => {
    it('archives the item for a manager', async () => {
      const { item } = await h.as(owner).store.inventory.add(itemBody());
      const res = await post('/store/inventory/archive', { ...as(manager), id: item.id });
      expect(res.statusCode).toBe(200);
      expect(res.json()).toEqual({ success: true, message: expect.any(String) });
      expect(failure(await post('/store/inventory/archive', { ...as(manager), id: item.id }))).toMatchObject({ status: 404 });
    });

    it("answers 404 to another store's item (unchanged), 400 to a bad id, 403 for a cashier", async () => {
      const before = await theirState();
      expect(failure(await post('/store/inventory/archive', { ...as(owner), id: theirItemId }))).toMatchObject({ status: 404 });
      expect(await theirState()).toEqual(before);
      expect(failure(await post('/store/inventory/archive', { ...as(owner), id: { id: 1 } }))).toMatchObject({ status: 400 });
      const { item } = await h.as(owner).store.inventory.add(itemBody());
      expect(failure(await post('/store/inventory/archive', { ...as(cashier), id: item.id }))).toMatchObject({ status: 403 });
    });
  });
});

// vendor accounts and the audit trail ----------------------------------------------
describe('items through the door', () => {
  let cashier: Person;
  let manager: Person;
  let accountant: Person;
  let stranger: Person;
  let tag: string;
  let theirItemId: number;
  const Mw = (value: string) => ({ type: 'Money' as const, value });
  const body = (description = 'Oak chair') => ({ itemCode: tag, description, price: Mw('25000000') });
  async function newItem(description?: string) {
    return (await h.as(owner).item.add(body(description))).item;
  }

  beforeAll(async () => {
    [cashier, manager, accountant, stranger] = await Promise.all([
      addStaff(h, owner, 'STORE_STAFF'),
      addStaff(h, owner, 'STORE_MANAGER'),
      addStaff(h, owner, 'STORE_ACCOUNTANT'),
      signUpOwner(h),
    ]);
    const { vendor } = await h.as(owner).vendor.add({ tradeName: uniqueName('Items '), contactName: 'Ruth', contactEmail: 'ruth@example.test', primaryPhone: '555-0100' });
    tag = uniqueName('I').toUpperCase().replace(/[^A-Z0-9]/g, '').slice(0, 12);
    await h.as(owner).store.itemcode.add({ tag, vendorId: vendor.id });
    theirItemId = (await h.as(stranger).item.add({ description: 'Theirs', price: Mw('1000000') })).item.id;
  });

  describePath('/item/add', () => {
    it('adds an item for a cashier with its number and vendor; 400 for an unknown code, 403 for an accountant', async () => {
      const res = await post('/item/add', { ...as(cashier), ...body() });
      expect(res.statusCode).toBe(200);
      expect(res.json().item).toMatchObject({ itemNumber: expect.any(String), itemCode: tag, status: 'ACTIVE', price: { type: 'Money', value: '25000000' }, vendor: { id: expect.any(Number) } });
      expect(failure(await post('/item/add', { ...as(cashier), ...body(), itemCode: 'NOSUCH' }))).toMatchObject({ status: 400 });
      expect(failure(await post('/item/add', { ...as(accountant), ...body() }))).toMatchObject({ status: 403 });
    });
  });

  describePath('/item/import', () => {
    it('imports all rows, or none with the bad row named', async () => {
      const res = await post('/item/import', { ...as(cashier), rows: [body('A'), body('B')] });
      expect(res.statusCode).toBe(200);
      expect(res.json().items).toHaveLength(2);
      expect(failure(await post('/item/import', { ...as(cashier), rows: [body('A'), { ...body('B'), price: 'free' }] }))).toMatchObject({ status: 400, message: expect.stringMatching(/^Row 2: /) });
      expect(failure(await post('/item/import', { ...as(cashier), rows: [] }))).toMatchObject({ status: 400 });
    });
  });

  describePath('/item/edit', () => {
    it("changes the price; 404 for another store's item", async () => {
      const item = await newItem();
      const res = await post('/item/edit', { ...as(cashier), itemId: item.id, price: Mw('20000000') });
      expect(res.statusCode).toBe(200);
      expect(res.json().item).toMatchObject({ price: { type: 'Money', value: '20000000' }, needsNewTag: true });
      expect(failure(await post('/item/edit', { ...as(owner), itemId: theirItemId, price: Mw('1000000') }))).toMatchObject({ status: 404 });
    });
  });

  describePath('/item/withdraw', () => {
    it('withdraws for a manager; 403 for a cashier, 409 the second time', async () => {
      const item = await newItem();
      expect(failure(await post('/item/withdraw', { ...as(cashier), itemIds: [item.id] }))).toMatchObject({ status: 403 });
      expect((await post('/item/withdraw', { ...as(manager), itemIds: [item.id] })).json().items[0]).toMatchObject({ status: 'WITHDRAWN' });
      expect(failure(await post('/item/withdraw', { ...as(manager), itemIds: [item.id] }))).toMatchObject({ status: 409 });
    });
  });

  describePath('/item/list', () => {
    it('lists newest first with a next page; 400 for pageSize 201', async () => {
      const item = await newItem('Whimsical teapot');
      const res = await post('/item/list', { ...as(cashier), search: 'WHIMSICAL' });
      expect(res.statusCode).toBe(200);
      expect(res.json()).toEqual({ success: true, items: [expect.objectContaining({ id: item.id })], next: null });
      expect(failure(await post('/item/list', { ...as(cashier), pageSize: 201 }))).toMatchObject({ status: 400 });
    });
  });

  describePath('/item/fetch', () => {
    it("answers the item with its movements; 404 for another store's", async () => {
      const item = await newItem();
      const res = await post('/item/fetch', { ...as(cashier), itemId: item.id });
      expect(res.json()).toMatchObject({ item: { id: item.id }, movements: [{ kind: 'INTAKE' }] });
      expect(failure(await post('/item/fetch', { ...as(cashier), itemId: theirItemId }))).toMatchObject({ status: 404 });
    });
  });

  describePath('/item/labels', () => {
    it('answers the tags as a PDF; 400 for a start position on a roll', async () => {
      const item = await newItem();
      const res = await post('/item/labels', { ...as(cashier), itemIds: [item.id], template: 'JEWELRY_2_25x0_75' });
      expect(res.statusCode).toBe(200);
      expect(res.json()).toMatchObject({ contentType: 'application/pdf', filename: expect.stringMatching(/\.pdf$/) });
      expect(failure(await post('/item/labels', { ...as(cashier), itemIds: [item.id], template: 'JEWELRY_2_25x0_75', startAt: 3 }))).toMatchObject({ status: 400 });
    });
  });
});

describe('vendor accounts through the door', () => {
  let boss: Person;
  let books: Person;
  let cashier: Person;
  let rival: Person;
  let theirVendorId: number;

  const money = (value: string | number) => ({ type: 'Money' as const, value });

  /** A store of its own and its accountant, for answers that sum the whole store. */
  async function shopWithStaff() {
    const owner = await signUpOwner(h);
    return { owner, accountant: await addStaff(h, owner, 'STORE_ACCOUNTANT') };
  }

  /** A vendor on 20% commission whose item code sold one $100.00 piece: its main account holds $80.00. */
  async function earning(store: Person = boss) {
    const tradeName = uniqueName('Ledger');
    const vendorId = await addVendor(h, store, { tradeName });
    const tag = uniqueName('L');
    const codeId = await addCode(h, store, vendorId, { tag, commissionPercent: 20_000_000n });
    const sale = await completeSale(h, handle.db, store, [{ itemCode: tag, description: 'Oak chest', quantity: 1, price: 100_000_000n }]);
    return { vendorId, tradeName, tag, codeId, sale, day: await dayCompleted(store, sale.orderId) };
  }

  /** What the other store sees of its accounts, to check a refused call changed nothing. */
  const theirAccounts = async () => (await post('/vendor/accounts', as(rival))).json<unknown>();

  beforeAll(async () => {
    boss = await signUpOwner(h);
    [books, cashier, rival] = await Promise.all([addStaff(h, boss, 'STORE_ACCOUNTANT'), addStaff(h, boss, 'STORE_STAFF'), signUpOwner(h)]);
    theirVendorId = (await earning(rival)).vendorId;
  });

  describePath('/vendor/accounts', () => {
    it("answers an accountant the accounts with their balances, the store's summary, its today and month", async () => {
      const { owner, accountant } = await shopWithStaff();
      const { vendorId, tradeName } = await earning(owner);
      const res = await post('/vendor/accounts', { ...as(accountant), filter: 'OWED' });
      expect(res.statusCode).toBe(200);
      const body = res.json<{ today: string }>();
      expect(body).toEqual({
        success: true,
        accounts: [{ vendorId, itemCodeId: null, tag: null, tradeName, vendorType: 'VENDOR', balance: money('80000000'), archived: false }],
        total: 1,
        summary: { owed: money('80000000'), owing: money('0'), accountsOwed: 1, accountsOwing: 0 },
        today: expect.stringMatching(/^\d{4}-\d{2}-\d{2}$/),
        month: body.today.slice(0, 7),
      });
      expect((await post('/vendor/accounts', { ...as(accountant), filter: 'OWING' })).json()).toMatchObject({ accounts: [], total: 0 });
    });

    it('answers 400 to an unknown filter, 403 for a cashier or another store', async () => {
      expect(failure(await post('/vendor/accounts', { ...as(books), filter: 'SOME' }))).toEqual({ status: 400, code: 'BAD_REQUEST', message: 'filter must be one of ALL, OWED, OWING' });
      expect(failure(await post('/vendor/accounts', as(cashier)))).toMatchObject({ status: 403 });
      expect(failure(await post('/vendor/accounts', { ...as(books), storeId: rival.storeId }))).toMatchObject({ status: 403 });
    });
  });

  describePath('/vendor/rent/post', () => {
    it("posts a month's rent once to each account that pays it, for an accountant", async () => {
      const { owner, accountant } = await shopWithStaff();
      const tradeName = uniqueName('Renter');
      const vendorId = await addVendor(h, owner, { tradeName, monthlyRent: 150_000_000n, deductMonthlyRent: true });
      await addVendor(h, owner, { tradeName: uniqueName('NoRent'), monthlyRent: 90_000_000n, deductMonthlyRent: false });
      const res = await post('/vendor/rent/post', { ...as(accountant), month: '2026-11' });
      expect(res.statusCode).toBe(200);
      expect(res.json()).toEqual({
        success: true,
        message: 'Rent for 2026-11 posted to 1 account',
        month: '2026-11',
        posted: [{ vendorId, itemCodeId: null, tag: null, tradeName, amount: money('-150000000') }],
        count: 1,
        total: money('-150000000'),
      });
      expect((await post('/vendor/rent/post', { ...as(accountant), month: '2026-11' })).json()).toEqual({
        success: true,
        message: 'Rent for 2026-11 was posted already: nothing new to post',
        month: '2026-11',
        posted: [],
        count: 0,
        total: money('0'),
      });
      expect((await post('/vendor/accounts', { ...as(accountant), filter: 'OWING' })).json().accounts).toEqual([expect.objectContaining({ vendorId, balance: money('-150000000') })]);
    });

    it('answers 400 to a month that is not one, 403 for a cashier', async () => {
      expect(failure(await post('/vendor/rent/post', { ...as(books), month: '2026-13' }))).toEqual({ status: 400, code: 'BAD_REQUEST', message: 'Month must be a month such as 2026-11' });
      expect(failure(await post('/vendor/rent/post', { ...as(cashier), month: '2026-11' }))).toMatchObject({ status: 403 });
    });
  });

  describePath('/vendor/adjust', () => {
    it('posts an adjustment of either sign and answers the balance after it', async () => {
      const { vendorId, tradeName } = await earning();
      const res = await post('/vendor/adjust', { ...as(books), vendorId, amount: money('-12340000'), memo: 'Broken lamp' });
      expect(res.statusCode).toBe(200);
      expect(res.json()).toEqual({ success: true, message: `Adjustment of -$12.34 posted to ${tradeName}`, balance: money('67660000') });
      expect((await post('/vendor/adjust', { ...as(boss), vendorId, amount: money(2_340_000), memo: 'Refund of a fee' })).json().balance).toEqual(money('70000000'));
    });

    it("answers 400 to $0.00 and to part of a cent, 404 for another store's vendor (unchanged), 403 for a cashier", async () => {
      const { vendorId, codeId } = await earning();
      const body = { ...as(books), vendorId, amount: money('5000000'), memo: 'Credit' };
      expect(failure(await post('/vendor/adjust', { ...body, amount: money('0') }))).toEqual({ status: 400, code: 'BAD_REQUEST', message: 'Amount must not be $0.00' });
      expect(failure(await post('/vendor/adjust', { ...body, amount: money('1234567') }))).toMatchObject({ status: 400, message: 'Amount must be in whole cents' });
      const before = await theirAccounts();
      expect(failure(await post('/vendor/adjust', { ...body, vendorId: theirVendorId }))).toEqual({ status: 404, code: 'NOT_FOUND', message: 'No such vendor in this store' });
      expect(await theirAccounts()).toEqual(before);
      // The code does not receive a separate statement: it has no account of its own.
      expect(failure(await post('/vendor/adjust', { ...body, itemCodeId: codeId }))).toMatchObject({ status: 404, message: 'No such separate-statement account for this vendor' });
      expect(failure(await post('/vendor/adjust', { ...body, ...as(cashier) }))).toMatchObject({ status: 403 });
    });
  });

  describePath('/vendor/payout', () => {
    it('pays an account by check and answers the payout and the balance after it', async () => {
      const { vendorId, tradeName } = await earning();
      const res = await post('/vendor/payout', { ...as(books), vendorId, amount: money('50000000'), reference: '1001' });
      expect(res.statusCode).toBe(200);
      expect(res.json()).toEqual({
        success: true,
        message: `Paid $50.00 to ${tradeName}`,
        payout: { id: expect.any(Number), vendorId, itemCodeId: null, amount: money('50000000'), method: 'CHECK', reference: '1001', createdAt: expect.any(String) },
        balance: money('30000000'),
      });
    });

    it("answers 400 beyond the balance and for a check without its number, 404 for another store's vendor, 403 for a cashier", async () => {
      const { vendorId } = await earning();
      const body = { ...as(books), vendorId, amount: money('40000000'), method: 'CASH' };
      expect(failure(await post('/vendor/payout', { ...body, amount: money('80010000') }))).toEqual({
        status: 400,
        code: 'BAD_REQUEST',
        message: "A payout of $80.01 is more than the account's balance of $80.00",
      });
      expect(failure(await post('/vendor/payout', { ...body, method: 'CHECK' }))).toMatchObject({ status: 400, message: 'Check number is required for a payout by check' });
      const before = await theirAccounts();
      expect(failure(await post('/vendor/payout', { ...body, vendorId: theirVendorId }))).toMatchObject({ status: 404, message: 'No such vendor in this store' });
      expect(await theirAccounts()).toEqual(before);
      expect(failure(await post('/vendor/payout', { ...body, ...as(cashier) }))).toMatchObject({ status: 403 });
      // Nothing was paid: the whole balance is still there to pay.
      expect((await post('/vendor/payout', { ...body, amount: money('80000000') })).json().balance).toEqual(money('0'));
    });
  });

  describePath('/vendor/payout-run', () => {
    it('previews without paying, then pays every account what it earned through the day, once', async () => {
      const { owner, accountant } = await shopWithStaff();
      const { vendorId, tradeName, day } = await earning(owner);
      const paid = { vendorId, itemCodeId: null, tag: null, tradeName, amount: money('80000000'), balance: money('0') };
      const preview = await post('/vendor/payout-run', { ...as(accountant), through: day, preview: true });
      expect(preview.statusCode).toBe(200);
      expect(preview.json()).toEqual({
        success: true,
        message: 'The run would pay 1 account, $80.00',
        preview: true,
        runId: null,
        through: day,
        minimum: money('0'),
        payouts: [paid],
        count: 1,
        total: money('80000000'),
      });
      const run = await post('/vendor/payout-run', { ...as(accountant), through: day, method: 'ACH' });
      expect(run.json()).toEqual({ ...preview.json(), message: 'Paid 1 account, $80.00', preview: false, runId: expect.any(Number) });
      expect((await post('/vendor/payout-run', { ...as(accountant), through: day })).json()).toMatchObject({
        message: 'Nothing to pay: no account reaches the minimum',
        payouts: [],
        count: 0,
        total: money('0'),
      });
    });

    it('answers 400 to a day that is not one and a negative minimum, 403 for a cashier', async () => {
      expect(failure(await post('/vendor/payout-run', { ...as(books), through: 'tomorrow' }))).toEqual({
        status: 400,
        code: 'BAD_REQUEST',
        message: 'Through must be a date such as 2026-11-30',
      });
      expect(failure(await post('/vendor/payout-run', { ...as(books), through: '2026-11-30', minimum: money('-1000000') }))).toMatchObject({
        status: 400,
        message: 'Minimum must not be negative',
      });
      expect(failure(await post('/vendor/payout-run', { ...as(cashier), through: '2026-11-30', preview: true }))).toMatchObject({ status: 403 });
    });
  });

  describePath('/vendor/statement', () => {
    it('answers the store, the vendor, the entries of the days and opening + entries = closing', async () => {
      const { vendorId, tradeName, tag, sale, day } = await earning();
      const res = await post('/vendor/statement', { ...as(books), vendorId, from: day, to: day });
      expect(res.statusCode).toBe(200);
      const body = res.json<{ entries: { kind: string; orderNumber: string; itemCode: string; amount: unknown }[]; totals: Record<string, unknown> }>();
      expect(body).toMatchObject({
        success: true,
        store: { name: boss.storeName, timeZone: 'UTC' },
        vendor: { id: vendorId, tradeName, vendorType: 'VENDOR' },
        account: { itemCodeId: null, tag: null },
        from: day,
        to: day,
        openingBalance: money('0'),
        closingBalance: money('80000000'),
      });
      expect(body.entries.map((e) => [e.kind, e.orderNumber, e.itemCode, e.amount])).toEqual([
        ['SALE', sale.orderNumber, tag, money('100000000')],
        ['COMMISSION', sale.orderNumber, tag, money('-20000000')],
      ]);
      expect(body.totals).toMatchObject({ SALE: money('100000000'), COMMISSION: money('-20000000'), PAYOUT: money('0') });
    });

    it("answers 400 when To is before From, 404 for another store's vendor, 403 for a cashier", async () => {
      const { vendorId } = await earning();
      expect(failure(await post('/vendor/statement', { ...as(books), vendorId, from: '2026-11-30', to: '2026-11-01' }))).toEqual({
        status: 400,
        code: 'BAD_REQUEST',
        message: 'To must not be before From',
      });
      expect(failure(await post('/vendor/statement', { ...as(books), vendorId: theirVendorId }))).toMatchObject({ status: 404, message: 'No such vendor in this store' });
      expect(failure(await post('/vendor/statement', { ...as(cashier), vendorId }))).toMatchObject({ status: 403 });
    });
  });
});

describe('the audit trail through the door', () => {
  let boss: Person;
  let accountant: Person;
  let manager: Person;
  let cashier: Person;
  let rival: Person;
  /** An hour either side of now: every event of this run. */
  const window = () => ({ from: new Date(Date.now() - 3_600_000).toISOString(), to: new Date(Date.now() + 3_600_000).toISOString() });

  beforeAll(async () => {
    [boss, rival] = await Promise.all([signUpOwner(h), signUpOwner(h)]);
    // Each addition is one STAFF_ADD event of the owner.
    accountant = await addStaff(h, boss, 'STORE_ACCOUNTANT');
    manager = await addStaff(h, boss, 'STORE_MANAGER');
    cashier = await addStaff(h, boss, 'STORE_STAFF');
    await addStaff(h, rival, 'STORE_STAFF');
  });

  describePath('/store/audit/list', () => {
    it("answers an accountant the store's events of one action, newest first, with who, the target and the values", async () => {
      const res = await post('/store/audit/list', { ...as(accountant), ...window(), action: 'STAFF_ADD', actorId: boss.userId });
      expect(res.statusCode).toBe(200);
      const added = (p: Person, role: string) => ({
        id: expect.any(Number),
        createdAt: expect.any(String),
        actor: { id: boss.userId, username: boss.username },
        role: 'STORE_OWNER',
        action: 'STAFF_ADD',
        targetType: 'user',
        targetId: String(p.userId),
        before: null,
        after: { username: p.username, roles: [role] },
      });
      expect(res.json()).toEqual({
        success: true,
        events: [added(cashier, 'STORE_STAFF'), added(manager, 'STORE_MANAGER'), added(accountant, 'STORE_ACCOUNTANT')],
        totalEvents: 3,
      });
      expect((await post('/store/audit/list', { ...as(boss), ...window(), pageSize: 1 })).json()).toMatchObject({ events: [{ targetId: String(cashier.userId) }], totalEvents: 3 });
    });

    it('answers 400 when to is not later than from, 403 for a manager or a cashier', async () => {
      const { from } = window();
      expect(failure(await post('/store/audit/list', { ...as(accountant), from, to: from }))).toEqual({ status: 400, code: 'BAD_REQUEST', message: 'to must be later than from' });
      expect(failure(await post('/store/audit/list', { ...as(accountant), to: from }))).toMatchObject({ status: 400, message: 'from is required' });
      expect(failure(await post('/store/audit/list', { ...as(manager), ...window() }))).toMatchObject({ status: 403 });
      expect(failure(await post('/store/audit/list', { ...as(cashier), ...window() }))).toMatchObject({ status: 403 });
    });
  });

  describePath('/store/audit/people', () => {
    it("answers everyone who acted in the store's events, and nobody of another store; 403 for a manager or a cashier", async () => {
      const res = await post('/store/audit/people', as(accountant));
      expect(res.statusCode).toBe(200);
      expect(res.json()).toEqual({ success: true, people: [{ id: boss.userId, username: boss.username }] });
      expect(failure(await post('/store/audit/people', as(manager)))).toMatchObject({ status: 403 });
      expect(failure(await post('/store/audit/people', as(cashier)))).toMatchObject({ status: 403 });
      expect(failure(await post('/store/audit/people', { ...as(accountant), storeId: rival.storeId }))).toMatchObject({ status: 403 });
      expect(failure(await post('/store/audit/people', { ...as(accountant), role: 'AUDITOR' }))).toMatchObject({ status: 400 });
    });
  });
});

// orders and store dashboards -------------------------------------------------------
describe('orders and store dashboards through the door', () => {
  let shop: Person;
  let clerk: Person;
  let books: Person;
  let rival: Person;
  /** The dashboards' clock: pinned, so "today" cannot move under a test. */
  const NOW = new Date();
  let clocked: FastifyInstance;

  const money = (value: string | number) => ({ type: 'Money' as const, value });
  const percent = (value: string | number) => ({ type: 'Percent' as const, value });
  /** 19.99 × 3, 10% off, 7.25% tax: amount 59.97, discount 6.00, total 53.97, tax 3.91 (order total 57.88). */
  const rocker = {
    itemCode: 'R1',
    quantity: 3,
    price: money('19990000'),
    discountPercent: percent(10_000_000),
    tax1Enabled: true,
    tax1Percent: percent('7250000'),
    tax1Description: 'TAX',
  };
  const submitItem = (id: number) => ({ id, description: 'Rocker', ...rocker });

  /** A fresh draft through the door. */
  async function draft(person: Person = clerk) {
    const res = await post('/order/next', as(person));
    expect(res.statusCode).toBe(200);
    return res.json<{ nextOrderId: number; nextOrderNumber: string; nextOrderLineId: number }>();
  }
  async function completed(person: Person = clerk) {
    const d = await draft(person);
    const res = await post('/order/submit', { ...as(person), orderId: d.nextOrderId, customerName: 'Ada', items: [submitItem(d.nextOrderLineId)] });
    expect(res.statusCode).toBe(200);
    return d;
  }
  const fetchOrder = async (person: Person, orderId: number) => (await post('/order/fetch', { ...as(person), orderId })).json();

  beforeAll(async () => {
    shop = await signUpOwner(h);
    [clerk, books, rival] = await Promise.all([addStaff(h, shop, 'STORE_STAFF'), addStaff(h, shop, 'STORE_ACCOUNTANT'), signUpOwner(h)]);
    // The rocker's code is one of each store's codes, of no vendor: the store's own sale.
    for (const person of [shop, rival]) await h.as(person).store.itemcode.add({ tag: rocker.itemCode, vendorId: null });
    clocked = await buildApp({ db: handle.db, api: { scryptCost: 1024, now: () => NOW } });
  });
  afterAll(async () => {
    await clocked?.close();
  });

  describePath('/order/next', () => {
    it('creates a DRAFT numbered prefix + next number with one empty line, Money and Percent as wire objects', async () => {
      const settings = (await post('/store/fetch-settings', as(clerk))).json();
      const res = await post('/order/next', as(clerk));
      expect(res.statusCode).toBe(200);
      const body = res.json();
      expect(body).toMatchObject({
        success: true,
        nextOrderId: expect.any(Number),
        nextOrderNumber: `${settings.orderPrefix}${settings.nextOrderNumber}`,
        nextOrderLineId: expect.any(Number),
        storeUpdatedAt: settings.storeUpdatedAt,
        order: { status: 'DRAFT', customerName: '', subtotal: money('0'), total: money('0') },
      });
      expect(body.order.items).toEqual([
        expect.objectContaining({ id: body.nextOrderLineId, quantity: 1, price: money('0'), discountPercent: percent('0'), total: money('0'), tax1Percent: percent('0') }),
      ]);
    });

    it('answers 400 to wrong identity types, 401 without a token, 403 for an accountant or another store', async () => {
      expect(failure(await post('/order/next', { ...as(clerk), role: 7 }))).toMatchObject({ status: 400 });
      expect(failure(await post('/order/next', { ...as(clerk), storeId: 'shop' }))).toMatchObject({ status: 400 });
      expect(failure(await post('/order/next', { storeId: clerk.storeId, role: clerk.role }))).toMatchObject({ status: 401 });
      expect(failure(await post('/order/next', as(books)))).toMatchObject({ status: 403 });
      expect(failure(await post('/order/next', { ...as(clerk), storeId: rival.storeId }))).toMatchObject({ status: 403 });
    });
  });

  describePath('/order/update-line', () => {
    it('saves a line from Money and Percent objects (string or integer values), recomputes it and answers a fresh line', async () => {
      const d = await draft();
      const res = await post('/order/update-line', { ...as(clerk), orderLineId: d.nextOrderLineId, itemDescription: 'Rocker', createNewLine: true, ...rocker, tax1Amount: money('1') });
      expect(res.statusCode).toBe(200);
      const body = res.json();
      expect(body.line).toMatchObject({
        id: d.nextOrderLineId,
        itemCode: 'R1',
        description: 'Rocker',
        quantity: 3,
        price: money('19990000'),
        discountPercent: percent('10000000'),
        amount: money('59970000'),
        discountAmount: money('6000000'),
        total: money('53970000'),
        tax1Enabled: true,
        tax1Percent: percent('7250000'),
        tax1Amount: money('3910000'),
        tax1Description: 'TAX',
        knownItemCode: true,
      });
      expect(body.newOrderLineId).toEqual(expect.any(Number));
      expect(body.newLine).toMatchObject({ id: body.newOrderLineId, quantity: 1, price: money('0') });
      expect(body.summary).toEqual({ subtotal: money('59970000'), discount: money('6000000'), tax1: money('3910000'), tax2: money('0'), tax3: money('0'), total: money('57880000') });
    });

    it('answers 400 to wrong types, 403 for an accountant, 404 for another store line, 409 for a completed order', async () => {
      const d = await draft();
      const body = { ...as(clerk), orderLineId: d.nextOrderLineId, itemDescription: 'Rocker', ...rocker };
      expect(failure(await post('/order/update-line', { ...body, quantity: 'three' }))).toMatchObject({ status: 400, message: 'Quantity must be a whole number' });
      expect(failure(await post('/order/update-line', { ...body, price: 19.99 }))).toMatchObject({ status: 400 });
      expect(failure(await post('/order/update-line', { ...body, price: money('9223372036854775808') }))).toMatchObject({
        status: 400,
        message: 'Money value exceeds 64-bit long bounds',
      });
      expect(failure(await post('/order/update-line', { ...body, discountPercent: money('1') }))).toMatchObject({ status: 400 });
      expect(failure(await post('/order/update-line', { ...body, orderLineId: 'first' }))).toMatchObject({ status: 400 });
      expect(failure(await post('/order/update-line', { ...body, ...as(books) }))).toMatchObject({ status: 403 });
      const theirs = await draft(rival);
      expect(failure(await post('/order/update-line', { ...body, orderLineId: theirs.nextOrderLineId }))).toMatchObject({ status: 404 });
      const done = await completed();
      const before = await fetchOrder(clerk, done.nextOrderId);
      expect(failure(await post('/order/update-line', { ...body, orderLineId: done.nextOrderLineId, quantity: 9 }))).toMatchObject({ status: 409 });
      expect(await fetchOrder(clerk, done.nextOrderId)).toEqual(before);
      expect((await fetchOrder(rival, theirs.nextOrderId)).order.items[0]).toMatchObject({ description: '', price: money('0') });
    });
  });

  describePath('/order/submit', () => {
    it('completes the order with the customer name, dropping empty lines, totals as Money objects', async () => {
      const d = await draft();
      const res = await post('/order/submit', {
        ...as(clerk),
        orderId: d.nextOrderId,
        customerName: ' Ada Lovelace ',
        items: [submitItem(d.nextOrderLineId), { itemCode: '', description: '', quantity: 1, price: money(0) }],
      });
      expect(res.statusCode).toBe(200);
      const body = res.json();
      expect(body).toMatchObject({
        success: true,
        order: { id: d.nextOrderId, orderNumber: d.nextOrderNumber, customerName: 'Ada Lovelace', status: 'COMPLETED', total: money('57880000'), tax1: money('3910000') },
      });
      expect(body.order.items).toHaveLength(1);
    });

    it('answers 400 to wrong types and to no line, 403 for an accountant, 404 for another store order or line, 409 once completed', async () => {
      const d = await draft();
      const body = { ...as(clerk), orderId: d.nextOrderId, customerName: 'Ada', items: [submitItem(d.nextOrderLineId)] };
      expect(failure(await post('/order/submit', { ...body, items: 'rocker' }))).toMatchObject({ status: 400 });
      expect(failure(await post('/order/submit', { ...body, orderId: -3 }))).toMatchObject({ status: 400 });
      expect(failure(await post('/order/submit', { ...body, items: [] }))).toMatchObject({ status: 400 });
      expect(failure(await post('/order/submit', { ...body, ...as(books) }))).toMatchObject({ status: 403 });
      const theirs = await draft(rival);
      expect(failure(await post('/order/submit', { ...body, orderId: theirs.nextOrderId, items: [{ description: 'x', ...rocker }] }))).toMatchObject({ status: 404 });
      expect(failure(await post('/order/submit', { ...body, items: [submitItem(theirs.nextOrderLineId)] }))).toMatchObject({ status: 404 });
      expect((await fetchOrder(clerk, d.nextOrderId)).order.status).toBe('DRAFT');
      expect((await post('/order/submit', body)).statusCode).toBe(200);
      expect(failure(await post('/order/submit', { ...body, customerName: 'Someone else' }))).toMatchObject({ status: 409 });
      expect((await fetchOrder(clerk, d.nextOrderId)).order.customerName).toBe('Ada');
    });
  });

  describePath('/order/day-status', () => {
    it("answers the store's business day and whether it was closed (money-edges.test.ts closes one)", async () => {
      const res = await post('/order/day-status', as(clerk));
      expect(res.statusCode).toBe(200);
      expect(res.json()).toEqual({ success: true, today: expect.stringMatching(/^\d{4}-\d{2}-\d{2}$/), closed: false, message: null, devicesWaiting: [] });
      expect(failure(await post('/order/day-status', {}))).toMatchObject({ status: 401 });
    });
  });

  describePath('/order/fetch', () => {
    it('answers {success, order} with every per-line tax field', async () => {
      const d = await completed();
      const res = await post('/order/fetch', { ...as(clerk), orderId: d.nextOrderId });
      expect(res.statusCode).toBe(200);
      const body = res.json();
      expect(Object.keys(body).sort()).toEqual(['order', 'success']);
      expect(body.order.items[0]).toEqual({
        id: d.nextOrderLineId,
        itemCode: 'R1',
        description: 'Rocker',
        quantity: 3,
        price: money('19990000'),
        discountPercent: percent('10000000'),
        amount: money('59970000'),
        discountAmount: money('6000000'),
        total: money('53970000'),
        tax1Enabled: true,
        tax1Percent: percent('7250000'),
        tax1Amount: money('3910000'),
        tax1Description: 'TAX',
        tax2Enabled: false,
        tax2Percent: percent('0'),
        tax2Amount: money('0'),
        tax2Description: '',
        tax3Enabled: false,
        tax3Percent: percent('0'),
        tax3Amount: money('0'),
        tax3Description: '',
        knownItemCode: true,
        warnOnNoControlCode: false,
        refundedQuantity: 0,
      });
      expect(body.order).toMatchObject({ status: 'COMPLETED', total: money('57880000'), refunds: [] });
    });

    it('answers 400 to a bad id, 403 for an accountant, 404 for another store order', async () => {
      const mine = await draft();
      const theirs = await draft(rival);
      expect(failure(await post('/order/fetch', { ...as(clerk), orderId: 'one' }))).toMatchObject({ status: 400 });
      expect(failure(await post('/order/fetch', { ...as(clerk) }))).toMatchObject({ status: 400 });
      expect(failure(await post('/order/fetch', { ...as(books), orderId: mine.nextOrderId }))).toMatchObject({ status: 403 });
      expect(failure(await post('/order/fetch', { ...as(clerk), orderId: theirs.nextOrderId }))).toMatchObject({ status: 404 });
    });
  });

  describePath('/order/lookup', () => {
    it('finds orders by number and Money amounts (string or integer), newest first, only of the caller store', async () => {
      const done = await completed();
      const theirs = await completed(rival);
      const res = await post('/order/lookup', { ...as(clerk), orderNumber: done.nextOrderNumber, customer: ' ada ', itemKeyword: null, minAmount: money(57_880_000), maxAmount: money('57880000') });
      expect(res.statusCode).toBe(200);
      const body = res.json();
      expect(body.success).toBe(true);
      expect(body.orderStubs).toContainEqual({
        id: done.nextOrderId,
        orderNumber: done.nextOrderNumber,
        customerName: 'Ada',
        createdAt: expect.any(String),
        status: 'COMPLETED',
        total: money('57880000'),
      });
      const all = (await post('/order/lookup', { ...as(clerk), orderNumber: '', customer: '' })).json().orderStubs as { id: number; createdAt: string }[];
      expect(all.map((s) => s.id)).toContain(done.nextOrderId);
      expect(all.map((s) => s.id)).not.toContain(theirs.nextOrderId);
      const times = all.map((s) => Date.parse(s.createdAt));
      expect(times).toEqual([...times].sort((a, b) => b - a));
    });

    it('answers 400 to a date that is not ISO and an amount that is not Money, 403 for an accountant', async () => {
      expect(failure(await post('/order/lookup', { ...as(clerk), startDate: 'yesterday' }))).toMatchObject({ status: 400 });
      expect(failure(await post('/order/lookup', { ...as(clerk), minAmount: 5 }))).toMatchObject({ status: 400 });
      expect(failure(await post('/order/lookup', { ...as(clerk), maxAmount: percent('5') }))).toMatchObject({ status: 400 });
      expect(failure(await post('/order/lookup', as(books)))).toMatchObject({ status: 403 });
    });
  });

  /** A PENDING order of `person`'s store: paid by a method that requires a manager's approval, submitted without one. */
  async function pending(person: Person = clerk, owner: Person = shop) {
    const { paymentMethod } = await h.as(owner).store.payment.create({
      name: 'House',
      vendorFeePercent: percent('0'),
      customerFeePercent: percent('0'),
      customerFeeAmount: money('0'),
      minimumAmount: money('0'),
      requiresManagerApproval: true,
    });
    const d = await draft(person);
    const res = await post('/order/submit', { ...as(person), orderId: d.nextOrderId, items: [submitItem(d.nextOrderLineId)], payments: [{ paymentMethodId: paymentMethod.id, amount: money('57880000') }] });
    expect(res.json().order.status).toBe('PENDING');
    return d.nextOrderId;
  }

  describePath('/order/approve', () => {
    it('completes a PENDING order for a manager with the payments it was submitted with; 409 once it is not PENDING', async () => {
      const orderId = await pending();
      const res = await post('/order/approve', { ...as(shop), orderId });
      expect(res.statusCode).toBe(200);
      const body = res.json();
      expect(body).toMatchObject({
        success: true,
        message: 'Order approved',
        order: { id: orderId, status: 'COMPLETED', approvedBy: shop.username, approvedAt: expect.any(String), amountPaid: money('57880000'), payments: [{ name: 'House', applied: money('57880000') }] },
      });
      expect(failure(await post('/order/approve', { ...as(shop), orderId }))).toEqual({ status: 409, code: 'CONFLICT', message: 'This order is COMPLETED: only a PENDING order waits for approval' });
    });

    it("answers 403 for a cashier or an accountant, 404 for another store's order (still PENDING), 400 for a bad id", async () => {
      const orderId = await pending();
      expect(failure(await post('/order/approve', { ...as(clerk), orderId }))).toMatchObject({ status: 403 });
      expect(failure(await post('/order/approve', { ...as(books), orderId }))).toMatchObject({ status: 403 });
      expect((await fetchOrder(clerk, orderId)).order.status).toBe('PENDING');
      const theirs = await pending(rival, rival);
      expect(failure(await post('/order/approve', { ...as(shop), orderId: theirs }))).toEqual({ status: 404, code: 'NOT_FOUND', message: 'No such order in this store' });
      expect((await fetchOrder(rival, theirs)).order.status).toBe('PENDING');
      expect(failure(await post('/order/approve', { ...as(shop), orderId: 'first' }))).toMatchObject({ status: 400 });
    });
  });

  describePath('/order/customer-name', () => {
    it("sets a draft's customer name (trimmed), kept on the order", async () => {
      const d = await draft();
      const res = await post('/order/customer-name', { ...as(clerk), orderId: d.nextOrderId, customerName: '  Grace Hopper ' });
      expect(res.statusCode).toBe(200);
      expect(res.json()).toEqual({ success: true, message: 'OK', customerName: 'Grace Hopper' });
      expect((await fetchOrder(clerk, d.nextOrderId)).order.customerName).toBe('Grace Hopper');
      expect((await post('/order/customer-name', { ...as(clerk), orderId: d.nextOrderId, customerName: '' })).json()).toMatchObject({ success: true, customerName: '' });
      expect((await fetchOrder(clerk, d.nextOrderId)).order.customerName).toBe('');
    });

    it("answers 409 once completed, 404 for another store's order, 400 to a name too long, 403 for an accountant", async () => {
      const done = await completed();
      expect(failure(await post('/order/customer-name', { ...as(clerk), orderId: done.nextOrderId, customerName: 'Late' }))).toMatchObject({
        status: 409,
        message: 'This order is COMPLETED and can no longer be edited',
      });
      expect((await fetchOrder(clerk, done.nextOrderId)).order.customerName).toBe('Ada');
      const theirs = await draft(rival);
      expect(failure(await post('/order/customer-name', { ...as(clerk), orderId: theirs.nextOrderId, customerName: 'Thief' }))).toMatchObject({ status: 404, message: 'No such order in this store' });
      expect((await fetchOrder(rival, theirs.nextOrderId)).order.customerName).toBe('');
      const d = await draft();
      expect(failure(await post('/order/customer-name', { ...as(clerk), orderId: d.nextOrderId, customerName: 'x'.repeat(201) }))).toMatchObject({ status: 400 });
      expect(failure(await post('/order/customer-name', { ...as(books), orderId: d.nextOrderId, customerName: 'Ada' }))).toMatchObject({ status: 403 });
      expect((await fetchOrder(clerk, d.nextOrderId)).order.customerName).toBe('');
    });
  });

  describePath('/order/cancel', () => {
    it('cancels a DRAFT for a cashier and a PENDING order for a manager, with the reason', async () => {
      const d = await draft();
      const res = await post('/order/cancel', { ...as(clerk), orderId: d.nextOrderId, reason: ' Customer walked out ' });
      expect(res.statusCode).toBe(200);
      expect(res.json()).toMatchObject({ success: true, message: 'Order cancelled', order: { id: d.nextOrderId, status: 'CANCELLED', cancelReason: 'Customer walked out', cancelledAt: expect.any(String) } });
      const orderId = await pending();
      expect((await post('/order/cancel', { ...as(shop), orderId, reason: 'Card declined' })).json().order).toMatchObject({ status: 'CANCELLED', cancelReason: 'Card declined' });
    });

    it("answers 403 to a cashier cancelling a PENDING order, 409 once completed, 400 without a reason, 404 for another store's order", async () => {
      const orderId = await pending();
      expect(failure(await post('/order/cancel', { ...as(clerk), orderId, reason: 'Changed my mind' }))).toEqual({
        status: 403,
        code: 'FORBIDDEN',
        message: 'Only a manager may cancel an order that waits for approval',
      });
      expect((await fetchOrder(clerk, orderId)).order.status).toBe('PENDING');
      const done = await completed();
      expect(failure(await post('/order/cancel', { ...as(shop), orderId: done.nextOrderId, reason: 'Too late' }))).toMatchObject({
        status: 409,
        message: 'This order is COMPLETED and can no longer be cancelled',
      });
      const d = await draft();
      expect(failure(await post('/order/cancel', { ...as(clerk), orderId: d.nextOrderId, reason: '  ' }))).toMatchObject({ status: 400, message: 'Reason is required' });
      expect(failure(await post('/order/cancel', { ...as(books), orderId: d.nextOrderId, reason: 'Void' }))).toMatchObject({ status: 403 });
      const theirs = await draft(rival);
      expect(failure(await post('/order/cancel', { ...as(clerk), orderId: theirs.nextOrderId, reason: 'Void' }))).toMatchObject({ status: 404, message: 'No such order in this store' });
      expect((await fetchOrder(rival, theirs.nextOrderId)).order.status).toBe('DRAFT');
    });
  });

  describePath('/order/refund', () => {
    it("refunds units to the method that took them, for a manager, and for a cashier with a manager's approval", async () => {
      const done = await completed();
      const cash = await cashMethodOf(h, shop);
      // One rocker of three: 53.97 / 3 = 17.99, tax 3.91 / 3 = 1.30 (to the cent); 19.29 back.
      const body = {
        orderId: done.nextOrderId,
        lines: [{ orderLineId: done.nextOrderLineId, quantity: 1 }],
        payments: [{ paymentMethodId: cash.id, amount: money('19290000') }],
        reason: 'Chipped leg',
      };
      const res = await post('/order/refund', { ...as(shop), ...body });
      expect(res.statusCode).toBe(200);
      const answer = res.json();
      expect(answer).toMatchObject({
        success: true,
        message: `Refund ${done.nextOrderNumber}-R1: $19.29 back to the customer`,
        refund: {
          number: `${done.nextOrderNumber}-R1`,
          reason: 'Chipped leg',
          total: money('17990000'),
          tax1: money('1300000'),
          amount: money('19290000'),
          createdBy: shop.username,
          approvedBy: null,
          lines: [{ orderLineId: done.nextOrderLineId, quantity: 1, total: money('17990000'), tax1: money('1300000'), tax2: money('0'), tax3: money('0') }],
          payments: [{ paymentMethodId: cash.id, name: 'Cash', isCash: true, amount: money('19290000') }],
        },
        order: { id: done.nextOrderId, status: 'COMPLETED' },
      });
      expect(answer.order.items[0].refundedQuantity).toBe(1);

      // The second rocker: tax of two 3.91 × 2/3 = 2.61, less the 1.30 back already: 1.31; 19.30 back.
      const second = { ...body, payments: [{ paymentMethodId: cash.id, amount: money('19300000') }] };
      const approved = await post('/order/refund', { ...as(clerk), ...second, approval: { usernameOrEmail: shop.username, password: shop.password } });
      expect(approved.statusCode).toBe(200);
      expect(approved.json().refund).toMatchObject({ number: `${done.nextOrderNumber}-R2`, amount: money('19300000'), createdBy: clerk.username, approvedBy: shop.username });
    });

    it("answers 400 for payments that do not add up and for units not left, 403 for a cashier without approval, 404 for another store's order; nothing refunded", async () => {
      const done = await completed();
      const cash = await cashMethodOf(h, shop);
      const body = {
        ...as(shop),
        orderId: done.nextOrderId,
        lines: [{ orderLineId: done.nextOrderLineId, quantity: 1 }],
        payments: [{ paymentMethodId: cash.id, amount: money('19290000') }],
        reason: 'Chipped leg',
      };
      expect(failure(await post('/order/refund', { ...body, payments: [{ paymentMethodId: cash.id, amount: money('1000000') }] }))).toEqual({
        status: 400,
        code: 'BAD_REQUEST',
        message: 'Refund payments add up to $1.00, not the $19.29 the customer gets back',
      });
      expect(failure(await post('/order/refund', { ...body, lines: [{ orderLineId: done.nextOrderLineId, quantity: 4 }] }))).toMatchObject({
        status: 400,
        message: 'Only 3 of Rocker can still be refunded',
      });
      expect(failure(await post('/order/refund', { ...body, ...as(clerk) }))).toEqual({ status: 403, code: 'FORBIDDEN', message: "A refund by STORE_STAFF needs a manager's approval" });
      expect(failure(await post('/order/refund', { ...body, ...as(books) }))).toMatchObject({ status: 403 });
      const theirs = await completed(rival);
      expect(failure(await post('/order/refund', { ...body, orderId: theirs.nextOrderId, lines: [{ orderLineId: theirs.nextOrderLineId, quantity: 1 }] }))).toMatchObject({
        status: 404,
        message: 'No such order in this store',
      });
      expect((await fetchOrder(clerk, done.nextOrderId)).order).toMatchObject({ status: 'COMPLETED', refunds: [] });
      expect((await fetchOrder(rival, theirs.nextOrderId)).order).toMatchObject({ status: 'COMPLETED', refunds: [] });
    });
  });

  describe('store dashboards', () => {
    let boss: Person;
    let cashier: Person;
    let auditor: Person;

    // One sale at NOW: total 57.88, tax 3.91; the rocker's code is of no vendor, so it is the
    // store's own sale and earns no vendor anything. One draft of the cashier.
    beforeAll(async () => {
      boss = await signUpOwner(h);
      [cashier, auditor] = await Promise.all([addStaff(h, boss, 'STORE_STAFF'), addStaff(h, boss, 'STORE_ACCOUNTANT')]);
      await h.as(boss).store.itemcode.add({ tag: rocker.itemCode, vendorId: null });
      const { success: _s, message: _m, statusCode: _c, storeUpdatedAt: _u, ...settings } = await h.as(boss).store.fetchSettings();
      await h.as(boss).store.updateSettings({ ...settings, defaultVendorCommissionPercent: percent('20000000') });
      const sale = await completed(cashier);
      await draft(cashier);
      await handle.db.updateTable('orders').set({ completed_at: NOW }).where('id', '=', BigInt(sale.nextOrderId)).execute();
    });

    const read = (path: string, person: Person, send: Send = {}) => post(path, as(person), { app: clocked, ...send });

    describePath('/dashboard/store-owner', () => {
      it('answers the owner real counters with Money objects; 403 for a cashier or an accountant; 401; 400', async () => {
        const res = await read('/dashboard/store-owner', boss);
        expect(res.statusCode).toBe(200);
        expect(res.json()).toEqual({ success: true, message: expect.any(String), totalRevenue: money('57880000'), totalOrders: 1, totalProducts: 0, totalStaff: 3 });
        expect(failure(await read('/dashboard/store-owner', cashier))).toMatchObject({ status: 403 });
        expect(failure(await read('/dashboard/store-owner', auditor))).toMatchObject({ status: 403 });
        expect(failure(await post('/dashboard/store-owner', { storeId: boss.storeId, role: boss.role }, { app: clocked }))).toMatchObject({ status: 401 });
        expect(failure(await post('/dashboard/store-owner', { ...as(boss), role: ['STORE_OWNER'] }, { app: clocked }))).toMatchObject({ status: 400 });
      });
    });

    describePath('/dashboard/store-manager', () => {
      it("answers today's revenue, pending orders, low stock and active staff; the owner may read it; 403 for a cashier", async () => {
        const res = await read('/dashboard/store-manager', boss);
        expect(res.statusCode).toBe(200);
        // Active: the owner, the cashier and the accountant, all signed in just now. Pending: the
        // cashier's draft is not an order waiting for a manager's approval.
        expect(res.json()).toEqual({ success: true, message: expect.any(String), dailyRevenue: money('57880000'), pendingOrders: 0, lowStockItems: 0, activeStaff: 3 });
        expect(failure(await read('/dashboard/store-manager', cashier))).toMatchObject({ status: 403 });
        expect(failure(await read('/dashboard/store-manager', auditor))).toMatchObject({ status: 403 });
        expect(failure(await post('/dashboard/store-manager', { ...as(boss), storeId: -4 }, { app: clocked }))).toMatchObject({ status: 400 });
      });
    });

    describePath('/dashboard/store-staff', () => {
      it("answers the cashier today's orders and revenue and its own drafts; 403 for an accountant", async () => {
        const res = await read('/dashboard/store-staff', cashier);
        expect(res.statusCode).toBe(200);
        expect(res.json()).toEqual({ success: true, message: expect.any(String), todayOrders: 1, todayRevenue: money('57880000'), pendingTasks: 1 });
        expect((await read('/dashboard/store-staff', boss)).json()).toMatchObject({ todayOrders: 1, pendingTasks: 0 });
        expect(failure(await read('/dashboard/store-staff', auditor))).toMatchObject({ status: 403 });
        expect(failure(await post('/dashboard/store-staff', { ...as(cashier), tokenString: 'forged' }, { app: clocked }))).toMatchObject({ status: 401 });
        expect(failure(await post('/dashboard/store-staff', { ...as(cashier), role: 'CASHIER' }, { app: clocked }))).toMatchObject({ status: 400 });
      });
    });

    describePath('/dashboard/setup', () => {
      it('answers which set-up steps the store has done, for a manager or an owner; 403 for a cashier', async () => {
        const res = await read('/dashboard/setup', boss);
        expect(res.statusCode).toBe(200);
        expect(res.json()).toEqual({ success: true, taxes: expect.any(Boolean), paymentMethods: expect.any(Boolean), vendors: expect.any(Boolean), itemCodes: expect.any(Boolean), staff: true });
        expect(failure(await read('/dashboard/setup', cashier))).toMatchObject({ status: 403 });
        expect(failure(await read('/dashboard/setup', auditor))).toMatchObject({ status: 403 });
      });
    });

    describePath('/dashboard/store-accountant', () => {
      it('answers revenue less tax, what the sales earned vendors, invoices and a Percent margin; the owner may read it; 403 for a cashier', async () => {
        const res = await read('/dashboard/store-accountant', auditor);
        expect(res.statusCode).toBe(200);
        // 57.88 − 3.91 = 53.97; the sale has no item code: the store's own, nothing earned by a vendor; margin 100%
        const expected = { success: true, message: expect.any(String), monthlyRevenue: money('53970000'), monthlyExpenses: money('0'), pendingInvoices: 0, profitMargin: percent('100000000') };
        expect(res.json()).toEqual(expected);
        expect((await read('/dashboard/store-accountant', boss)).json()).toEqual(expected);
        expect(failure(await read('/dashboard/store-accountant', cashier))).toMatchObject({ status: 403 });
        expect(failure(await post('/dashboard/store-accountant', { ...as(auditor), storeId: rival.storeId }, { app: clocked }))).toMatchObject({ status: 403 });
        expect(failure(await post('/dashboard/store-accountant', { ...as(auditor), storeId: 'x' }, { app: clocked }))).toMatchObject({ status: 400 });
      });
    });
  });
});

// reports and end of day -----------------------------------------------------------
describe('reports and end of day through the door', () => {
  const money = (value: string | number) => ({ type: 'Money' as const, value });

  /**
   * A store of its own with one sale by its cashier: a $40.00 vase of a vendor on 20%
   * commission, no tax, paid with $50.00 cash ($10.00 change). The vendor's account holds
   * $32.00.
   */
  async function reportingShop() {
    const owner = await signUpOwner(h);
    const [manager, accountant, cashier] = await Promise.all([addStaff(h, owner, 'STORE_MANAGER'), addStaff(h, owner, 'STORE_ACCOUNTANT'), addStaff(h, owner, 'STORE_STAFF')]);
    const tradeName = uniqueName('Potter');
    const vendorId = await addVendor(h, owner, { tradeName });
    const tag = uniqueName('P');
    await addCode(h, owner, vendorId, { tag, commissionPercent: 20_000_000n });
    const cash = await cashMethodOf(h, owner);
    const sale = await completeSale(h, handle.db, cashier, [{ itemCode: tag, description: 'Vase', quantity: 1, price: 40_000_000n }], [{ method: cash, amount: 50_000_000n }]);
    return { owner, manager, accountant, cashier, vendorId, tradeName, cash, sale, day: await dayCompleted(owner, sale.orderId) };
  }
  let shop: Awaited<ReturnType<typeof reportingShop>>;

  /** The figures of the sale: no discount or tax, $8.00 commission, all of it a vendor's. */
  const saleFigures = {
    orders: 1,
    gross: money('40000000'),
    discounts: money('0'),
    net: money('40000000'),
    tax1: money('0'),
    tax2: money('0'),
    tax3: money('0'),
    customerFees: money('0'),
    refunds: money('0'),
    commission: money('8000000'),
    cardFees: money('0'),
    ownSales: money('0'),
    applied: money('40000000'),
    tendered: money('50000000'),
    change: money('10000000'),
  };

  beforeAll(async () => {
    shop = await reportingShop();
  });

  describePath('/reports/sales', () => {
    it("answers an accountant the period's rows of a grouping and its totals", async () => {
      const { accountant, vendorId, tradeName, day } = shop;
      const res = await post('/reports/sales', { ...as(accountant), from: day, to: day, groupBy: 'vendor' });
      expect(res.statusCode).toBe(200);
      expect(res.json()).toEqual({
        success: true,
        from: day,
        to: day,
        today: expect.stringMatching(/^\d{4}-\d{2}-\d{2}$/),
        timeZone: 'UTC',
        groupBy: 'vendor',
        taxes: expect.any(Array),
        // Payments do not split by vendor: a vendor's row has no applied, tendered or change.
        rows: [{ key: String(vendorId), label: tradeName, ...saleFigures, applied: money('0'), tendered: money('0'), change: money('0') }],
        totals: saleFigures,
        // One page holds every vendor of the day.
        next: null,
        others: null,
      });
      // A page of one row after that vendor: nothing more (the store's own sales would come last).
      const after = (await post('/reports/sales', { ...as(accountant), from: day, to: day, groupBy: 'vendor', after: String(vendorId), pageSize: 1 })).json<{ rows: unknown[]; next: unknown }>();
      expect([after.rows, after.next]).toEqual([[], null]);
      // Nothing given: this month so far, by day.
      const month = (await post('/reports/sales', as(accountant))).json<{ from: string; to: string; today: string; groupBy: string }>();
      expect(month).toMatchObject({ groupBy: 'day', to: month.today, from: `${month.today.slice(0, 8)}01` });
    });

    it('answers 400 to an unknown grouping and to To before From, 403 for a cashier', async () => {
      const { accountant, cashier } = shop;
      expect(failure(await post('/reports/sales', { ...as(accountant), groupBy: 'hour' }))).toEqual({
        status: 400,
        code: 'BAD_REQUEST',
        message: 'groupBy must be one of day, week, month, vendor, itemCode, paymentMethod, tax, cashier',
      });
      expect(failure(await post('/reports/sales', { ...as(accountant), from: '2026-11-30', to: '2026-11-01' }))).toMatchObject({ status: 400, message: 'To must not be before From' });
      expect(failure(await post('/reports/sales', as(cashier)))).toMatchObject({ status: 403 });
    });
  });

  describePath('/reports/vendor-balances', () => {
    it('answers an accountant every account with its balance at the end of the day, and what the store owes', async () => {
      const { accountant, vendorId, tradeName } = shop;
      const res = await post('/reports/vendor-balances', as(accountant));
      expect(res.statusCode).toBe(200);
      const body = res.json<{ today: string }>();
      expect(body).toEqual({
        success: true,
        asOf: body.today,
        today: expect.stringMatching(/^\d{4}-\d{2}-\d{2}$/),
        accounts: [{ vendorId, itemCodeId: null, tag: null, tradeName, vendorType: 'VENDOR', balance: money('32000000') }],
        total: 1,
        owed: money('32000000'),
        owing: money('0'),
        accountsOwed: 1,
        accountsOwing: 0,
      });
    });

    it('answers 400 to pageSize 501 and to a day that is not one, 403 for a cashier', async () => {
      const { accountant, cashier } = shop;
      expect(failure(await post('/reports/vendor-balances', { ...as(accountant), pageSize: 501 }))).toEqual({ status: 400, code: 'BAD_REQUEST', message: 'pageSize must be at most 500' });
      expect(failure(await post('/reports/vendor-balances', { ...as(accountant), asOf: '30/11/2026' }))).toMatchObject({ status: 400, message: 'As of must be a date such as 2026-11-30' });
      expect(failure(await post('/reports/vendor-balances', as(cashier)))).toMatchObject({ status: 403 });
    });
  });

  describePath('/reports/end-of-day', () => {
    it("answers a manager the open day's Z report: sales, payments by method, cashiers and the drawer's cash", async () => {
      const { manager, cashier, cash, day, owner } = shop;
      const res = await post('/reports/end-of-day', { ...as(manager), date: day, openingCash: money('100000000'), countedCash: money('139000000') });
      expect(res.statusCode).toBe(200);
      const body = res.json();
      expect(body).toMatchObject({ success: true, message: `${day} is open`, closed: null, closedDays: [] });
      expect(body.report).toMatchObject({
        date: day,
        timeZone: 'UTC',
        storeName: owner.storeName,
        sales: saleFigures,
        cashiers: [{ userId: cashier.userId, orders: 1, net: money('40000000'), taxes: money('0'), customerFees: money('0'), refunds: money('0') }],
        voids: [],
        voidsTotal: money('0'),
        // 100.00 + 50.00 tendered − 10.00 change = 140.00 expected; 139.00 counted: 1.00 short.
        cash: {
          opening: money('100000000'),
          taken: money('40000000'),
          tendered: money('50000000'),
          change: money('10000000'),
          refunds: money('0'),
          payouts: money('0'),
          expected: money('140000000'),
          counted: money('139000000'),
          overShort: money('-1000000'),
        },
      });
      expect(body.report.payments).toContainEqual({
        paymentMethodId: cash.id,
        name: 'Cash',
        isCash: true,
        orders: 1,
        applied: money('40000000'),
        customerFees: money('0'),
        tendered: money('50000000'),
        change: money('10000000'),
        refunds: money('0'),
        returns: money('0'),
      });
    });

    it('answers 400 to negative cash, 403 for a cashier', async () => {
      const { accountant, cashier } = shop;
      expect(failure(await post('/reports/end-of-day', { ...as(accountant), countedCash: money('-10000') }))).toEqual({
        status: 400,
        code: 'BAD_REQUEST',
        message: 'Counted cash must not be negative',
      });
      expect(failure(await post('/reports/end-of-day', as(cashier)))).toMatchObject({ status: 403 });
    });
  });

  describePath('/reports/end-of-day/close', () => {
    it('closes a day once for a manager, recording its report and cash; 409 the second time; the day is reprinted as closed', async () => {
      const { manager, day } = await reportingShop();
      const body = { ...as(manager), date: day, openingCash: money('100000000'), countedCash: money('139000000') };
      const res = await post('/reports/end-of-day/close', body);
      expect(res.statusCode).toBe(200);
      const closed = res.json();
      expect(closed).toMatchObject({
        success: true,
        message: `${day} closed: short by $1.00`,
        closed: { by: manager.username, at: expect.any(String) },
        closedDays: [day],
        report: { date: day, sales: { orders: 1 }, cash: { expected: money('140000000'), counted: money('139000000'), overShort: money('-1000000') } },
      });
      expect(failure(await post('/reports/end-of-day/close', { ...body, countedCash: money('140000000') }))).toEqual({
        status: 409,
        code: 'CONFLICT',
        message: `${day} was closed already by ${manager.username}; a closed day can be reprinted, not changed`,
      });
      const reprint = (await post('/reports/end-of-day', { ...as(manager), date: day, countedCash: money('0') })).json();
      expect(reprint).toMatchObject({ closed: closed.closed, report: closed.report });
    });

    it('answers 400 for a day not begun and for negative cash, 403 for an accountant or a cashier', async () => {
      const { manager, accountant, cashier, day } = shop;
      const body = { ...as(manager), date: day, openingCash: money('0'), countedCash: money('0') };
      expect(failure(await post('/reports/end-of-day/close', { ...body, date: '9999-12-31' }))).toEqual({ status: 400, code: 'BAD_REQUEST', message: 'A day that has not begun cannot be closed' });
      expect(failure(await post('/reports/end-of-day/close', { ...body, openingCash: money('-10000') }))).toMatchObject({ status: 400, message: 'Opening cash must not be negative' });
      expect(failure(await post('/reports/end-of-day/close', { ...body, ...as(accountant) }))).toMatchObject({ status: 403 });
      expect(failure(await post('/reports/end-of-day/close', { ...body, ...as(cashier) }))).toMatchObject({ status: 403 });
      // None of these closed the day.
      expect((await post('/reports/end-of-day', { ...as(manager), date: day })).json().closed).toBeNull();
    });
  });

  describePath('/books/trial-balance', () => {
    it('answers the sale as a balanced trial balance: the drawer kept 40.00, the vendor is owed 32.00, commission 8.00', async () => {
      const { accountant, vendorId, day } = shop;
      const res = await post('/books/trial-balance', { ...as(accountant), asOf: day });
      expect(res.statusCode).toBe(200);
      const tb = res.json();
      expect(tb.accounts.map((a: { account: string; debit: unknown; credit: unknown }) => [a.account, a.debit, a.credit])).toEqual([
        ['drawer', money('40000000'), money('0')],
        [`vendor:${vendorId}`, money('0'), money('32000000')],
        ['commission', money('0'), money('8000000')],
      ]);
      expect([tb.totalDebit, tb.totalCredit]).toEqual([money('40000000'), money('40000000')]);
    });

    it('answers 400 for a day that is not one and 403 for a cashier', async () => {
      expect(failure(await post('/books/trial-balance', { ...as(shop.accountant), asOf: '2026-02-30' }))).toMatchObject({ status: 400 });
      expect(failure(await post('/books/trial-balance', { ...as(shop.cashier) }))).toMatchObject({ status: 403 });
    });
  });

  describePath('/books/journals', () => {
    it("answers the day's sale journal with balanced legs, an account's drill-down with its opening; 400 backwards, 403 for a cashier", async () => {
      const { accountant, cashier, day } = shop;
      const all = (await post('/books/journals', { ...as(accountant), from: day, to: day })).json();
      expect(all).toMatchObject({ success: true, from: day, to: day, account: null, next: null });
      const sale = all.journals.find((j: { kind: string }) => j.kind === 'SALE');
      expect(sale).toMatchObject({ day, orderNumber: shop.sale.orderNumber });
      const sum = sale.legs.reduce((total: bigint, leg: { amount: { value: string } }) => total + BigInt(leg.amount.value), 0n);
      expect(sum).toBe(0n);
      const drawer = (await post('/books/journals', { ...as(accountant), from: day, to: day, account: 'drawer' })).json();
      expect(drawer.account).toMatchObject({ key: 'drawer', opening: money('0') });
      expect(drawer.journals.length).toBeGreaterThan(0);
      expect(failure(await post('/books/journals', { ...as(accountant), from: day, to: '2000-01-01' }))).toMatchObject({ status: 400, message: 'To must not be before From' });
      expect(failure(await post('/books/journals', { ...as(cashier), from: day, to: day }))).toMatchObject({ status: 403 });
    });
  });

  describePath('/books/order', () => {
    it("answers the sale's order read-only to the accountant; a draft is 404 and a cashier 403", async () => {
      const { accountant, cashier, sale } = shop;
      const res = await post('/books/order', { ...as(accountant), orderId: Number(sale.orderId) });
      expect(res.statusCode).toBe(200);
      expect(res.json()).toMatchObject({ success: true, order: { orderNumber: sale.orderNumber, status: 'COMPLETED', total: money('40000000') } });
      const draft = await h.as(cashier).order.next();
      expect(failure(await post('/books/order', { ...as(accountant), orderId: draft.nextOrderId }))).toMatchObject({ status: 404 });
      expect(failure(await post('/books/order', { ...as(cashier), orderId: Number(sale.orderId) }))).toMatchObject({ status: 403 });
    });
  });

  describePath('/books/accounts', () => {
    it('answers the chart with each balance; 403 for a cashier', async () => {
      const answer = (await post('/books/accounts', { ...as(shop.manager) })).json();
      expect(answer.accounts.find((a: { key: string }) => a.key === 'drawer')).toMatchObject({ name: 'assets:cash-drawer', kind: 'ASSET', balance: money('40000000') });
      expect(failure(await post('/books/accounts', { ...as(shop.cashier) }))).toMatchObject({ status: 403 });
    });
  });

  describePath('/books/account/save', () => {
    it('names an account for the accountant; 404 for an account not in the chart, 403 for a manager', async () => {
      const body = { ...as(shop.accountant), account: 'drawer', exportName: 'Cash on hand', exportNumber: '1000' };
      expect((await post('/books/account/save', body)).json()).toMatchObject({ success: true });
      expect(failure(await post('/books/account/save', { ...body, account: 'vendor:99999999' }))).toMatchObject({ status: 404 });
      expect(failure(await post('/books/account/save', { ...body, ...as(shop.manager) }))).toMatchObject({ status: 403 });
    });
  });

  describePath('/books/export', () => {
    it('answers the day as an hledger journal, and 400 for a period backwards or an unknown format', async () => {
      const { accountant, day } = shop;
      const file = (await post('/books/export', { ...as(accountant), from: day, to: day, format: 'hledger' })).json();
      expect(file).toMatchObject({ success: true, contentType: expect.stringContaining('text/plain') });
      expect(file.content).toContain(shop.sale.orderNumber);
      expect(failure(await post('/books/export', { ...as(accountant), from: day, to: '2000-01-01', format: 'hledger' }))).toMatchObject({ status: 400, message: 'To must not be before From' });
      expect(failure(await post('/books/export', { ...as(accountant), from: day, to: day, format: 'pdf' }))).toMatchObject({ status: 400 });
    });
  });
});

describe('store settings, payment methods and the roadmap through the door', () => {
  let cashier: Person;
  let accountant: Person;
  let stranger: Person;
  const Pw = (value: string | number) => ({ type: 'Percent' as const, value });
  const Mw = (value: string | number) => ({ type: 'Money' as const, value });
  const settingsBody = {
    orderPrefix: 'DOOR-',
    nextOrderNumber: 7,
    defaultVendorCommissionPercent: Pw('15000000'),
    defaultVendorConsignmentCommissionPercent: Pw('0'),
    defaultConsignmentCommissionPercent: Pw('40000000'),
    tax1ShortName: 'GST',
    tax1LongName: 'Goods and Services Tax',
    tax1Percent: Pw('5000000'),
    tax1Enabled: true,
    tax1ApplyByDefault: true,
  };
  const paymentBody = { name: 'Visa', vendorFeePercent: Pw('3000000'), customerFeePercent: Pw('0'), customerFeeAmount: Mw('250000'), minimumAmount: Mw('0'), requiresManagerApproval: false };
  const entry = { title: 'Door entry', description: 'Through REST', estimatedCompletion: '2026-12-01T07:00:00-05:00' };

  beforeAll(async () => {
    [cashier, accountant, stranger] = await Promise.all([addStaff(h, owner, 'STORE_STAFF'), addStaff(h, owner, 'STORE_ACCOUNTANT'), signUpOwner(h)]);
  });

  describePath('/store/fetch-settings', () => {
    it('answers the flattened settings to a cashier, with storeUpdatedAt; 403 to an accountant', async () => {
      const res = await post('/store/fetch-settings', as(cashier));
      expect(res.statusCode).toBe(200);
      expect(res.json()).toMatchObject({ success: true, orderPrefix: expect.any(String), tax1Percent: { type: 'Percent', value: expect.any(String) }, storeUpdatedAt: expect.any(String) });
      expect(failure(await post('/store/fetch-settings', as(accountant)))).toMatchObject({ status: 403 });
    });
  });

  describePath('/store/fetch-time-zone', () => {
    it("answers the store's time zone to every role of the store, UTC for a new store, the saved one after a change; 403 for another store", async () => {
      const fresh = await signUpOwner(h);
      const freshAccountant = await addStaff(h, fresh, 'STORE_ACCOUNTANT');
      for (const person of [fresh, freshAccountant]) {
        const res = await post('/store/fetch-time-zone', as(person));
        expect(res.statusCode).toBe(200);
        expect(res.json()).toEqual({ success: true, timeZone: 'UTC' });
      }
      const { success: _s, message: _m, statusCode: _c, storeUpdatedAt: _u, ...saved } = await h.as(fresh).store.fetchSettings();
      await h.as(fresh).store.updateSettings({ ...saved, timeZone: 'America/New_York' });
      expect((await post('/store/fetch-time-zone', as(freshAccountant))).json()).toEqual({ success: true, timeZone: 'America/New_York' });
      expect((await post('/store/fetch-time-zone', as(cashier))).json().timeZone).not.toBe('America/New_York');
      expect(failure(await post('/store/fetch-time-zone', { ...as(stranger), storeId: fresh.storeId }))).toMatchObject({ status: 403 });
    });
  });

  describePath('/store/update-settings', () => {
    it("saves for the owner and answers 400 with the product's wording, 403 for a cashier", async () => {
      const res = await post('/store/update-settings', { ...as(owner), ...settingsBody });
      expect(res.statusCode).toBe(200);
      expect(res.json()).toMatchObject({ ...settingsBody, message: 'Store settings updated successfully' });
      expect(failure(await post('/store/update-settings', { ...as(owner), ...settingsBody, tax2ShortName: 'SEVENCH' }))).toMatchObject({
        status: 400,
        message: 'Tax 2 short name must be at most 6 characters',
      });
      expect(failure(await post('/store/update-settings', { ...as(owner), ...settingsBody, nextOrderNumber: '7' }))).toMatchObject({ status: 400 });
      expect(failure(await post('/store/update-settings', { ...as(cashier), ...settingsBody }))).toMatchObject({ status: 403 });
    });
  });

  describePath('/store/payment/create', () => {
    it('creates for the owner; 400 for a missing fee or an overflowing amount; 403 for a cashier', async () => {
      const res = await post('/store/payment/create', { ...as(owner), ...paymentBody });
      expect(res.statusCode).toBe(200);
      expect(res.json().paymentMethod).toMatchObject({ ...paymentBody, id: expect.any(Number) });
      expect(failure(await post('/store/payment/create', { ...as(owner), ...paymentBody, vendorFeePercent: undefined }))).toMatchObject({ status: 400, message: 'Vendor Fee is required' });
      expect(failure(await post('/store/payment/create', { ...as(owner), ...paymentBody, minimumAmount: Mw('9223372036854775808') }))).toMatchObject({
        status: 400,
        message: 'Money value exceeds 64-bit long bounds',
      });
      expect(failure(await post('/store/payment/create', { ...as(cashier), ...paymentBody }))).toMatchObject({ status: 403 });
    });
  });

  describePath('/store/payment/list', () => {
    it("lists this store's methods only", async () => {
      const theirs = (await h.as(stranger).store.payment.create({ ...paymentBody, name: 'Theirs' })).paymentMethod;
      const res = await post('/store/payment/list', as(cashier));
      expect(res.statusCode).toBe(200);
      expect(res.json().paymentMethods.map((p: { id: number }) => p.id)).not.toContain(theirs.id);
    });
  });

  describePath('/store/payment/update', () => {
    it("updates this store's method; another store's is 404 and unchanged", async () => {
      const mine = (await h.as(owner).store.payment.create(paymentBody)).paymentMethod;
      const res = await post('/store/payment/update', { ...as(owner), ...paymentBody, id: mine.id, name: 'Visa Gold' });
      expect(res.statusCode).toBe(200);
      expect(res.json().paymentMethod.name).toBe('Visa Gold');
      const theirs = (await h.as(stranger).store.payment.create({ ...paymentBody, name: 'Theirs' })).paymentMethod;
      expect(failure(await post('/store/payment/update', { ...as(owner), ...paymentBody, id: theirs.id }))).toMatchObject({ status: 404 });
      expect((await h.as(stranger).store.payment.list()).paymentMethods).toContainEqual(theirs);
    });
  });

  describePath('/store/payment/delete', () => {
    it('deletes (archives) this store\'s method; 404 for another store\'s; 400 for a bad id', async () => {
      const mine = (await h.as(owner).store.payment.create(paymentBody)).paymentMethod;
      const res = await post('/store/payment/delete', { ...as(owner), id: mine.id });
      expect(res.json()).toMatchObject({ success: true, message: 'Payment method deleted successfully' });
      const theirs = (await h.as(stranger).store.payment.create(paymentBody)).paymentMethod;
      expect(failure(await post('/store/payment/delete', { ...as(owner), id: theirs.id }))).toMatchObject({ status: 404 });
      expect(failure(await post('/store/payment/delete', { ...as(owner), id: [1] }))).toMatchObject({ status: 400 });
    });
  });

  describePath('/roadmap/roadmap', () => {
    it('lists for any role, writes for the owner only, 400 for an unknown action', async () => {
      const created = await post('/roadmap/roadmap', { ...as(owner), action: 'create', entry });
      expect(created.statusCode).toBe(200);
      const id = created.json().entry.id as number;
      const list = await post('/roadmap/roadmap', { ...as(cashier), action: 'list' });
      expect(list.json().entries.map((e: { id: number }) => e.id)).toContain(id);
      expect(failure(await post('/roadmap/roadmap', { ...as(cashier), action: 'delete', id }))).toMatchObject({ status: 403 });
      expect(failure(await post('/roadmap/roadmap', { ...as(owner), action: 'purge' }))).toMatchObject({ status: 400 });
      expect(failure(await post('/roadmap/roadmap', { ...as(owner), action: 'create', entry: { ...entry, title: '' } }))).toMatchObject({ status: 400, message: 'Title is required' });
      expect(failure(await post('/roadmap/roadmap', { ...as(stranger), action: 'delete', id }))).toMatchObject({ status: 404 });
      expect((await post('/roadmap/roadmap', { ...as(owner), action: 'delete', id })).json()).toMatchObject({ success: true });
    });
  });
});

// the vendor portal ----------------------------------------------------------------
describe('the vendor portal', () => {
  const money = (value: string) => ({ type: 'Money' as const, value });
  let shop: Person;
  let vendorId: number;
  let vendor: Person;
  let sold: string;
  let tag: string;
  beforeAll(async () => {
    shop = await signUpOwner(h);
    vendorId = await addVendor(h, shop, { tradeName: uniqueName('Door') });
    tag = uniqueName('DOOR');
    await addCode(h, shop, vendorId, { tag, commissionPercent: 20_000_000n });
    sold = (await completeSale(h, h.db, shop, [{ itemCode: tag, description: 'Door knob', quantity: 1, price: 12_000_000n }], [{ method: await cashMethodOf(h, shop), amount: 12_000_000n }])).orderNumber;
    vendor = await inviteVendor(h, shop, vendorId);
  });

  describePath('/vendor/invite', () => {
    it('answers the link on the address called, its id and when it expires; a cashier is 403', async () => {
      const res = await post('/vendor/invite', { ...as(shop), vendorId, email: 'door@example.test' }, { headers: { host: 'mall.example' } });
      expect(res.statusCode).toBe(200);
      expect(res.json<{ inviteUrl: string }>().inviteUrl).toMatch(/^http:\/\/mall\.example\/accept-invite\/[A-Za-z0-9_-]{43}$/);
      const cashier = await addStaff(h, shop, 'STORE_STAFF');
      expect(failure(await post('/vendor/invite', { ...as(cashier), vendorId, email: 'door@example.test' }))).toMatchObject({ status: 403 });
    });
  });

  describePath('/vendor/invite/revoke', () => {
    it('revokes once; again is 409', async () => {
      const { inviteId } = await h.as(shop).vendor.invite({ vendorId, email: 'gone@example.test' });
      expect((await post('/vendor/invite/revoke', { ...as(shop), inviteId })).json()).toMatchObject({ success: true });
      expect(failure(await post('/vendor/invite/revoke', { ...as(shop), inviteId }))).toMatchObject({ status: 409 });
    });
  });

  describePath('/vendor/portal-access', () => {
    it('lists the people with access', async () => {
      const res = await post('/vendor/portal-access', { ...as(shop), vendorId });
      expect(res.json<{ people: { username: string }[] }>().people.map((p) => p.username)).toContain(vendor.username);
    });
  });

  describePath('/vendor/portal-access/revoke', () => {
    it('removes access; a person without it is 404', async () => {
      const other = await inviteVendor(h, shop, vendorId);
      expect((await post('/vendor/portal-access/revoke', { ...as(shop), vendorId, userId: other.userId })).json()).toMatchObject({ success: true });
      expect(failure(await post('/portal/summary', as(other)))).toMatchObject({ status: 403 });
      expect(failure(await post('/vendor/portal-access/revoke', { ...as(shop), vendorId, userId: other.userId }))).toMatchObject({ status: 404 });
    });
  });

  describePath('/portal/accept', () => {
    it('answers as /login, with the VENDOR assignment naming the vendor; a forged token is 400', async () => {
      const { inviteUrl } = await h.as(shop).vendor.invite({ vendorId, email: 'new@example.test' });
      const res = await post('/portal/accept', { token: tokenOf(inviteUrl), ...newUser() });
      expect(res.statusCode).toBe(200);
      expect(res.json<{ roles: unknown[] }>().roles).toEqual([{ storeId: shop.storeId, storeName: shop.storeName, role: 'VENDOR', vendorId, vendorName: expect.any(String) }]);
      expect(failure(await post('/portal/accept', { token: 'forged', ...newUser() }))).toMatchObject({ status: 400, message: 'This invitation is not valid' });
    });
  });

  describePath('/portal/summary', () => {
    it('answers the caller’s vendor whatever vendorId the body names; a store role is 403', async () => {
      const res = await post('/portal/summary', { ...as(vendor), vendorId: 1 });
      expect(res.json()).toMatchObject({ vendorId, balance: { type: 'Money', value: '9600000' } });
      expect(failure(await post('/portal/summary', as(shop)))).toMatchObject({ status: 403 });
    });
  });

  describePath('/portal/sales', () => {
    it('answers the sold line with its split', async () => {
      const res = await post('/portal/sales', as(vendor));
      expect(res.json<{ lines: unknown[] }>().lines).toEqual([
        expect.objectContaining({ orderNumber: sold, lineTotal: money('12000000'), commission: money('-2400000'), cardFee: money('0'), net: money('9600000') }),
      ]);
    });
  });

  describePath('/portal/statement', () => {
    it('answers the store’s statement of the caller’s main account', async () => {
      const res = await post('/portal/statement', as(vendor));
      expect(res.json()).toMatchObject({ vendor: { id: vendorId }, closingBalance: money('9600000') });
    });
  });

  describePath('/portal/payouts', () => {
    it('answers the payouts, newest first', async () => {
      await h.as(shop).vendor.payout({ vendorId, amount: { type: 'Money', value: '5000000' }, method: 'CASH', reference: '' });
      const res = await post('/portal/payouts', as(vendor));
      expect(res.json<{ payouts: { method: string }[]; total: number }>()).toMatchObject({ total: 1, payouts: [{ method: 'CASH' }] });
    });
  });

  /** An item the vendor adds on their own code; its id. */
  async function ownItem(description: string): Promise<number> {
    const res = await post('/portal/item/add', { ...as(vendor), rows: [{ itemCode: tag, description, price: money('15000000') }] });
    return res.json<{ items: { id: number }[] }>().items[0]!.id;
  }

  describePath('/portal/item/add', () => {
    it("adds items on the vendor's own code; another vendor's code is 400, a store role 403", async () => {
      const res = await post('/portal/item/add', { ...as(vendor), rows: [{ itemCode: tag, description: 'Brass hinge', price: money('15000000') }] });
      expect(res.statusCode).toBe(200);
      expect(res.json()).toMatchObject({ success: true, items: [{ description: 'Brass hinge', itemCode: tag, status: 'ACTIVE', vendor: { id: vendorId } }] });
      const otherVendor = await addVendor(h, shop, { tradeName: uniqueName('Other') });
      const otherTag = uniqueName('OTH');
      await addCode(h, shop, otherVendor, { tag: otherTag, commissionPercent: 20_000_000n });
      expect(failure(await post('/portal/item/add', { ...as(vendor), rows: [{ itemCode: otherTag, description: 'Not mine', price: money('1000000') }] }))).toMatchObject({ status: 400 });
      expect(failure(await post('/portal/item/add', { ...as(shop), rows: [{ itemCode: tag, description: 'x', price: money('1000000') }] }))).toMatchObject({ status: 403 });
    });
  });

  describePath('/portal/items', () => {
    it("lists the vendor's own items with their days on the floor", async () => {
      const id = await ownItem('Iron key');
      const res = await post('/portal/items', as(vendor));
      expect(res.statusCode).toBe(200);
      expect(res.json<{ items: { id: number; daysOnFloor: number }[] }>().items.find((i) => i.id === id)).toMatchObject({ daysOnFloor: 0 });
    });
  });

  describePath('/portal/item/edit', () => {
    it("changes an own item's price; an item that is not the vendor's is 404", async () => {
      const id = await ownItem('Door plate');
      expect((await post('/portal/item/edit', { ...as(vendor), itemId: id, price: money('12500000') })).json()).toMatchObject({ item: { id, price: money('12500000') } });
      expect(failure(await post('/portal/item/edit', { ...as(vendor), itemId: 99_999_999, price: money('1000000') }))).toMatchObject({ status: 404 });
    });
  });

  describePath('/portal/item/withdraw-request', () => {
    it('asks the store to take an own item back; it stays on the floor', async () => {
      const id = await ownItem('Latch');
      const res = await post('/portal/item/withdraw-request', { ...as(vendor), itemIds: [id], reason: 'Taking it home' });
      expect(res.json()).toMatchObject({ items: [{ id, status: 'ACTIVE', withdrawRequestReason: 'Taking it home' }] });
      expect(failure(await post('/portal/item/withdraw-request', { ...as(vendor), itemIds: [99_999_999] }))).toMatchObject({ status: 404 });
    });
  });

  describePath('/portal/labels', () => {
    it("answers an own item's tag as a PDF", async () => {
      const id = await ownItem('Bell pull');
      const res = await post('/portal/labels', { ...as(vendor), itemIds: [id], template: 'JEWELRY_2_25x0_75' });
      expect(res.statusCode).toBe(200);
      expect(res.json()).toMatchObject({ contentType: 'application/pdf', filename: expect.stringMatching(/\.pdf$/) });
    });
  });
});

// the offline till ------------------------------------------------------------------
describe('the offline till through the door', () => {
  const money = (value: string) => ({ type: 'Money' as const, value });
  let shop: Person;
  let cashier: Person;
  let manager: Person;
  let tag: string;
  const deviceId = '6f1c2a4e-8b1d-4c5e-9a7f-0d2e3b4c5a61';
  let numbers: string[] = [];
  beforeAll(async () => {
    shop = await signUpOwner(h);
    cashier = await addStaff(h, shop, 'STORE_STAFF');
    manager = await addStaff(h, shop, 'STORE_MANAGER');
    const vendorId = await addVendor(h, shop, { tradeName: uniqueName('Till') });
    tag = uniqueName('TILL');
    await addCode(h, shop, vendorId, { tag, commissionPercent: 20_000_000n });
  });

  describePath('/device/register', () => {
    it('registers the till under the id it made; again renames it; a bad id is 400', async () => {
      expect((await post('/device/register', { ...as(cashier), deviceId, name: 'Front till' })).json()).toMatchObject({ success: true, device: { deviceId, name: 'Front till' } });
      expect((await post('/device/register', { ...as(cashier), deviceId, name: 'Front counter' })).json()).toMatchObject({ device: { name: 'Front counter' } });
      expect(failure(await post('/device/register', { ...as(cashier), deviceId: 'not-a-uuid', name: 'x' }))).toMatchObject({ status: 400 });
    });
  });

  describePath('/device/reserve-numbers', () => {
    it("answers a block of the store's numbers; an unknown device is 404", async () => {
      const res = await post('/device/reserve-numbers', { ...as(cashier), deviceId });
      expect(res.statusCode).toBe(200);
      numbers = res.json<{ numbers: string[] }>().numbers;
      expect(numbers.length).toBe(25);
      expect(new Set(numbers).size).toBe(25);
      expect(failure(await post('/device/reserve-numbers', { ...as(cashier), deviceId: '00000000-0000-4000-8000-000000000000' }))).toMatchObject({ status: 404 });
    });
  });

  describePath('/device/snapshot', () => {
    it("answers what the till sells with offline: the store's methods and codes", async () => {
      const res = await post('/device/snapshot', as(cashier));
      expect(res.statusCode).toBe(200);
      const snapshot = res.json<{ paymentMethods: { isCash: boolean; offlineAllowed: boolean }[]; itemCodes: { code: string }[] }>();
      expect(snapshot.paymentMethods.find((m) => m.isCash)).toMatchObject({ offlineAllowed: true });
      expect(snapshot.itemCodes.map((c) => c.code)).toContain(tag);
    });
  });

  describePath('/offline/replay', () => {
    it('completes a sale once under its client id, with the number the till printed; a number not the till’s is 409', async () => {
      const cash = await cashMethodOf(h, shop);
      const sale = {
        ...as(cashier),
        deviceId,
        clientId: '0b7e4c1d-2f3a-4b5c-8d6e-7f8091a2b3c4',
        orderNumber: numbers[0],
        soldAt: new Date().toISOString(),
        customerName: '',
        items: [{ itemCode: tag, description: 'Offline lamp', quantity: 1, price: money('20000000') }],
        payments: [{ paymentMethodId: Number(cash.id), amount: money('20000000') }],
        idempotencyKey: 'replay-door-1',
      };
      const first = (await post('/offline/replay', sale)).json();
      expect(first).toMatchObject({ status: 'COMPLETED', order: { orderNumber: numbers[0], status: 'COMPLETED' } });
      expect((await post('/offline/replay', sale)).json()).toEqual(first);
      expect(failure(await post('/offline/replay', { ...sale, clientId: '1c8f5d2e-3a4b-4c6d-9e7f-8091a2b3c4d5', orderNumber: 'NOT-1', idempotencyKey: 'replay-door-2' }))).toMatchObject({ status: 409 });
    });
  });

  describePath('/device/report', () => {
    it('keeps what the till has waiting; the day status names it', async () => {
      expect((await post('/device/report', { ...as(cashier), deviceId, pending: 2, oldestPendingAt: new Date().toISOString(), skippedNumbers: [] })).json()).toMatchObject({ success: true });
      const status = (await post('/order/day-status', as(cashier))).json<{ devicesWaiting: { deviceName: string; pending: number }[] }>();
      expect(status.devicesWaiting).toEqual([expect.objectContaining({ deviceName: 'Front counter', pending: 2 })]);
      expect(failure(await post('/device/report', { ...as(cashier), deviceId, pending: -1, oldestPendingAt: null, skippedNumbers: [] }))).toMatchObject({ status: 400 });
    });
  });

  describePath('/offline/attention', () => {
    it('lists the kept sales for a manager; a cashier is 403', async () => {
      expect((await post('/offline/attention', as(manager))).json()).toMatchObject({ success: true, sales: expect.any(Array) });
      expect(failure(await post('/offline/attention', as(cashier)))).toMatchObject({ status: 403 });
    });
  });

  describePath('/offline/resolve', () => {
    it('voids a kept sale with a reason; a cashier is 403, a sale not kept 404', async () => {
      const house = (await h.as(shop).store.payment.create({ name: 'House', vendorFeePercent: { type: 'Percent', value: '0' }, customerFeePercent: { type: 'Percent', value: '0' }, customerFeeAmount: money('0'), minimumAmount: money('0'), requiresManagerApproval: false })).paymentMethod.id;
      const kept = (
        await post('/offline/replay', {
          ...as(cashier),
          deviceId,
          clientId: '2d9a6e3f-4b5c-4d7e-8f80-91a2b3c4d5e6',
          orderNumber: numbers[1],
          soldAt: new Date().toISOString(),
          customerName: '',
          items: [{ itemCode: tag, description: 'Offline chair', quantity: 1, price: money('30000000') }],
          payments: [{ paymentMethodId: house, amount: money('30000000') }],
          idempotencyKey: 'replay-door-3',
        })
      ).json<{ status: string; attentionId: number }>();
      expect(kept.status).toBe('NEEDS_ATTENTION');
      const body = { id: kept.attentionId, action: 'VOID', reason: 'Rung up twice', idempotencyKey: 'resolve-door-1' };
      expect(failure(await post('/offline/resolve', { ...as(cashier), ...body }))).toMatchObject({ status: 403 });
      expect((await post('/offline/resolve', { ...as(manager), ...body })).json()).toMatchObject({ success: true, sale: { status: 'VOIDED' } });
      expect(failure(await post('/offline/resolve', { ...as(manager), ...body, id: 99_999_999, idempotencyKey: 'resolve-door-2' }))).toMatchObject({ status: 404 });
    });
  });
});

// A path of the router without a describePath block above fails the run, naming the
// path: a new procedure comes with its tests through the door.
describe('coverage of the router', () => {
  it('has a describePath block for every REST path of the router', () => {
    const untested = [...restPaths().keys()].filter((p) => !tested.has(p));
    expect(untested, 'REST paths without a describePath block in this file').toEqual([]);
  });
});
