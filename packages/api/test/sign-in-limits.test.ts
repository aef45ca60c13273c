/**
 * Sign-in limits counted in the procedures (docs/API.md): only failures count, per
 * (account, address) pair and per address across accounts; sign-ups per address; a
 * wrong current password counts like a failed login; 429 says when to retry. Also the
 * password hashing rules (cost, old hashes, bounded concurrency) and the pruning of old
 * attempts and dead sessions.
 */
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { sql } from 'kysely';
import { DEFAULT_API_CONFIG, DEFAULT_SIGN_IN_LIMITS, type ApiConfig } from '@pos/api';
import type { DbHandle } from '@pos/db';
import { HashGate, hashGateFor, HASHING_BUSY_MESSAGE } from '../src/features/auth/hash-gate';
import { dummyPasswordHash, hashPassword, verifyPassword } from '../src/features/auth/tokens';
import { createTestDb } from '../../../test/db';
import { createApiHarness, failureOf, loginAs, signUpOwner, uniqueName, type ApiHarness, type Person } from '../../../test/factories';

let handle: DbHandle;
let h: ApiHarness;
beforeAll(async () => {
  handle = await createTestDb();
  h = createApiHarness(handle.db);
});
afterAll(() => handle.close());

/** A harness calling from `ip`, with its own limits and the retry-after headers it was given. */
function from(ip: string, config: Partial<ApiConfig> = {}) {
  const headers: Record<string, string>[] = [];
  const harness = createApiHarness(handle.db, { ip, config, onHeader: (name, value) => headers.push({ [name]: value }) });
  return { ...harness, ip, headers };
}

let addresses = 0;
/** An address no other test of this file uses. */
const freshIp = () => `10.0.${Math.floor(++addresses / 250)}.${(addresses % 250) + 1}`;

const wrong = (p: Person) => ({ usernameOrEmail: p.username, password: 'not the password' });

describe('the defaults', () => {
  it('are 10 failures per account and address, 100 per address, in 15 minutes; 50 sign-ups per address an hour', () => {
    expect(DEFAULT_SIGN_IN_LIMITS).toEqual({
      failuresPerAccountAddress: 10,
      failuresPerAddress: 100,
      failureWindowMs: 15 * 60_000,
      signupsPerAddress: 50,
      signupWindowMs: 60 * 60_000,
    });
  });
});

