/**
 * The pg pool's time limits: a server that never answers fails a call within the
 * connect timeout (never a hang), while a busy pool lets a call wait longer for a free
 * connection; a statement past its time limit is cancelled.
 */
import { createServer, type Server, type Socket } from 'node:net';
import { afterAll, describe, expect, it } from 'vitest';
import { inject } from 'vitest';
import { sql } from 'kysely';
import { isDatabaseUnavailable } from '@pos/api';
import { createDb } from '@pos/db';
import '../../../test/provided';

const sockets: Socket[] = [];
let silent: Server | undefined;
afterAll(() => {
  sockets.forEach((s) => s.destroy());
  silent?.close();
});

/** A TCP server that accepts connections and never says a word. */
async function silentServer(): Promise<number> {
  silent = createServer((socket) => void sockets.push(socket));
  await new Promise<void>((resolve) => silent!.listen(0, '127.0.0.1', resolve));
  return (silent.address() as { port: number }).port;
}

describe('a database server that does not answer', () => {
  it('fails a call within the connect timeout, as a database that is away', async () => {
    const port = await silentServer();
    const handle = await createDb({ url: `postgres://nobody@127.0.0.1:${port}/none`, connectTimeoutMs: 300, poolWaitMs: 10_000 });
    const started = Date.now();
    const error = await sql`select 1`.execute(handle.db).then(
      () => null,
      (e: unknown) => e,
    );
    const took = Date.now() - started;
    await handle.close();
    expect(isDatabaseUnavailable(error)).toBe(true);
    expect(took).toBeLessThan(5_000);
  });
});

const testDb = inject('testDb');

describe.skipIf(testDb.kind !== 'postgres')('a busy pool on PostgreSQL', () => {
  const url = testDb.kind === 'postgres' ? testDb.url : '';

  it('lets a call wait for a free connection longer than the connect timeout', async () => {
    const handle = await createDb({ url, poolSize: 1, connectTimeoutMs: 200, poolWaitMs: 10_000 });
    try {
      const busy = sql`select pg_sleep(0.8)`.execute(handle.db);
      const waiting = sql<{ one: number }>`select 1 as one`.execute(handle.db);
      await busy;
      await expect(waiting).resolves.toMatchObject({ rows: [{ one: 1 }] });
    } finally {
      await handle.close();
    }
  });

  it('cancels a statement past its time limit, as a 503 the caller may retry', async () => {
    const handle = await createDb({ url, poolSize: 1, statementTimeoutMs: 200 });
    try {
      const error = await sql`select pg_sleep(2)`.execute(handle.db).then(
        () => null,
        (e: unknown) => e,
      );
      expect(error).toMatchObject({ code: '57014' });
      expect(isDatabaseUnavailable(error)).toBe(true);
    } finally {
      await handle.close();
    }
  });
});
