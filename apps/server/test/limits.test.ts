/**
 * Sign-in limits through the doors: counted in the procedures, so every spelling of a
 * path (percent-encoded), both doors and each call of a tRPC batch count alike; honest
 * sign-ins from one address are never refused; a locked (account, address) pair leaves
 * the account usable from elsewhere; every 429 says when to retry, in the shape each
 * door's clients read.
 */
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import type { FastifyInstance, LightMyRequestResponse } from 'fastify';
import type { DbHandle } from '@pos/db';
import { createTestDb } from '../../../test/db';
import { createApiHarness, signUpOwner, uniqueName, type ApiHarness, type Person } from '../../../test/factories';
import { buildApp } from '../src/app';

let handle: DbHandle;
let h: ApiHarness;
let app: FastifyInstance;

beforeAll(async () => {
  handle = await createTestDb();
  h = createApiHarness(handle.db);
  app = await buildApp({ db: handle.db, api: { scryptCost: 1024 } });
});
afterAll(async () => {
  await app?.close();
  await handle?.close();
});

let addresses = 0;
const freshIp = () => `192.0.2.${++addresses}`;

type Credentials = { usernameOrEmail: string; password: string };

/** One login attempt by the named route, from `ip`: the HTTP status and the retry-after header. */
async function attempt(route: string, credentials: Credentials, ip: string): Promise<{ status: number; retryAfter: string | undefined; res: LightMyRequestResponse }> {
  const trpc = route.startsWith('/trpc/');
  const res = await app.inject({ method: 'POST', url: route, remoteAddress: ip, payload: trpc ? { json: credentials } : credentials });
  return { status: res.statusCode, retryAfter: res.headers['retry-after'], res };
}

const wrong = (p: Person): Credentials => ({ usernameOrEmail: p.username, password: 'not the password' });
const right = (p: Person): Credentials => ({ usernameOrEmail: p.username, password: p.password });

const SPELLINGS = ['/api/v1/login', '/api/v1/%6Cogin', '/api/v1/%6c%6f%67%69%6e', '/trpc/auth.login', '/trpc/auth%2Elogin', '/trpc/%61uth.login'];

describe('every spelling of the login path counts', () => {
  it.each(SPELLINGS)('%s reaches the login procedure', async (route) => {
    const owner = await signUpOwner(h);
    expect((await attempt(route, right(owner), freshIp())).status).toBe(200);
  });

  it('ten failures spread over every spelling and both doors lock the pair; the next attempt by any spelling is 429 with retry-after', async () => {
    const victim = await signUpOwner(h);
    const ip = freshIp();
    for (let i = 0; i < 10; i++) expect((await attempt(SPELLINGS[i % SPELLINGS.length]!, wrong(victim), ip)).status).toBe(401);
    for (const route of SPELLINGS) {
      const refused = await attempt(route, right(victim), ip);
      expect(refused.status, route).toBe(429);
      expect(Number(refused.retryAfter), route).toBeGreaterThan(0);
    }
  });
});

describe('tRPC batches', () => {
  it('count each call: of a batch of twelve wrong logins ten are checked, each a failure of its own, and the pair is locked', async () => {
    const victim = await signUpOwner(h);
    const ip = freshIp();
    const calls = 12;
    const input = Object.fromEntries(Array.from({ length: calls }, (_, i) => [i, { json: wrong(victim) }]));
    const res = await app.inject({
      method: 'POST',
      url: `/trpc/${Array.from({ length: calls }, () => 'auth.login').join(',')}?batch=1`,
      remoteAddress: ip,
      payload: input,
    });
    const statuses = res.json<{ error: { json: { data: { httpStatus: number } } } }[]>().map((r) => r.error.json.data.httpStatus);
    expect(statuses).toHaveLength(calls);
    expect(statuses.filter((s) => s === 401)).toHaveLength(10);
    expect(statuses.filter((s) => s === 429)).toHaveLength(2);
    // Each checked call of the batch counted as one failure: the pair is locked.
    expect((await attempt('/api/v1/login', right(victim), ip)).status).toBe(429);
  });
});

describe('honest sign-ins', () => {
  it('are never refused: 200 successful logins from one address, through both doors', async () => {
    const staff = await Promise.all(Array.from({ length: 5 }, () => signUpOwner(h)));
    const ip = freshIp();
    const statuses: number[] = [];
    for (let i = 0; i < 200; i++) statuses.push((await attempt(i % 2 ? '/trpc/auth.login' : '/api/v1/login', right(staff[i % staff.length]!), ip)).status);
    expect(statuses.filter((s) => s !== 200)).toEqual([]);
  });

  it('a pair locked from one address leaves the account usable from another', async () => {
    const owner = await signUpOwner(h);
    const attacker = freshIp();
    for (let i = 0; i < 10; i++) await attempt('/api/v1/login', wrong(owner), attacker);
    expect((await attempt('/api/v1/login', right(owner), attacker)).status).toBe(429);
    expect((await attempt('/api/v1/login', right(owner), freshIp())).status).toBe(200);
    expect((await attempt('/trpc/auth.login', right(owner), freshIp())).status).toBe(200);
  });
});

describe('a 429', () => {
  it('is in tRPC shape at /trpc (so the login screen shows its message), with retry-after, and in the failure body on the REST door', async () => {
    const victim = await signUpOwner(h);
    const ip = freshIp();
    for (let i = 0; i < 10; i++) await attempt('/api/v1/login', wrong(victim), ip);
    const trpc = await attempt('/trpc/auth.login', right(victim), ip);
    expect(trpc.status).toBe(429);
    expect(Number(trpc.retryAfter)).toBeGreaterThan(14 * 60);
    expect(trpc.res.json().error.json).toMatchObject({
      message: 'Too many failed sign-in attempts. Please try again in 15 minutes.',
      data: { code: 'TOO_MANY_REQUESTS', httpStatus: 429 },
    });
    const rest = await attempt('/api/v1/login', right(victim), ip);
    expect(rest.res.json()).toEqual({ success: false, message: 'Too many failed sign-in attempts. Please try again in 15 minutes.', code: 'TOO_MANY_REQUESTS' });
    expect(rest.retryAfter).toBeDefined();
  });

  it('comes to sign-ups past the limit per address, with retry-after', async () => {
    const strict = await buildApp({ db: handle.db, api: { scryptCost: 1024, signInLimits: { ...h.config.signInLimits, signupsPerAddress: 2 } } });
    try {
      const ip = freshIp();
      const signup = () => {
        const username = uniqueName('door');
        return strict.inject({ method: 'POST', url: '/api/v1/%73ignup', remoteAddress: ip, payload: { username, email: `${username}@example.test`, password: 'long enough', storeName: 'S' } });
      };
      expect((await signup()).statusCode).toBe(200);
      expect((await signup()).statusCode).toBe(200);
      const refused = await signup();
      expect(refused.statusCode).toBe(429);
      expect(Number(refused.headers['retry-after'])).toBeGreaterThan(59 * 60);
    } finally {
      await strict.close();
    }
  });
});
