/**
 * Starts the real server in-process for the browser specs: a fresh database (a new
 * PostgreSQL database on TEST_DATABASE_URL's server, dropped afterwards, else PGlite in
 * memory), migrated, with the first administrator, serving the built web app on a free
 * port; and one Chromium for the whole run (each spec file opens its own context in it,
 * e2e/support/browser.ts). Specs read the address, the administrator and the browser's
 * endpoint through inject().
 *
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
import { ensureAdmin } from '@pos/api';
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
    /** The shared Chromium's DevTools address (playwright's chromium.connectOverCDP). */
    browserEndpoint: string;
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
    api: { scryptCost: SCRYPT_COST },
  });
  let browser: Browser | undefined;
  let browserEndpoint = '';
  try {
    await migrateToLatest(database.handle.db);
    await ensureAdmin(database.handle.db, ADMIN, SCRYPT_COST);
    await app.listen({ port: 0, host: '127.0.0.1' });
    // Reached over the DevTools protocol: a playwright-server connection would refuse a
    // download's path(), and the specs read downloaded files from disk.
    const port = await freePort();
    browser = await chromium.launch({ executablePath: chromiumPath(), headless: true, args: [...CHROMIUM_ARGS, `--remote-debugging-port=${port}`] });
    browserEndpoint = `http://127.0.0.1:${port}`;
  } catch (error) {
    await browser?.close();
    await app.close();
    await database.close();
    throw error;
  }
  const address = app.server.address();
  if (address === null || typeof address === 'string') throw new Error('The e2e server has no TCP address');

  project.provide('baseURL', `http://127.0.0.1:${address.port}`);
  project.provide('admin', ADMIN);
  const chromiumBrowser = browser;
  project.provide('browserEndpoint', browserEndpoint);

  return async () => {
    await chromiumBrowser.close();
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
