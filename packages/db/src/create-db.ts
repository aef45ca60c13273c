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
    const pool = new pg.Pool({
      connectionString: options.url,
      max: options.poolSize ?? 10,
      types: {
        getTypeParser: ((oid: number, format?: 'text' | 'binary') =>
          oid === INT8_OID ? (value: string) => BigInt(value) : pg.types.getTypeParser(oid, format)) as typeof pg.types.getTypeParser,
      },
    });
    // An idle client dropped by the server (restart, admin command) must not crash the
    // process: the pool replaces it on the next checkout.
    pool.on('error', () => {});
    const db = new Kysely<Database>({ dialect: new PostgresDialect({ pool }), ...(options.log ? { log: options.log } : {}) });
    return { db, kind: 'postgres', close: () => db.destroy() };
  }
  const pglite = await createPglite({ dataDir: options.dataDir, loadDataDir: options.loadDataDir });
  const db = new Kysely<Database>({ dialect: new PGliteDialect(pglite), ...(options.log ? { log: options.log } : {}) });
  return { db, kind: 'pglite', close: () => db.destroy() };
}
