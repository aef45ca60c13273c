/**
 * Two server processes (the real entry point, apps/server/src/main.ts, each on its own
 * port) on one PostgreSQL database: order numbers stay unique under 1,000 concurrent
 * /order/next spread across both, and a role revoked through one is refused at once by
 * the other. Both start together, so their migrations race as well.
 *
 * The database is a fresh one on the shared server (TEST_DATABASE_URL, else
 * 127.0.0.1:5432), dropped at the end; the processes are stopped even on failure.
 */
import { spawn, type ChildProcess } from 'node:child_process';
import { mkdtempSync, rmSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { fileURLToPath } from 'node:url';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { createFreshDatabase, freePort, sharedServerUrl, unavailableReason } from './support/postgres';

const missing = unavailableReason('server');
if (missing && process.env.CI !== 'true') console.warn(`scale-out.test.ts skipped: ${missing}`);

const REPO = fileURLToPath(new URL('../../../', import.meta.url));
const ORDERS = 1_000;

interface Server {
  port: number;
  child: ChildProcess;
  log: string[];
}

async function post(server: Server, path: string, body: object): Promise<{ status: number; body: Record<string, unknown> }> {
  const res = await fetch(`http://127.0.0.1:${server.port}/api/v1${path}`, {
    method: 'POST',
    headers: { 'content-type': 'application/json' },
    body: JSON.stringify(body),
  });
  return { status: res.status, body: (await res.json()) as Record<string, unknown> };
}

function startServer(databaseUrl: string, port: number, webDist: string): Server {
  const log: string[] = [];
  const child = spawn(process.execPath, ['--import', 'tsx', 'apps/server/src/main.ts'], {
    cwd: REPO,
    env: { ...process.env, DATABASE_URL: databaseUrl, PORT: String(port), HOST: '127.0.0.1', WEB_DIST: webDist, LOG_LEVEL: 'warn', SCRYPT_COST: '1024', DATABASE_POOL_SIZE: '10' },
    stdio: ['ignore', 'pipe', 'pipe'],
  });
  child.stdout?.on('data', (chunk: Buffer) => log.push(chunk.toString()));
  child.stderr?.on('data', (chunk: Buffer) => log.push(chunk.toString()));
  return { port, child, log };
}

async function healthy(server: Server, withinMs: number): Promise<void> {
  const until = Date.now() + withinMs;
  while (Date.now() < until) {
    if (server.child.exitCode !== null) throw new Error(`server on ${server.port} exited: ${server.log.join('')}`);
    const ok = await fetch(`http://127.0.0.1:${server.port}/health`).then(
      (r) => r.status === 200,
      () => false,
    );
    if (ok) return;
    await new Promise((r) => setTimeout(r, 200));
  }
  throw new Error(`server on ${server.port} not healthy within ${withinMs} ms: ${server.log.join('')}`);
}

async function stopServer(server: Server): Promise<void> {
  if (server.child.exitCode !== null || server.child.signalCode !== null) return;
  const exited = new Promise((resolve) => server.child.once('exit', resolve));
  server.child.kill('SIGTERM');
  const timer = setTimeout(() => server.child.kill('SIGKILL'), 10_000);
  await exited;
  clearTimeout(timer);
}

describe.skipIf(missing !== null && process.env.CI !== 'true')('two server processes on one database', () => {
  const servers: Server[] = [];
  let drop: (() => Promise<void>) | undefined;
  let webDist: string | undefined;
  const killAll = () => servers.forEach((s) => s.child.exitCode === null && s.child.kill('SIGKILL'));

  beforeAll(async () => {
    if (missing) throw new Error(`PostgreSQL is needed under CI: ${missing}`);
    process.once('exit', killAll);
    const database = await createFreshDatabase(sharedServerUrl(), 'pos_scale');
    drop = database.drop;
    webDist = mkdtempSync(join(tmpdir(), 'pos-noweb-'));
    const ports = [await freePort(), await freePort()];
    for (const port of ports) servers.push(startServer(database.url, port, webDist));
    await Promise.all(servers.map((s) => healthy(s, 60_000)));
  }, 90_000);

  afterAll(async () => {
    await Promise.all(servers.map(stopServer));
    process.removeListener('exit', killAll);
    await drop?.();
    if (webDist) rmSync(webDist, { recursive: true, force: true });
  }, 60_000);

  it(
    'hands out 1,000 distinct order numbers to 1,000 concurrent /order/next across both',
    async () => {
      const [a, b] = servers as [Server, Server];
      const signup = await post(a, '/signup', { username: 'scaleowner', email: 'scale@example.test', password: 'long enough', storeName: 'Scale Store' });
      expect(signup.status).toBe(200);
      const storeId = (signup.body.roles as { storeId: number }[])[0]!.storeId;
      const identity = { tokenString: signup.body.token as string, storeId, role: 'STORE_OWNER' };

      const answers = await Promise.all(Array.from({ length: ORDERS }, (_, i) => post(i % 2 ? b : a, '/order/next', identity)));
      const failures = answers.filter((r) => r.status !== 200);
      expect(failures.map((f) => `${f.status} ${JSON.stringify(f.body)}`).slice(0, 5)).toEqual([]);
      const numbers = answers.map((r) => r.body.nextOrderNumber as string);
      expect(new Set(numbers).size).toBe(ORDERS);
      const ids = answers.map((r) => r.body.nextOrderId as number);
      expect(new Set(ids).size).toBe(ORDERS);
    },
    120_000,
  );

  it('refuses a role revoked through one process at once on the other', async () => {
    const [a, b] = servers as [Server, Server];
    const login = await post(a, '/login', { usernameOrEmail: 'scaleowner', password: 'long enough' });
    const storeId = (login.body.roles as { storeId: number }[])[0]!.storeId;
    const owner = { tokenString: login.body.token as string, storeId, role: 'STORE_OWNER' };
    const added = await post(a, '/store/staff/add', { ...owner, username: 'scalemanager', email: 'manager@example.test', password: 'long enough', staffRole: 'STORE_MANAGER' });
    expect(added.status).toBe(200);
    const managerLogin = await post(b, '/login', { usernameOrEmail: 'scalemanager', password: 'long enough' });
    const manager = { tokenString: managerLogin.body.token as string, storeId, role: 'STORE_MANAGER' };
    expect((await post(b, '/store/staff/list', manager)).status).toBe(200);

    const revoked = await post(a, '/store/staff/revoke', { ...owner, userId: (added.body.member as { userId: number }).userId, staffRole: 'STORE_MANAGER' });
    expect(revoked.status).toBe(200);
    const refused = await post(b, '/store/staff/list', manager);
    expect(refused).toEqual({ status: 403, body: { success: false, message: 'You do not hold that role in that store', code: 'FORBIDDEN' } });
  });
});
