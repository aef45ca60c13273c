/**
 * Start-up time and resident memory of one server on the embedded PGlite database, for
 * a way of starting it: from the process's start to the first 200 from /health, and the
 * RSS summed over every process of its tree (a launcher, a loader, an esbuild service:
 * whatever the way runs) when it is idle after start-up and after a little work.
 *
 *   npm run build                                   # the web app and dist/main.js
 *   npx tsx bench/startup.ts                        # node (dist) and tsx (sources), 5 runs each
 *   npx tsx bench/startup.ts --ways node,npm-serve --runs 3
 *
 * Ways: `node` (node --enable-source-maps apps/server/dist/main.js, what `npm start` ends
 * in), `tsx` (tsx apps/server/src/main.ts, the former start and the watcher's loader),
 * `npm-serve` (`npm run serve`, what `npm start` runs after the build, npm and its
 * shell included). Each run starts on a new
 * data folder (PGlite creates and migrates the database: "new") and then once more on
 * the same folder ("reopen").
 */
import { spawn, execFileSync, type ChildProcess } from 'node:child_process';
import { mkdtempSync, rmSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { fileURLToPath } from 'node:url';
import { parseArgs } from 'node:util';

const ROOT = fileURLToPath(new URL('..', import.meta.url));
const WAYS: Record<string, string[]> = {
  node: ['node', '--enable-source-maps', 'apps/server/dist/main.js'],
  tsx: ['node_modules/.bin/tsx', 'apps/server/src/main.ts'],
  'npm-serve': ['npm', 'run', 'serve'],
};

interface Sample {
  way: string;
  data: 'new' | 'reopen';
  readyMs: number;
  processes: string[];
  idleRssMb: number;
  workedRssMb: number;
}

/** Every process of the tree under `root` (itself included): pid, RSS in KiB, command. */
function processTree(root: number): { pid: number; rssKb: number; command: string }[] {
  const rows = execFileSync('ps', ['-eo', 'pid=,ppid=,rss=,args='], { encoding: 'utf8' })
    .trim()
    .split('\n')
    .map((line) => {
      const [pid, ppid, rss, ...args] = line.trim().split(/\s+/);
      return { pid: Number(pid), ppid: Number(ppid), rssKb: Number(rss), command: args.join(' ') };
    });
  const tree = new Set([root]);
  for (let grew = true; grew; ) {
    grew = false;
    for (const row of rows) {
      if (tree.has(row.ppid) && !tree.has(row.pid)) {
        tree.add(row.pid);
        grew = true;
      }
    }
  }
  return rows.filter((row) => tree.has(row.pid));
}

const rssMb = (root: number) => processTree(root).reduce((sum, p) => sum + p.rssKb, 0) / 1024;
const sleep = (ms: number) => new Promise((resolve) => setTimeout(resolve, ms));

async function healthy(url: string): Promise<boolean> {
  try {
    return (await fetch(`${url}/health`)).status === 200;
  } catch {
    return false;
  }
}

/** A little of what a till does: the page, sign-up, settings, a new order, a line. */
async function work(url: string) {
  const post = async (path: string, body: object) =>
    (await fetch(`${url}/api/v1${path}`, { method: 'POST', headers: { 'content-type': 'application/json' }, body: JSON.stringify(body) })).json() as Promise<Record<string, unknown>>;
  await (await fetch(`${url}/`)).text();
  const name = `bench${Date.now().toString(36)}`;
  const login = (await post('/signup', { username: name, email: `${name}@example.test`, password: 'a fine password', storeName: `Store ${name}` })) as {
    token: string;
    roles: { storeId: number }[];
  };
  const me = { tokenString: login.token, storeId: login.roles[0]!.storeId, role: 'STORE_OWNER' };
  await post('/store/fetch-settings', me);
  for (let i = 0; i < 20; i++) {
    const next = (await post('/order/next', me)) as { nextOrderLineId: number };
    await post('/order/update-line', { ...me, orderLineId: next.nextOrderLineId, itemDescription: 'Lamp', price: { type: 'Money', value: '12500000' } });
  }
}

async function stop(child: ChildProcess) {
  const exited = new Promise((resolve) => child.once('exit', resolve));
  process.kill(-child.pid!, 'SIGTERM');
  await Promise.race([exited, sleep(10_000)]);
  if (child.exitCode === null && child.signalCode === null) process.kill(-child.pid!, 'SIGKILL');
}

async function measure(way: string, dataDir: string, data: Sample['data'], port: number): Promise<Sample> {
  const [command, ...args] = WAYS[way]!;
  const url = `http://127.0.0.1:${port}`;
  const started = performance.now();
  const child = spawn(command!, args, {
    cwd: ROOT,
    detached: true, // its own process group, so the whole tree stops together
    stdio: 'ignore',
    env: { ...process.env, PORT: String(port), HOST: '127.0.0.1', DATA_DIR: dataDir, DATABASE_URL: '', LOG_LEVEL: 'warn' },
  });
  try {
    while (!(await healthy(url))) {
      if (child.exitCode !== null) throw new Error(`${way} exited with ${child.exitCode} before answering`);
      if (performance.now() - started > 120_000) throw new Error(`${way} did not answer within 120 s`);
      await sleep(10);
    }
    const readyMs = performance.now() - started;
    await sleep(2_000);
    const idleRssMb = rssMb(child.pid!);
    const processes = processTree(child.pid!).map((p) => p.command.split(' ')[0]!.split('/').pop()!);
    await work(url);
    await sleep(1_000);
    const workedRssMb = rssMb(child.pid!);
    return { way, data, readyMs, processes, idleRssMb, workedRssMb };
  } finally {
    await stop(child);
  }
}

const median = (values: number[]) => [...values].sort((a, b) => a - b)[Math.floor((values.length - 1) / 2)]!;

async function main() {
  const { values } = parseArgs({ options: { ways: { type: 'string', default: 'node,tsx' }, runs: { type: 'string', default: '5' }, port: { type: 'string', default: '3999' } } });
  const ways = values.ways.split(',');
  for (const way of ways) if (!WAYS[way]) throw new Error(`Unknown way ${way}; one of ${Object.keys(WAYS).join(', ')}`);
  const samples: Sample[] = [];
  for (let run = 0; run < Number(values.runs); run++) {
    for (const way of ways) {
      const dataDir = mkdtempSync(join(tmpdir(), 'pos-startup-'));
      try {
        for (const data of ['new', 'reopen'] as const) {
          const sample = await measure(way, dataDir, data, Number(values.port));
          samples.push(sample);
          console.error(`${way} ${data}: ready ${sample.readyMs.toFixed(0)} ms, idle ${sample.idleRssMb.toFixed(0)} MB, after work ${sample.workedRssMb.toFixed(0)} MB (${sample.processes.join(' + ')})`);
        }
      } finally {
        rmSync(dataDir, { recursive: true, force: true });
      }
    }
  }
  console.log(`\nMedian of ${values.runs} runs (Node ${process.version}):\n`);
  console.log('| way | database | to first 200 from /health | RSS idle | RSS after work | processes |');
  console.log('|---|---|---:|---:|---:|---|');
  for (const way of ways) {
    for (const data of ['new', 'reopen'] as const) {
      const of = samples.filter((s) => s.way === way && s.data === data);
      const f = (pick: (s: Sample) => number, unit: string, digits = 0) => `${median(of.map(pick)).toFixed(digits)} ${unit}`;
      console.log(`| ${way} | ${data} | ${f((s) => s.readyMs, 'ms')} | ${f((s) => s.idleRssMb, 'MB')} | ${f((s) => s.workedRssMb, 'MB')} | ${of[0]!.processes.join(' + ')} |`);
    }
  }
}

main().catch((error) => {
  console.error(error);
  process.exit(1);
});
