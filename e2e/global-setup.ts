/**
 * Starts the real server in-process for the browser specs: a fresh database (a new
 * PostgreSQL database on TEST_DATABASE_URL's server, dropped afterwards, else PGlite in
 * memory), migrated, with the first administrator, serving the built web app on a free
 * port; and one Chromium per worker for the whole run (each spec file opens its own
 * context in its worker's, e2e/support/browser.ts). A Chromium is never shared by two
 * workers: a DevTools connection answers the dialogs of every page it sees, so one
 * worker's connection would dismiss the confirm() of another worker's page. Specs read
 * the address, the administrator and the browsers' endpoints through inject().
 *
 * Every spec signs its own stores up from this one address, so the per-address sign-up
 * limit is lifted here (the limit itself is proved by the integration tests).
 * Passwords are hashed at a low scrypt cost here so sign-ins cost microseconds;
 * apps/server/test/production-hashing.test.ts proves a server started without
 * SCRYPT_COST hashes at the production cost.
 */
import { existsSync } from 'node:fs';
import { fileURLToPath } from 'node:url';
import pg from 'pg';
import { chromium, type Browser } from 'playwright-core';
import type { TestProject } from 'vitest/node';
import { createDb, migrateToLatest } from '@pos/db';
import { DEFAULT_SIGN_IN_LIMITS, ensureAdmin } from '@pos/api';
import { buildApp } from '../apps/server/src/app';
import { freePort } from '../apps/server/test/support/postgres';
import { CHROMIUM_ARGS, chromiumPath } from './support/chromium-path';

export interface E2eAdmin {
  username: string;
  email: string;
  password: string;
}

declare module 'vitest' {
  export interface ProvidedContext {
    baseURL: string;
    admin: E2eAdmin;
    /** Each worker's Chromium's DevTools address (playwright's chromium.connectOverCDP), by pool id. */
    browserEndpoints: string[];
  }
}

const ADMIN: E2eAdmin = { username: 'admin', email: 'admin@example.com', password: 'adminpass123' };
const SCRYPT_COST = 1024;

export default async function setup(project: TestProject) {
  chromiumPath(); // fail at once, before a database is made, when Chromium is missing

  // E2E_WEB_DIST lets engineers building in parallel each test their own build.
  const webDist = process.env.E2E_WEB_DIST ?? fileURLToPath(new URL('../apps/web/dist', import.meta.url));
  if (!existsSync(`${webDist}/index.html`)) {
    throw new Error(`The web app is not built (${webDist}/index.html is missing): run npm run build -w @pos/web, or npm run test:e2e`);
  }

  const database = await openDatabase();
  const app = await buildApp({
    db: database.handle.db,
    webDist,
    api: { scryptCost: SCRYPT_COST, signInLimits: { ...DEFAULT_SIGN_IN_LIMITS, signupsPerAddress: 100_000 } },
  });
  const browsers: Browser[] = [];
  const browserEndpoints: string[] = [];
  try {
    await migrateToLatest(database.handle.db);
    await ensureAdmin(database.handle.db, ADMIN, SCRYPT_COST);
    await app.listen({ port: 0, host: '127.0.0.1' });
    // Reached over the DevTools protocol: a playwright-server connection would refuse a
    // download's path(), and the specs read downloaded files from disk.
    const workers = Math.max(1, Number(project.config.maxWorkers) || 1);
    for (let i = 0; i < workers; i++) {
      const port = await freePort();
      browsers.push(await chromium.launch({ executablePath: chromiumPath(), headless: true, args: [...CHROMIUM_ARGS, `--remote-debugging-port=${port}`] }));
      browserEndpoints.push(`http://127.0.0.1:${port}`);
    }
  } catch (error) {
    await Promise.all(browsers.map((b) => b.close()));
    await app.close();
    await database.close();
    throw error;
  }
  const address = app.server.address();
  if (address === null || typeof address === 'string') throw new Error('The e2e server has no TCP address');

  project.provide('baseURL', `http://127.0.0.1:${address.port}`);
  project.provide('admin', ADMIN);
  project.provide('browserEndpoints', browserEndpoints);

  return async () => {
    await Promise.all(browsers.map((b) => b.close()));
    await app.close();
    await database.close();
  };
}

async function openDatabase() {
  const url = process.env.TEST_DATABASE_URL;
  if (!url) {
    const handle = await createDb({ dataDir: 'memory://' });
    return { handle, close: () => handle.close() };
  }
  const name = `pos_e2e_${process.pid}`;
  const admin = new pg.Client({ connectionString: url });
  await admin.connect();
  try {
    await admin.query(`drop database if exists ${name} with (force)`);
    await admin.query(`create database ${name}`);
    // Commits do not wait for their WAL to reach the disk (test/db.ts says why that is safe).
    await admin.query(`alter database ${name} set synchronous_commit = off`);
  } finally {
    await admin.end();
  }
  const target = new URL(url);
  target.pathname = `/${name}`;
  const handle = await createDb({ url: target.toString(), poolSize: 10 });
  return {
    handle,
    async close() {
      await handle.close();
      const cleanup = new pg.Client({ connectionString: url });
      await cleanup.connect();
      try {
        await cleanup.query(`drop database if exists ${name} with (force)`);
      } finally {
        await cleanup.end();
      }
    },
  };
}
