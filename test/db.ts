/**
 * createTestDb(): a fresh, migrated database for one test file (see global-setup.ts).
 */
import { readFile } from 'node:fs/promises';
import { randomBytes } from 'node:crypto';
import pg from 'pg';
import { inject } from 'vitest';
import { createDb, type CreateDbOptions, type DbHandle } from '@pos/db';
import './provided';

/** `options.log`: Kysely's query log (a test that records the SQL a call runs). */
export async function createTestDb(options: Pick<CreateDbOptions, 'log'> = {}): Promise<DbHandle> {
  const config = inject('testDb');
  if (config.kind === 'pglite') {
    const dump = await readFile(config.dumpPath);
    return createDb({ dataDir: 'memory://', loadDataDir: new Blob([dump]), ...options });
  }
  const [, , templatePid] = config.template.split('_');
  const name = `pos_t_${templatePid}_${randomBytes(4).toString('hex')}`;
  const admin = new pg.Client({ connectionString: config.url });
  await admin.connect();
  await admin.query(`create database ${name} template ${config.template}`);
  // A commit returns without waiting for its WAL to reach the disk: the same atomicity,
  // isolation and visibility, only a crash of PostgreSQL could lose the last commits,
  // and no test crashes it. A flush per commit was the largest wait of many tests.
  await admin.query(`alter database ${name} set synchronous_commit = off`);
  await admin.end();
  const url = new URL(config.url);
  url.pathname = `/${name}`;
  const handle = await createDb({ url: url.toString(), poolSize: 20, ...options });
  return {
    ...handle,
    async close() {
      await handle.close();
      const cleanup = new pg.Client({ connectionString: config.url });
      await cleanup.connect();
      await cleanup.query(`drop database if exists ${name} with (force)`);
      await cleanup.end();
    },
  };
}