describe('failures of one (account, address) pair', () => {
  it('answer 429 with retry-after after 10 failures, even with the right password; another address still gets in', async () => {
    const victim = await signUpOwner(h);
    const attacker = from(freshIp());
    for (let i = 0; i < 10; i++) expect(await failureOf(attacker.call().auth.login(wrong(victim)))).toMatchObject({ status: 401 });
    for (const usernameOrEmail of [victim.username, victim.email.toUpperCase()]) {
      expect(await failureOf(attacker.call().auth.login({ usernameOrEmail, password: victim.password }))).toMatchObject({
        status: 429,
        code: 'TOO_MANY_REQUESTS',
        message: 'Too many failed sign-in attempts. Please try again in 15 minutes.',
      });
    }
    const retry = Number(attacker.headers.at(-1)?.['retry-after']);
    expect(retry).toBeGreaterThan(14 * 60);
    expect(retry).toBeLessThanOrEqual(15 * 60);
    // The owner at the till, from the store's address, is not locked out.
    await expect(loginAs(from(freshIp()), { usernameOrEmail: victim.username, password: victim.password })).resolves.toMatchObject({ userId: victim.userId });
    // Nor is another account from the attacker's address.
    const other = await signUpOwner(h);
    await expect(loginAs(attacker, { usernameOrEmail: other.username, password: other.password })).resolves.toMatchObject({ userId: other.userId });
  });

  it('count simultaneous attempts each: of 30 at once, exactly the limit are checked, the rest refused', async () => {
    const victim = await signUpOwner(h);
    const attacker = from(freshIp());
    const outcomes = await Promise.all(Array.from({ length: 30 }, () => failureOf(attacker.call().auth.login(wrong(victim)))));
    expect(outcomes.filter((o) => o.status === 401)).toHaveLength(10);
    expect(outcomes.filter((o) => o.status === 429)).toHaveLength(20);
    const failures = await handle.db.selectFrom('auth_attempts').select('kind').where('address', '=', attacker.ip).execute();
    expect(failures).toEqual(Array.from({ length: 10 }, () => ({ kind: 'failure' })));
  });

  it('never refuse simultaneous honest sign-ins of many accounts from one address', async () => {
    const tills = from(freshIp(), { signInLimits: { ...DEFAULT_SIGN_IN_LIMITS, failuresPerAddress: 5 } });
    const staff = await Promise.all(Array.from({ length: 20 }, () => signUpOwner(h)));
    const answers = await Promise.all(staff.map((p) => tills.call().auth.login({ usernameOrEmail: p.username, password: p.password })));
    expect(answers.map((a) => a.success)).toEqual(staff.map(() => true));
  });

  it('end when the window has passed', async () => {
    const victim = await signUpOwner(h);
    const ip = freshIp();
    const caller = from(ip);
    for (let i = 0; i < 10; i++) await failureOf(caller.call().auth.login(wrong(victim)));
    expect(await failureOf(caller.call().auth.login({ usernameOrEmail: victim.username, password: victim.password }))).toMatchObject({ status: 429 });
    await handle.db.updateTable('auth_attempts').set({ attempted_at: sql`attempted_at - interval '16 minutes'` } as never).where('address', '=', ip).execute();
    await expect(loginAs(caller, { usernameOrEmail: victim.username, password: victim.password })).resolves.toMatchObject({ userId: victim.userId });
  });

  it('count for a name no account has too', async () => {
    const caller = from(freshIp(), { signInLimits: { ...DEFAULT_SIGN_IN_LIMITS, failuresPerAccountAddress: 3 } });
    const ghost = uniqueName('ghost');
    for (let i = 0; i < 3; i++) expect(await failureOf(caller.call().auth.login({ usernameOrEmail: ghost, password: 'whatever1' }))).toMatchObject({ status: 401 });
    expect(await failureOf(caller.call().auth.login({ usernameOrEmail: ghost, password: 'whatever1' }))).toMatchObject({ status: 429 });
  });
});

describe('failures from one address across accounts', () => {
  it('answer 429 for every account from that address once the address limit is reached; other addresses are unaffected', async () => {
    const limits = { ...DEFAULT_SIGN_IN_LIMITS, failuresPerAddress: 5 };
    const sprayer = from(freshIp(), { signInLimits: limits });
    for (let i = 0; i < 5; i++) {
      expect(await failureOf(sprayer.call().auth.login({ usernameOrEmail: uniqueName('spray'), password: 'whatever1' }))).toMatchObject({ status: 401 });
    }
    const owner = await signUpOwner(h);
    expect(await failureOf(sprayer.call().auth.login({ usernameOrEmail: owner.username, password: owner.password }))).toMatchObject({ status: 429 });
    await expect(loginAs(from(freshIp(), { signInLimits: limits }), { usernameOrEmail: owner.username, password: owner.password })).resolves.toMatchObject({
      userId: owner.userId,
    });
  });
});

describe('honest sign-ins', () => {
  it('never count: 200 successful logins from one address, with a few typing mistakes among them, are all let in', async () => {
    const tills = from(freshIp());
    const staff = await Promise.all(Array.from({ length: 4 }, () => signUpOwner(h)));
    for (let i = 0; i < 200; i++) {
      const person = staff[i % staff.length]!;
      if (i % 25 === 0) await failureOf(tills.call().auth.login(wrong(person)));
      await expect(tills.call().auth.login({ usernameOrEmail: person.username, password: person.password })).resolves.toMatchObject({ success: true });
    }
    // Each mistake was forgotten by the success that followed it on the same till.
    expect(await handle.db.selectFrom('auth_attempts').select('id').where('address', '=', tills.ip).execute()).toEqual([]);
  });
});

