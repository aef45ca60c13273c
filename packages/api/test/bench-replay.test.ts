/**
 * The bench's baseline replays the SQL a call ran (bench/baseline.ts). A sign-in records
 * a pending attempt and deletes it by the id its insert returned; on a fresh database that
 * id is one digit, and a replay that kept the recorded id deleted nothing, leaving an
 * attempt per call until every sign-in after it was refused (429). Here a recorded sign-in
 * is replayed on a fresh database and must leave no attempt behind; and a slice with more
 * than 1 % of answers not 200 stops the run.
 */
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { CompiledQuery, sql } from 'kysely';
import { ensureAdmin } from '@pos/api';
import { createTestDb } from '../../../test/db';
import { createApiHarness, signUpOwner } from '../../../test/factories';
import { replay } from '../../../bench/baseline';
import { assertAnswered } from '../../../bench/answers';
import { BENCH_SCRYPT_COST } from '../../../bench/generate';
import { createRecorder, type Recorder } from '../../../bench/record';
import { hashPassword } from '../src/features/auth/tokens';

const SEED = { username: 'replayer', email: 'replayer@example.test', password: 'replay password 1' };
let recorder: Recorder;

beforeAll(async () => {
  recorder = await createRecorder((log) => createTestDb({ log }));
  await ensureAdmin(recorder.handle.db, SEED, BENCH_SCRYPT_COST);
});
afterAll(async () => {
  await recorder.handle.close();
});

const pendingAttempts = async () =>
  (await recorder.handle.db.selectFrom('auth_attempts').select((eb) => eb.fn.countAll<bigint>().as('n')).executeTakeFirstOrThrow()).n;

describe('the baseline replay of a sign-in', () => {
  it('deletes the attempt it made, though the recorded attempt id is one digit', async () => {
    const { statements } = await recorder.record((c) => c.auth.login({ usernameOrEmail: SEED.username, password: SEED.password }));
    const insert = statements.find((s) => /insert into "auth_attempts"/.test(s.sql));
    expect(String(insert?.firstRow?.id).length).toBeLessThan(3);
    expect(Number(await pendingAttempts())).toBe(0);
    const db = recorder.handle.db;
    for (let i = 0; i < 3; i++) {
      await db.transaction().execute((trx) => replay((text, params) => trx.executeQuery(CompiledQuery.raw(text, params)), statements, new Map()));
      expect(Number(await pendingAttempts())).toBe(0);
    }
  });

  it("chains the attempt's id apart from a user of the same number", async () => {
    // A user numbered 500 signs in as attempt 500: the replay's fresh attempt id must
    // replace 500 in the attempt's own statements only, not in the user's session or roles.
    const db = recorder.handle.db;
    await sql`select setval(pg_get_serial_sequence('users', 'id'), 499)`.execute(db);
    await sql`select setval(pg_get_serial_sequence('auth_attempts', 'id'), 499)`.execute(db);
    const hash = await hashPassword('twin password 1', BENCH_SCRYPT_COST);
    const user = await db.insertInto('users').values({ username: 'twin', email: 'twin@example.test', password_hash: hash }).returning('id').executeTakeFirstOrThrow();
    expect(user.id).toBe(500n);
    const { statements } = await recorder.record((c) => c.auth.login({ usernameOrEmail: 'twin', password: 'twin password 1' }));
    const insert = statements.find((s) => /insert into "auth_attempts"/.test(s.sql));
    expect(String(insert?.firstRow?.id)).toBe('500');
    const sessions = async () => Number((await db.selectFrom('sessions').select((eb) => eb.fn.countAll<bigint>().as('n')).where('user_id', '=', 500n).executeTakeFirstOrThrow()).n);
    const before = await sessions();
    for (let i = 1; i <= 3; i++) {
      await db.transaction().execute((trx) => replay((text, params) => trx.executeQuery(CompiledQuery.raw(text, params)), statements, new Map()));
      expect(Number(await pendingAttempts())).toBe(0);
      expect(await sessions()).toBe(before + i);
    }
  });
});

describe('the baseline replay of a dashboard', () => {
  it('runs at once the counters the product reads at once, each on a connection of its own', async () => {
    const h = createApiHarness(recorder.handle.db);
    const owner = await signUpOwner(h);
    const identity = { token: owner.token, storeId: owner.storeId, role: 'STORE_OWNER' };
    const { result, statements } = await recorder.record((c) => c.dashboard.storeAccountant(), identity);
    expect(result.success).toBe(true);
    // The session's check, then the month's sales beside the ledger's counters.
    const counters = statements.filter((s) => /\bfrom orders\b|ledger_store_totals/.test(s.sql));
    expect(counters).toHaveLength(2);
    expect(counters[0]!.together).toBeDefined();
    expect(counters[1]!.together).toBe(counters[0]!.together);
    const session = statements.find((s) => /\bfrom sessions\b/.test(s.sql))!;
    expect(session.together).not.toBe(counters[0]!.together);

    // Run at once (the second on a connection of its own), the replay answers what it answers one after another.
    const db = recorder.handle.db;
    const run = (text: string, params: unknown[]) => db.executeQuery(CompiledQuery.raw(text, params));
    const started: string[] = [];
    const aside = (text: string, params: unknown[]) => (started.push(text), run(text, params));
    expect(await replay(run, statements, new Map(), aside)).toEqual(await replay(run, statements, new Map()));
    expect(started).toEqual([counters[1]!.sql]);
  });

  it('runs a transaction\'s statements one after another', async () => {
    const { statements } = await recorder.record((c) => c.auth.login({ usernameOrEmail: SEED.username, password: SEED.password }));
    const inside = statements.slice(statements.findIndex((s) => /^begin/i.test(s.sql)) + 1, statements.findIndex((s) => /^commit/i.test(s.sql)));
    expect(inside.length).toBeGreaterThan(0);
    expect(inside.every((s) => s.together === undefined)).toBe(true);
  });
});

describe('a measured slice', () => {
  it('stops the run when more than 1 % of its answers are not 200', () => {
    expect(() => assertAnswered('login rest c=1', { requests: 1000, errors: 0, non2xx: 10 })).not.toThrow();
    expect(() => assertAnswered('login rest c=1', { requests: 1000, errors: 3, non2xx: 8 })).toThrow(/login rest c=1: 11 of 1000 answers were not 200/);
    expect(() => assertAnswered('x', { requests: 0, errors: 1, non2xx: 0 })).toThrow();
  });
});
