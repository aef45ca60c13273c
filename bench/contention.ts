/**
 * What concurrent sales of one store wait on (docs/PERFORMANCE.md, "One store's sales per
 * second"): runs the load test's checkout at 16 connections (bench/run.ts --only
 * submit-payments, as a child process, on its own database) and meanwhile samples every
 * `--every` ms the database's client backends: each one's wait event, the statement it is
 * running, and the table of any row lock it holds or waits for (pg_locks' tuple locks;
 * a backend waiting on another's transaction holds the tuple lock of the row it waits
 * for). Prints the share of backend-samples per (state, wait, table, statement), what the
 * head of each queue (the backend the others wait for) was doing, how many rows of each
 * table that sales update in place were locked on average (pgrowlocks), and the run's own
 * figures.
 *
 *   DATABASE_URL=postgres://root@127.0.0.1:5432/pos_bench_contention npx tsx bench/contention.ts --duration 6
 */
import { spawn } from 'node:child_process';
import { parseArgs } from 'node:util';
import pg from 'pg';
import { DEFAULT_BENCH_URL } from './generate';

/** Tables whose rows every sale of a store may update (their triggers' running totals), checked for row locks with pgrowlocks. */
const HOT_TABLES = ['store_counters', 'ledger_store_totals', 'ledger_balance_history', 'ledger_accounts', 'vendors', 'report_days', 'journal_balances', 'journal_days'];

const SAMPLE = `
  select a.pid, cardinality(pg_blocking_pids(a.pid)) > 0 as blocked, exists (select 1 from pg_stat_activity b where a.pid = any(pg_blocking_pids(b.pid))) as blocking,
         a.wait_event_type as "type", a.wait_event as "event", a.state,
         regexp_replace(left(a.query, 60), '\\s+', ' ', 'g') as query,
         (select string_agg(distinct c.relname, ',') from pg_locks l join pg_class c on c.oid = l.relation
           where l.pid = a.pid and l.locktype = 'tuple') as "rowOf",
         (select string_agg(distinct l.mode, ',') from pg_locks l where l.pid = a.pid and not l.granted) as waiting
    from pg_stat_activity a
   where a.datname = current_database() and a.pid <> pg_backend_pid() and a.backend_type = 'client backend'
     and a.state <> 'idle'`;

async function main() {
  const { values } = parseArgs({
    args: process.argv.slice(2),
    options: {
      duration: { type: 'string', default: '6' },
      every: { type: 'string', default: '10' },
      connections: { type: 'string', default: '16' },
      'warm-up': { type: 'string', default: '500' },
    },
    strict: false,
  });
  const url = process.env.DATABASE_URL ?? DEFAULT_BENCH_URL;
  const client = new pg.Client({ connectionString: url });
  await client.connect();
  await client.query('create extension if not exists pgrowlocks');
  const locked = `select ${HOT_TABLES.map((t) => `(select count(*) from pgrowlocks('${t}'))::int as "${t}"`).join(', ')}`;
  const child = spawn(
    process.execPath,
    [
      '--import',
      'tsx',
      'bench/run.ts',
      '--skip-generate',
      '--only',
      'submit-payments',
      '--connections',
      String(values.connections),
      '--duration',
      String(values.duration),
      '--warm-up',
      String(values['warm-up']),
      '--skip-web',
    ],
    {
      env: { ...process.env, DATABASE_URL: url },
      stdio: ['ignore', 'pipe', 'inherit'],
    },
  );
  let output = '';
  let measuring = false;
  child.stdout.on('data', (chunk: Buffer) => {
    output += chunk.toString();
    if (output.includes('== load')) measuring = true;
  });
  const done = new Promise<number | null>((resolve) => child.on('exit', resolve));
  let finished = false;
  void done.then(() => (finished = true));
  const counts = new Map<string, number>();
  const heads = new Map<string, number>();
  const rowsLocked = new Map<string, number>();
  const completed = async () =>
    Number((await client.query<{ n: string }>(`select count(*) as n from orders o join stores s on s.id = o.store_id where s.name = 'Bench Store 2' and o.status = 'COMPLETED'`)).rows[0]!.n);
  let first: { at: number; n: number } | null = null;
  let last: { at: number; n: number } | null = null;
  let lockSamples = 0;
  let headSamples = 0;
  let samples = 0;
  let backends = 0;
  while (!finished) {
    if (measuring) {
      if (samples % 50 === 0) {
        const now = { at: performance.now(), n: await completed() };
        first ??= now;
        last = now;
      }
      const { rows } = await client.query<{ blocked: boolean; blocking: boolean; type: string | null; event: string | null; state: string; query: string; rowOf: string | null }>(SAMPLE);
      if (rows.length > 0) {
        samples++;
        backends += rows.length;
        for (const r of rows) {
          const wait = r.type ? `${r.type}:${r.event}` : 'on CPU';
          const key = `${r.state.padEnd(19)} ${wait.padEnd(26)} ${(r.rowOf ?? '-').padEnd(22)} ${r.query}`;
          counts.set(key, (counts.get(key) ?? 0) + 1);
          // The head of a queue: holds what others wait for, waits for no one.
          if (r.blocking && !r.blocked) {
            headSamples++;
            const head = `${r.state.padEnd(19)} ${wait.padEnd(26)} ${r.query}`;
            heads.set(head, (heads.get(head) ?? 0) + 1);
          }
        }
        if (samples % 5 === 0) {
          const { rows: held } = await client.query<Record<string, number>>(locked);
          lockSamples++;
          for (const [t, n] of Object.entries(held[0]!)) if (n > 0) rowsLocked.set(t, (rowsLocked.get(t) ?? 0) + n);
        }
      }
    }
    await new Promise((r) => setTimeout(r, Number(values.every)));
  }
  await client.end();
  const code = await done;
  console.log(
    output
      .split('\n')
      .filter((l) => /submit-payments|ratio/.test(l))
      .join('\n'),
  );
  if (first && last && last.at > first.at) console.log(`\nsales completed in the store while measuring (three doors in turn, by the database's count): ${(((last.n - first.n) * 1000) / (last.at - first.at)).toFixed(1)} a second`);
  console.log(`\n${samples} samples, ${(backends / Math.max(samples, 1)).toFixed(1)} busy backends a sample on average; share of backend-samples:`);
  console.log(`${'share'.padStart(6)}  ${'state'.padEnd(19)} ${'wait'.padEnd(26)} ${'row lock on'.padEnd(22)} statement`);
  for (const [key, n] of [...counts].sort((a, b) => b[1] - a[1]).slice(0, 30)) console.log(`${((100 * n) / backends).toFixed(1).padStart(5)}%  ${key}`);
  console.log(`\nThe head of each queue (a backend others wait for, waiting for no one), ${headSamples} samples: what it was doing`);
  for (const [key, n] of [...heads].sort((a, b) => b[1] - a[1]).slice(0, 15)) console.log(`${((100 * n) / Math.max(headSamples, 1)).toFixed(1).padStart(5)}%  ${key}`);
  console.log(`\nRows locked (pgrowlocks), average over ${lockSamples} samples: ${HOT_TABLES.map((t) => `${t} ${((rowsLocked.get(t) ?? 0) / Math.max(lockSamples, 1)).toFixed(2)}`).join(', ')}`);
  if (code !== 0) process.exit(code ?? 1);
}

main().catch((error) => {
  console.error(error);
  process.exit(1);
});