describe('sign-ups', () => {
  it('answer 429 from an address past its limit within the hour; another address may still sign up', async () => {
    const limits = { ...DEFAULT_SIGN_IN_LIMITS, signupsPerAddress: 3 };
    const busy = from(freshIp(), { signInLimits: limits });
    for (let i = 0; i < 3; i++) await signUpOwner(busy);
    const refused = await failureOf(signUpOwner(busy));
    expect(refused).toMatchObject({ status: 429, message: 'Too many sign-ups from this address. Please try again in 60 minutes.' });
    expect(Number(busy.headers.at(-1)?.['retry-after'])).toBeGreaterThan(59 * 60);
    await expect(signUpOwner(from(freshIp(), { signInLimits: limits }))).resolves.toMatchObject({ role: 'STORE_OWNER' });
  });
});

describe('password change', () => {
  it('counts a wrong current password as a failed sign-in of the account from that address', async () => {
    const limits = { ...DEFAULT_SIGN_IN_LIMITS, failuresPerAccountAddress: 3 };
    const ip = freshIp();
    const caller = from(ip, { signInLimits: limits });
    const owner = await signUpOwner(caller);
    const change = (currentPassword: string) => caller.as(owner).auth.password({ currentPassword, newPassword: 'a new secret!', confirmPassword: 'a new secret!' });
    for (let i = 0; i < 3; i++) expect(await failureOf(change('wrong one!'))).toMatchObject({ status: 400, message: 'Current password is incorrect' });
    expect(await failureOf(change(owner.password))).toMatchObject({ status: 429 });
    expect(caller.headers.at(-1)?.['retry-after']).toBeDefined();
    // The same pair is locked for login too; the password is unchanged.
    expect(await failureOf(caller.call().auth.login({ usernameOrEmail: owner.username, password: owner.password }))).toMatchObject({ status: 429 });
    await expect(loginAs(from(freshIp()), { usernameOrEmail: owner.username, password: owner.password })).resolves.toMatchObject({ userId: owner.userId });
  });
});

describe('password hashes', () => {
  it('use scrypt with N = 2^17 by default, and the dummy hash names the same cost', () => {
    expect(DEFAULT_API_CONFIG.scryptCost).toBe(2 ** 17);
    expect(dummyPasswordHash(DEFAULT_API_CONFIG.scryptCost)).toMatch(/^scrypt\$131072\$8\$1\$/);
  });

  it('hash and verify at N = 2^17 (the memory limit follows the cost)', async () => {
    const stored = await hashPassword('correct horse', 2 ** 17);
    expect(stored).toMatch(/^scrypt\$131072\$8\$1\$/);
    expect(await verifyPassword('correct horse', stored)).toBe(true);
    expect(await verifyPassword('wrong horse', stored)).toBe(false);
  });

  it('still verify a hash of a lower cost, and a login rehashes it at the configured cost', async () => {
    const owner = await signUpOwner(h);
    await handle.db
      .updateTable('users')
      .set({ password_hash: await hashPassword(owner.password, 256) })
      .where('id', '=', BigInt(owner.userId))
      .execute();
    await expect(loginAs(h, { usernameOrEmail: owner.username, password: owner.password })).resolves.toMatchObject({ userId: owner.userId });
    const row = await handle.db.selectFrom('users').select('password_hash').where('id', '=', BigInt(owner.userId)).executeTakeFirstOrThrow();
    expect(row.password_hash).toMatch(new RegExp(`^scrypt\\$${h.config.scryptCost}\\$`));
    await expect(loginAs(h, { usernameOrEmail: owner.username, password: owner.password })).resolves.toMatchObject({ userId: owner.userId });
  });

  it('refuse a stored hash that names an absurd cost instead of trying it', async () => {
    expect(await verifyPassword('x', `scrypt$${2 ** 30}$8$1$AAAA$AAAA`)).toBe(false);
    expect(await verifyPassword('x', 'scrypt$1000$8$1$AAAA$AAAA')).toBe(false);
  });
});

