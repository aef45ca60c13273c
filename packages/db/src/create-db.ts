/**
 * createDb(): PostgreSQL through pg when a URL is given, else PGlite (embedded, in a data
 * folder or in memory) through our own dialect. Both parse int8 as bigint, so money and
 * ids never pass through a float.
 */
import { PGlite } from '@electric-sql/pglite';
import { btree_gin } from '@electric-sql/pglite/contrib/btree_gin';
import { pg_trgm } from '@electric-sql/pglite/contrib/pg_trgm';
import { Kysely, PostgresDialect, type LogConfig } from 'kysely';
import pg from 'pg';
import { PGliteDialect } from './pglite-dialect';
import type { Database } from './schema';

const INT8_OID = 20;
export const DEFAULT_CONNECT_TIMEOUT_MS = 5_000;
export const DEFAULT_POOL_WAIT_MS = 30_000;
export const DEFAULT_STATEMENT_TIMEOUT_MS = 30_000;

/**
 * Settings of every connection the product opens, sent when it connects (no round trip
 * per call). No parallel workers: the product's statements are short (a till's lookup, a
 * page, a statement, a report of a few hundred summed rows), and starting workers and
 * gathering their rows costs more than the work itself, worst when every core is busy
 * with other calls; a parallel plan of the common-word lookup ran 5-50 times slower than
 * the same walk in one process. docs/PERFORMANCE.md, Query plans.
 */
export const SESSION_SETTINGS = '-c max_parallel_workers_per_gather=0';

export type DbKind = 'postgres' | 'pglite';

export interface DbHandle {
  db: Kysely<Database>;
  kind: DbKind;
  close(): Promise<void>;
}

export interface CreateDbOptions {
  /** A postgres:// URL; when absent the embedded database is used. */
  url?: string | undefined;
  /** PGlite data folder (default ./data); 'memory://' keeps it in memory. */
  dataDir?: string | undefined;
  /** A PGlite data dump (from dumpDataDir) to start from, for fast test databases. */
  loadDataDir?: Blob | File | undefined;
  /** pg pool size. */
  poolSize?: number | undefined;
  /** pg: how long opening a connection to the server may take before failing. */
  connectTimeoutMs?: number | undefined;
  /** pg: how long a call may wait for a free connection of the pool (busy, not away) before failing. */
  poolWaitMs?: number | undefined;
  /** pg: longest a statement may run (0: no limit); the client gives up a little later in case the server vanished. */
  statementTimeoutMs?: number | undefined;
  /** Kysely's query log (the benchmarks record the SQL a call runs). */
  log?: LogConfig | undefined;
}

export async function createPglite(options: { dataDir?: string | undefined; loadDataDir?: Blob | File | undefined }): Promise<PGlite> {
  return PGlite.create({
    dataDir: options.dataDir ?? './data',
    extensions: { pg_trgm, btree_gin },
    parsers: { [INT8_OID]: (value: string) => BigInt(value) },
    ...(options.loadDataDir ? { loadDataDir: options.loadDataDir } : {}),
  });
}

export async function createDb(options: CreateDbOptions = {}): Promise<DbHandle> {
  if (options.url) {
    const statementTimeoutMs = options.statementTimeoutMs ?? DEFAULT_STATEMENT_TIMEOUT_MS;
    // A database that is away fails each call within these limits instead of leaving it
    // waiting: refused connections fail at once, a connection the server does not accept
    // within connectTimeoutMs fails then, and a statement is cancelled by the server (and
    // given up by the client) when it runs too long. A busy pool is another matter: a
    // call may wait longer (poolWaitMs) for one of its connections to come free.
    const connectTimeoutMs = options.connectTimeoutMs ?? DEFAULT_CONNECT_TIMEOUT_MS;
    class Client extends pg.Client {
      constructor(config?: pg.ClientConfig) {
        super({ ...config, connectionTimeoutMillis: connectTimeoutMs });
      }
    }
    const pool = new pg.Pool({
      Client,
      connectionString: options.url,
      options: SESSION_SETTINGS,
      max: options.poolSize ?? 10,
      connectionTimeoutMillis: Math.max(options.poolWaitMs ?? DEFAULT_POOL_WAIT_MS, connectTimeoutMs),
      keepAlive: true,
      ...(statementTimeoutMs > 0 ? { statement_timeout: statementTimeoutMs, query_timeout: statementTimeoutMs + 5_000 } : {}),
      types: {
        getTypeParser: ((oid: number, format?: 'text' | 'binary') =>
          oid === INT8_OID ? (value: string) => BigInt(value) : (pg.types.getTypeParser(oid, format) as (value: string) => unknown)) as typeof pg.types.getTypeParser,
      },
    });
    // A connection the server drops (a crash, a restart, an admin command) must not crash
    // the process. An idle one is reported to the pool, which discards it; one that is
    // checked out between two statements reports to no one unless it has a listener of
    // its own: its next statement then fails (a 503) and the pool discards it on release.
    pool.on('error', () => {});
    pool.on('connect', (client) => client.on('error', () => {}));
    const db = new Kysely<Database>({ dialect: new PostgresDialect({ pool }), ...(options.log ? { log: options.log } : {}) });
    return { db, kind: 'postgres', close: () => db.destroy() };
  }
  const pglite = await createPglite({ dataDir: options.dataDir, loadDataDir: options.loadDataDir });
  const db = new Kysely<Database>({ dialect: new PGliteDialect(pglite), ...(options.log ? { log: options.log } : {}) });
  return { db, kind: 'pglite', close: () => db.destroy() };
}
