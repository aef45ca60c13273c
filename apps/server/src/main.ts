/**
 * The process: read the environment, open the database (PostgreSQL with DATABASE_URL,
 * else embedded PGlite in DATA_DIR), migrate, seed the first admin, listen, and close
 * cleanly on SIGINT/SIGTERM.
 */
import { mkdirSync } from 'node:fs';
import { createDb, migrateToLatest } from '@pos/db';
import { ensureAdmin } from '@pos/api';
import { buildApp } from './app';
import { readEnv } from './config';

async function main() {
  const env = readEnv();
  if (!env.databaseUrl) mkdirSync(env.dataDir, { recursive: true });
  const handle = await createDb({ url: env.databaseUrl, dataDir: env.dataDir, ...env.database });
  const applied = await migrateToLatest(handle.db);
  const app = await buildApp({
    db: handle.db,
    api: env.api,
    trustProxy: env.trustProxy,
    maxBatchSize: env.maxBatchSize,
    webDist: env.webDist,
    logger: { level: process.env.LOG_LEVEL ?? 'info' },
  });
  app.log.info({ database: handle.kind, applied }, 'database ready');
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
}

main().catch((error) => {
  console.error(error);
  process.exit(1);
});