describe('bounded password hashing', () => {
  it('runs at most `concurrency` hashes at once, queues the next, and answers 503 when the queue is full', async () => {
    const gate = new HashGate(2, 2);
    let running = 0;
    let most = 0;
    const releases: (() => void)[] = [];
    const work = () =>
      gate.run(async () => {
        running++;
        most = Math.max(most, running);
        await new Promise<void>((resolve) => releases.push(resolve));
        running--;
      });
    const accepted = [work(), work(), work(), work()];
    await expect(work()).rejects.toMatchObject({ code: 'SERVICE_UNAVAILABLE', message: HASHING_BUSY_MESSAGE });
    expect(gate.busy).toEqual({ active: 2, waiting: 2 });
    while (releases.length > 0 || running > 0) {
      releases.shift()?.();
      await new Promise((resolve) => setImmediate(resolve));
    }
    await Promise.all(accepted);
    expect(most).toBe(2);
    expect(gate.busy).toEqual({ active: 0, waiting: 0 });
  });

  it('answers logins beyond the queue with 503 and a clear message, and counts none of them as failures', async () => {
    const ip = freshIp();
    const crowd = from(ip, { passwordHashing: { concurrency: 1, queue: 2 } });
    const owner = await signUpOwner(h);
    // Other sign-ins hold the one slot and fill the queue.
    const gate = hashGateFor(crowd.config);
    const releases: (() => void)[] = [];
    const held = Array.from({ length: 3 }, () => gate.run(() => new Promise<void>((resolve) => releases.push(resolve))));
    expect(gate.busy).toEqual({ active: 1, waiting: 2 });
    const outcomes = await Promise.allSettled(Array.from({ length: 4 }, () => crowd.call().auth.login({ usernameOrEmail: owner.username, password: owner.password })));
    for (const o of outcomes) expect(o).toMatchObject({ status: 'rejected', reason: { code: 'SERVICE_UNAVAILABLE', message: HASHING_BUSY_MESSAGE } });
    expect(crowd.headers).toContainEqual({ 'retry-after': '1' });
    while (releases.length > 0 || gate.busy.active > 0) {
      releases.shift()?.();
      await new Promise((resolve) => setImmediate(resolve));
    }
    await Promise.all(held);
    // Once the others are done, the same sign-in goes through.
    await crowd.call().auth.login({ usernameOrEmail: owner.username, password: owner.password });
    const left = await handle.db.selectFrom('auth_attempts').select('id').where('address', '=', ip).execute();
    expect(left).toEqual([]);
  });
});

describe('pruning', () => {
  it('deletes attempts older than every window and sessions that expired, on a later sign-in', async () => {
    const owner = await signUpOwner(h);
    const stale = await loginAs(h, { usernameOrEmail: owner.username, password: owner.password });
    const ip = freshIp();
    const caller = from(ip, { pruneIntervalMs: 0 });
    await failureOf(caller.call().auth.login(wrong(owner)));
    await handle.db.updateTable('auth_attempts').set({ attempted_at: sql`now() - interval '2 hours'` } as never).where('address', '=', ip).execute();
    await handle.db.updateTable('sessions').set({ expires_at: new Date(Date.now() - 60_000) }).where('user_id', '=', BigInt(owner.userId)).execute();
    const fresh = await failureOf(caller.call().auth.login(wrong(owner)));
    expect(fresh.status).toBe(401);
    const attempts = await handle.db.selectFrom('auth_attempts').select(['id', 'attempted_at']).where('address', '=', ip).execute();
    expect(attempts).toHaveLength(1);
    const sessions = await handle.db.selectFrom('sessions').select('id').where('user_id', '=', BigInt(owner.userId)).execute();
    expect(sessions).toEqual([]);
    expect(await failureOf(h.as(stale).staff.list())).toMatchObject({ status: 401 });
  });
});
