/**
 * The process: read the environment, open the database (PostgreSQL with DATABASE_URL,
 * else embedded PGlite in DATA_DIR), migrate, seed the first admin, listen, say
 * `Ready on <url>` in one line, and close cleanly on SIGINT/SIGTERM.
 *
 * A first start on an empty DATA_DIR copies the migrated empty database the build made
 * (dist/pglite-image.tar.gz) instead of creating and migrating one (docs/PERFORMANCE.md,
 * Start-up); run from the sources, or without that file, it creates one as before.
 */
import { existsSync, mkdirSync, readFileSync } from 'node:fs';
import { join } from 'node:path';
import { fileURLToPath } from 'node:url';
import { createDb, migrateToLatest } from '@pos/db';
import { ensureAdmin } from '@pos/api';
import { buildApp } from './app';
import { readEnv } from './config';

const IMAGE = fileURLToPath(new URL('./pglite-image.tar.gz', import.meta.url));

/** The build's empty database, when DATA_DIR holds no database yet and the build made one. */
function firstStartImage(dataDir: string): Blob | undefined {
  if (existsSync(join(dataDir, 'PG_VERSION')) || !existsSync(IMAGE)) return undefined;
  return new Blob([readFileSync(IMAGE)]);
}

/** Where a browser on this machine reaches the server. */
function readyUrl(host: string, port: number): string {
  const name = host === '0.0.0.0' || host === '::' || host === '127.0.0.1' ? 'localhost' : host.includes(':') ? `[${host}]` : host;
  return `http://${name}:${port}`;
}

async function main() {
  const env = readEnv();
  let loadDataDir: Blob | undefined;
  if (!env.databaseUrl) {
    mkdirSync(env.dataDir, { recursive: true });
    loadDataDir = firstStartImage(env.dataDir);
  }
  const handle = await createDb({ url: env.databaseUrl, dataDir: env.dataDir, loadDataDir, ...env.database });
  const applied = await migrateToLatest(handle.db);
  const app = await buildApp({
    db: handle.db,
    api: env.api,
    trustProxy: env.trustProxy,
    maxBatchSize: env.maxBatchSize,
    webDist: env.webDist,
    logger: { level: process.env.LOG_LEVEL ?? 'info' },
  });
  app.log.info({ database: handle.kind, fromImage: loadDataDir !== undefined, applied }, 'database ready');
  if (env.admin) {
    const outcome = await ensureAdmin(handle.db, env.admin, env.api.scryptCost);
    app.log.info({ admin: env.admin.username, outcome }, 'administrator');
  }

  let closing = false;
  const shutdown = async (signal: string) => {
    if (closing) return;
    closing = true;
    app.log.info({ signal }, 'shutting down');
    await app.close();
    await handle.close();
    process.exit(0);
  };
  process.on('SIGINT', () => void shutdown('SIGINT'));
  process.on('SIGTERM', () => void shutdown('SIGTERM'));

  await app.listen({ port: env.port, host: env.host });
  process.stdout.write(`Ready on ${readyUrl(env.host, env.port)}\n`);
}

main().catch((error) => {
  console.error(error);
  process.exit(1);
});
