/**
 * Real PostgreSQL for the tests that need one beyond a test database: a throwaway
 * cluster of their own (initdb in a temporary folder, its own free port), which a test
 * may crash and restart without disturbing anyone; and fresh databases on the shared
 * server. Under CI=true a missing PostgreSQL fails the test instead of skipping it.
 *
 * Everything started here is stopped and removed when the test ends, and again when the
 * process exits, should a test have failed half-way.
 */
import { spawnSync } from 'node:child_process';
import { existsSync, mkdtempSync, readdirSync, rmSync, chownSync } from 'node:fs';
import { createServer } from 'node:net';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { randomBytes } from 'node:crypto';
import pg from 'pg';

const cleanups = new Set<() => void>();
process.once('exit', () => {
  for (const cleanup of cleanups) cleanup();
});

/** The folder of PostgreSQL's server programs (PG_BIN, else the newest Debian install), or null. */
export function postgresBinDir(): string | null {
  if (process.env.PG_BIN) return existsSync(join(process.env.PG_BIN, 'initdb')) ? process.env.PG_BIN : null;
  const root = '/usr/lib/postgresql';
  if (!existsSync(root)) return null;
  const versions = readdirSync(root)
    .filter((v) => existsSync(join(root, v, 'bin', 'initdb')))
    .sort((a, b) => Number(b) - Number(a));
  return versions[0] ? join(root, versions[0], 'bin') : null;
}

/**
 * Whether these tests can run here; when they cannot, the reason. Under CI=true there is
 * no skipping: the test that needs PostgreSQL fails with the reason.
 */
export function unavailableReason(needs: 'binaries' | 'server'): string | null {
  if (needs === 'binaries') {
    if (!postgresBinDir()) return 'no PostgreSQL server programs (initdb, pg_ctl) under /usr/lib/postgresql or PG_BIN';
    if (process.getuid?.() === 0 && spawnSync('id', ['-u', 'postgres']).status !== 0) return 'running as root and there is no postgres user to run initdb as';
    return null;
  }
  const probe = spawnSync(process.execPath, ['-e', `const pg=require('pg');const c=new pg.Client(${JSON.stringify(sharedServerUrl())});c.connect().then(()=>c.end()).then(()=>process.exit(0),()=>process.exit(1))`], {
    cwd: process.cwd(),
    timeout: 10_000,
  });
  return probe.status === 0 ? null : `no PostgreSQL server at ${sharedServerUrl()} (set TEST_DATABASE_URL)`;
}

/** The shared server: TEST_DATABASE_URL, else the machine's own on 127.0.0.1:5432. */
export function sharedServerUrl(): string {
  return process.env.TEST_DATABASE_URL ?? 'postgres://root@127.0.0.1:5432/postgres';
}

export function withDatabase(url: string, database: string): string {
  const u = new URL(url);
  u.pathname = `/${database}`;
  return u.toString();
}

/** A new, empty database on the server at `serverUrl`; drop() removes it (also at exit). */
export async function createFreshDatabase(serverUrl: string, prefix: string): Promise<{ url: string; drop: () => Promise<void> }> {
  const name = `${prefix}_${process.pid}_${randomBytes(4).toString('hex')}`;
  const admin = new pg.Client({ connectionString: serverUrl });
  await admin.connect();
  await admin.query(`create database ${name}`);
  await admin.end();
  const dropNow = () => {
    spawnSync(process.execPath, ['-e', `const pg=require('pg');const c=new pg.Client(${JSON.stringify(serverUrl)});c.connect().then(()=>c.query('drop database if exists ${name} with (force)')).then(()=>c.end())`], {
      cwd: process.cwd(),
      timeout: 15_000,
    });
  };
  cleanups.add(dropNow);
  return {
    url: withDatabase(serverUrl, name),
    async drop() {
      cleanups.delete(dropNow);
      const c = new pg.Client({ connectionString: serverUrl });
      await c.connect();
      await c.query(`drop database if exists ${name} with (force)`);
      await c.end();
    },
  };
}

/** A free TCP port on 127.0.0.1. */
export function freePort(): Promise<number> {
  return new Promise((resolve, reject) => {
    const server = createServer();
    server.once('error', reject);
    server.listen(0, '127.0.0.1', () => {
      const address = server.address();
      server.close(() => (typeof address === 'object' && address ? resolve(address.port) : reject(new Error('no port'))));
    });
  });
}

export interface Cluster {
  port: number;
  /** A URL to a database of this cluster (superuser postgres, trust). */
  url(database?: string): string;
  /** Stops the server; 'immediate' is a crash: no shutdown checkpoint, clients cut off. */
  stop(mode: 'immediate' | 'fast'): void;
  start(): void;
  /** Stops the server if it runs and removes its folder. */
  destroy(): void;
}

/**
 * Creates and starts a cluster of our own in a temporary folder, on a free port. initdb
 * refuses to run as root, so as root the programs run as the postgres user.
 */
export async function startThrowawayCluster(): Promise<Cluster> {
  const bin = postgresBinDir();
  if (!bin) throw new Error(unavailableReason('binaries')!);
  const asRoot = process.getuid?.() === 0;
  const folder = mkdtempSync(join(tmpdir(), 'pos-pg-'));
  if (asRoot) {
    const uid = Number(spawnSync('id', ['-u', 'postgres'], { encoding: 'utf8' }).stdout.trim());
    const gid = Number(spawnSync('id', ['-g', 'postgres'], { encoding: 'utf8' }).stdout.trim());
    chownSync(folder, uid, gid);
  }
  const data = join(folder, 'data');
  const run = (program: string, args: string[]) => {
    const [command, argv] = asRoot ? ['runuser', ['-u', 'postgres', '--', join(bin, program), ...args]] : [join(bin, program), args];
    const result = spawnSync(command, argv, { encoding: 'utf8', timeout: 60_000 });
    if (result.status !== 0) throw new Error(`${program} ${args.join(' ')} failed: ${result.stderr || result.stdout}`);
  };
  const port = await freePort();
  let running = false;
  const cluster: Cluster = {
    port,
    url: (database = 'postgres') => `postgres://postgres@127.0.0.1:${port}/${database}`,
    stop(mode) {
      run('pg_ctl', ['-D', data, '-m', mode, '-w', 'stop']);
      running = false;
    },
    start() {
      run('pg_ctl', ['-D', data, '-l', join(folder, 'server.log'), '-w', '-t', '60', '-o', `-p ${port} -k ${folder} -c listen_addresses=127.0.0.1 -c max_connections=50`, 'start']);
      running = true;
    },
    destroy() {
      cleanups.delete(cleanup);
      if (running) {
        try {
          cluster.stop('immediate');
        } catch {
          // Already gone: nothing to stop.
        }
      }
      rmSync(folder, { recursive: true, force: true });
    },
  };
  const cleanup = () => cluster.destroy();
  cleanups.add(cleanup);
  run('initdb', ['-D', data, '-A', 'trust', '-U', 'postgres', '--no-sync', '-E', 'UTF8']);
  cluster.start();
  return cluster;
}
