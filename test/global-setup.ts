/**
 * Integration tests run on a real database: PostgreSQL when TEST_DATABASE_URL is set,
 * else PGlite. Here one template is migrated once per run; each test file then gets its
 * own copy (a PostgreSQL database created from the template, or a PGlite loaded from
 * the template's dump), so files never see each other's rows.
 */
import { writeFile } from 'node:fs/promises';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import pg from 'pg';
import type { TestProject } from 'vitest/node';
import { createDb, migratedPgliteImage, migrateToLatest } from '@pos/db';
import './provided';


export default async function setup(project: TestProject) {
  const url = process.env.TEST_DATABASE_URL;
  if (!url && process.env.CI === 'true') throw new Error('CI=true needs TEST_DATABASE_URL: integration tests must run on PostgreSQL');
  if (url) {
    const template = `pos_template_${process.pid}`;
    const admin = new pg.Client({ connectionString: url });
    await admin.connect();
    await dropStaleDatabases(admin);
    await admin.query(`create database ${template}`);
    const handle = await createDb({ url: withDatabase(url, template), poolSize: 1 });
    await migrateToLatest(handle.db);
    await handle.close();
    project.provide('testDb', { kind: 'postgres', url, template });
    return async () => {
      await dropStaleDatabases(admin, template);
      await admin.end();
    };
  }
  const dump = await migratedPgliteImage();
  const dumpPath = join(tmpdir(), `pos-test-template-${process.pid}.tar`);
  await writeFile(dumpPath, Buffer.from(await dump.arrayBuffer()));
  project.provide('testDb', { kind: 'pglite', dumpPath });
}

export function withDatabase(url: string, database: string): string {
  const u = new URL(url);
  u.pathname = `/${database}`;
  return u.toString();
}

/** Drops databases of this run (prefix given) or of runs whose process is gone. */
async function dropStaleDatabases(admin: pg.Client, onlyTemplate?: string) {
  const { rows } = await admin.query<{ datname: string }>(
    `select datname from pg_database where datname like 'pos_template_%' or datname like 'pos_t_%'`,
  );
  for (const { datname } of rows) {
    const pid = Number(datname.split('_')[2]);
    const mine = onlyTemplate ? pid === process.pid : !isAlive(pid);
    if (mine) await admin.query(`drop database if exists ${datname} with (force)`);
  }
}

function isAlive(pid: number): boolean {
  try {
    process.kill(pid, 0);
    return true;
  } catch {
    return false;
  }
}
