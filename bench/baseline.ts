/**
 * The baseline: a bare Fastify server whose routes replay, through pg directly, the very
 * statements the product ran for the same call (see record.ts). No tRPC, no validation,
 * no query builder: only the database work and a JSON answer of every row it read, which
 * is what the hardware allows. Writes run in a transaction as the product's do; values
 * the product would get fresh (a new order id, a new session token hash) are chained
 * from the replay's own results instead of reusing the recorded ones.
 */
import { createHash, randomBytes } from 'node:crypto';
import Fastify from 'fastify';
import pg from 'pg';
import { SESSION_SETTINGS } from '@pos/db';
import type { Statement } from './record';
import { verifyPassword } from '../packages/api/src/features/auth/tokens';

export interface BaselineRoute {
  name: string;
  /** Recordings to choose from (one per pooled entity), picked by `pick` from the body. */
  recordings: Statement[][];
  /** Recordings carry the product's own begin/commit, so the replay needs none of its own. */
  /** Extra work the product does besides SQL (login verifies a password hash). */
  passwordHash?: string;
  password?: string;
  /** For a pick, values of the recording to replace (a submit's draft: each request submits another). */
  substitute?: (pick: number) => [recorded: string, now: unknown][];
}

const INT8_OID = 20;

/** Runs one statement and answers its rows (a pg client, or anything that runs SQL the same way). */
export type RunStatement = (text: string, params: unknown[]) => Promise<{ rows: unknown[] }>;

/**
 * Replays recorded statements in order through `run`: a session token hash is made
 * fresh, values in `fresh` replace the recorded ones, and a value the recording's first
 * row had that this run's first row answers differently (a new id) replaces it in the
 * statements after. A value of three characters or more is replaced wherever it comes,
 * unless the recording already had it before (a sign-in attempt numbered 120 in the
 * recording of user 120's sign-in). Such a value, and a shorter one (a fresh database's
 * first sign-in attempt is number 4), could be another row's number, so it is replaced
 * only when an insert returned it, in parameters of its own type, and only in statements
 * that name the table it was inserted into (the attempt's own look-ups and its delete,
 * not a user or store of the same number). Statements the product ran at once (the
 * same `together`: a dashboard's counters, each on a pool connection of its own) are run
 * at once, the first through `run` and the others through `aside` (a pool's own query,
 * a connection each), when given. Answers every statement's rows.
 */
export async function replay(run: RunStatement, statements: readonly Statement[], fresh: Map<string, unknown>, aside?: RunStatement): Promise<unknown[][]> {
  const read: unknown[][] = [];
  const inserted: { table: RegExp; typed: string; now: unknown }[] = [];
  const typed = (v: unknown) => `${typeof v}:${String(v)}`;
  /** Every value the recording had so far, in a parameter or a first row. */
  const seen = new Set<string>();
  const see = (v: unknown) => {
    if (typeof v === 'bigint' || typeof v === 'number' || typeof v === 'string') seen.add(String(v));
  };
  const paramsOf = (s: Statement) => {
    const own = inserted.filter((x) => x.table.test(s.sql));
    return s.params.map((p) => {
      if (typeof p === 'string' && /^[0-9a-f]{64}$/.test(p)) return createHash('sha256').update(randomBytes(32)).digest('hex');
      const key = typeof p === 'bigint' || typeof p === 'number' || typeof p === 'string' ? String(p) : null;
      if (key !== null && fresh.has(key)) return fresh.get(key);
      const made = own.find((x) => x.typed === typed(p));
      return made ? made.now : p;
    });
  };
  /** The answers of statements already run with the ones after them in their group. */
  const ahead = new Map<Statement, Promise<{ rows: unknown[] }>>();
  for (let i = 0; i < statements.length; i++) {
    const s = statements[i]!;
    let answer = ahead.get(s);
    if (!answer) {
      // The statement, and the ones after it the product ran at the same time.
      answer = run(s.sql, paramsOf(s));
      for (let j = i + 1; aside && s.together !== undefined && statements[j]?.together === s.together; j++) {
        const next = statements[j]!;
        const started = aside(next.sql, paramsOf(next));
        started.catch(() => undefined); // awaited in its turn, which throws
        ahead.set(next, started);
      }
    }
    const { rows } = await answer;
    const row = rows[0] as Record<string, unknown> | undefined;
    const into = /^\s*insert\s+into\s+"?(\w+)"?[\s\S]*\breturning\b/i.exec(s.sql)?.[1];
    s.params.forEach(see);
    if (row && s.firstRow) {
      for (const [column, recorded] of Object.entries(s.firstRow)) {
        const now = row[column];
        if ((typeof now === 'bigint' || typeof now === 'string' || typeof now === 'number' || now instanceof Date) && (typeof recorded === 'bigint' || typeof recorded === 'string') && String(now) !== String(recorded)) {
          if (String(recorded).length >= 3 && !seen.has(String(recorded))) fresh.set(String(recorded), now);
          else if (into) inserted.push({ table: new RegExp(`\\b"?${into}"?\\b`), typed: typed(recorded), now });
        }
      }
    }
    if (s.firstRow) Object.values(s.firstRow).forEach(see);
    read.push(rows);
  }
  return read;
}

/** A bare pg pool that reads int8 as bigint and sets what every connection sets, as the product does. */
export function bigintPool(url: string, max: number): pg.Pool {
  const pool = new pg.Pool({
    connectionString: url,
    options: SESSION_SETTINGS,
    max,
    types: { getTypeParser: ((oid: number, format?: 'text' | 'binary') => (oid === INT8_OID ? (v: string) => BigInt(v) : (pg.types.getTypeParser(oid, format) as (value: string) => unknown))) as typeof pg.types.getTypeParser },
  });
  pool.on('error', () => {});
  return pool;
}

/** The baseline's answer: every row read, as the product's answer carries what it read. */
export function answerOf(read: unknown[][]): string {
  return JSON.stringify({ success: true, read }, (_k, v: unknown) => (typeof v === 'bigint' ? v.toString() : v));
}

/** The baseline's Fastify app with a route per recording, not yet listening. */
export function buildBaseline(url: string, routes: BaselineRoute[]) {
  const pool = bigintPool(url, 20);
  const app = Fastify({ logger: false });
  for (const route of routes) {
    app.post(`/base/${route.name}`, async (req) => {
      const pick = Number((req.body as { pick?: number } | undefined)?.pick ?? 0);
      const statements = route.recordings[pick % route.recordings.length]!;
      if (route.passwordHash) await verifyPassword(route.password ?? '', route.passwordHash);
      const client = await pool.connect();
      try {
        return answerOf(await replay((text, params) => client.query(text, params), statements, new Map(route.substitute?.(pick)), (text, params) => pool.query(text, params)));
      } catch (error) {
        await client.query('rollback').catch(() => {});
        throw error;
      } finally {
        client.release();
      }
    });
  }
  return { app, close: async () => (await app.close(), await pool.end()) };
}

export async function startBaseline(url: string, routes: BaselineRoute[], port: number) {
  const baseline = buildBaseline(url, routes);
  await baseline.app.listen({ port, host: '127.0.0.1' });
  return baseline;
}
