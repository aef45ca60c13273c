/**
 * The server side of the load test, run as its own process: the product (buildApp on
 * DATABASE_URL) and the baseline, with the fixture (tokens, a pool of draft lines, the
 * lookups) and the SQL recordings the baseline replays. Writes the fixture to the file
 * named by FIXTURE_FILE and serves until killed.
 */
import { writeFile } from 'node:fs/promises';
import { createDb, migrateToLatest } from '@pos/db';
import { buildApp } from '../apps/server/src/app';
import { startBaseline } from './baseline';
import { prepareLoad } from './fixture';
import { BENCH_SCRYPT_COST, DEFAULT_BENCH_URL, removeLoadLeftovers } from './generate';
import { createRecorder } from './record';

const url = process.env.DATABASE_URL ?? DEFAULT_BENCH_URL;
const appPort = Number(process.env.APP_PORT ?? 3101);
const basePort = Number(process.env.BASE_PORT ?? 3102);

async function main() {
  const handle = await createDb({ url, poolSize: 20 });
  // As the server does at start-up (apps/server/src/main.ts): a data set generated before
  // the latest migrations (`--skip-generate`) is measured with today's schema and indexes.
  await migrateToLatest(handle.db);
  await removeLoadLeftovers(url);
  const app = await buildApp({ db: handle.db, api: { scryptCost: BENCH_SCRYPT_COST }, webDist: null, logger: false });
  await app.listen({ port: appPort, host: '127.0.0.1' });

  const recorder = await createRecorder(url);
  const { fixture, routes } = await prepareLoad(handle.db, recorder);
  await recorder.handle.close();
  await startBaseline(url, routes, basePort);
  await writeFile(process.env.FIXTURE_FILE ?? 'bench-fixture.json', JSON.stringify({ fixture, statements: Object.fromEntries(routes.map((r) => [r.name, r.recordings[0]])) }, (_k, v: unknown) => (typeof v === 'bigint' ? v.toString() : v)));
  console.log('ready');
}

main().catch((error) => {
  console.error(error);
  process.exit(1);
});
