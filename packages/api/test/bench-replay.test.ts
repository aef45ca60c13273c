/**
 * The bench's baseline replays the SQL a call ran (bench/baseline.ts). A sign-in records
 * a pending attempt and deletes it by the id its insert returned; on a fresh database that
 * id is one digit, and a replay that kept the recorded id deleted nothing, leaving an
 * attempt per call until every sign-in after it was refused (429). Here a recorded sign-in
 * is replayed on a fresh database and must leave no attempt behind; and a slice with more
 * than 1 % of answers not 200 stops the run.
 */
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { CompiledQuery } from 'kysely';
import { ensureAdmin } from '@pos/api';
import { createTestDb } from '../../../test/db';
import { replay } from '../../../bench/baseline';
import { assertAnswered } from '../../../bench/answers';
import { BENCH_SCRYPT_COST } from '../../../bench/generate';
import { createRecorder, type Recorder } from '../../../bench/record';

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
});

describe('a measured slice', () => {
  it('stops the run when more than 1 % of its answers are not 200', () => {
    expect(() => assertAnswered('login rest c=1', { requests: 1000, errors: 0, non2xx: 10 })).not.toThrow();
    expect(() => assertAnswered('login rest c=1', { requests: 1000, errors: 3, non2xx: 8 })).toThrow(/login rest c=1: 11 of 1000 answers were not 200/);
    expect(() => assertAnswered('x', { requests: 0, errors: 1, non2xx: 0 })).toThrow();
  });
});
