/**
 * Where the trial balance's time goes (docs/PERFORMANCE.md, "Books"), measured in ways a
 * shared machine's load changes less than wall time: for each trial balance the books
 * bench times (today, the end of last month, a year ago, the day half-way), over `--runs`
 * calls after one warm-up, through the API's procedure in this process (no HTTP) on one
 * database connection:
 *   - wall: the call's time;
 *   - node CPU: this process's user + system CPU over the call (the driver's parse of
 *     the rows, the service's rows, the answer's check);
 *   - backend CPU: the connection's backend process's CPU over the call (its statements),
 *     from /proc (the database must run on this machine);
 *   - after each call, outside its times, the body of its fresh answer as one door makes
 *     it (the REST door's and the tRPC door's in turn), in UTF-8 bytes: the REST door's
 *     (an answer's recorded JSON text as it is, else JSON.stringify), the tRPC door's (its
 *     transformer and JSON.stringify, a recorded text put in its stand-in's place).
 * With `--profile DIR`, each call is also profiled (V8's sampling profiler through
 * node:inspector) over `--runs` more calls, written as DIR/<call>.cpuprofile and
 * summarised per layer and function.
 *
 *   DATABASE_URL=postgres://root@127.0.0.1:5432/pos_bench_books_1m npx tsx bench/books-cpu.ts --runs 10
 *   DATABASE_URL=... npx tsx bench/books-cpu.ts --runs 10 --only today --profile /tmp/tb-prof
 */
import { readFileSync } from 'node:fs';
import { mkdir, writeFile } from 'node:fs/promises';
import { Session } from 'node:inspector/promises';
import { join } from 'node:path';
import { parseArgs } from 'node:util';
import { sql } from 'kysely';
import { answerTextOf, restoreAnswerTexts, standInAnswers } from '../packages/api/src/answer-text';
import { transformer } from '../packages/api/src/transformer';
import { createDb } from '@pos/db';
import { addDays } from '@pos/domain';
import { BENCH_PASSWORD, DEFAULT_BENCH_URL } from './generate';
import { summariseProfile, type CpuProfile } from './profile-summary';
import { quantile } from './quantile';
import { benchCaller } from './record';

/** A process's user + system CPU time in ms, from /proc/<pid>/stat (clock ticks of 10 ms). */
function processCpuMs(pid: number): number {
  const stat = readFileSync(`/proc/${pid}/stat`, 'utf8');
  const fields = stat.slice(stat.lastIndexOf(')') + 2).split(' ');
  return (Number(fields[11]) + Number(fields[12])) * 10;
}

const median = (xs: number[]) => quantile([...xs].sort((a, b) => a - b), 0.5);

/**
 * The REST door's body of an answer (apps/server/src/rest-door.ts): its recorded JSON text
 * as it is, else JSON.stringify of it; then what Fastify does with a text body: its
 * length in bytes for the header, and the UTF-8 bytes written.
 */
function restBody(answer: unknown): Buffer {
  const text = answerTextOf(answer) ?? JSON.stringify(answer);
  Buffer.byteLength(text);
  return Buffer.from(text);
}

/**
 * The tRPC door's body of one call's answer (apps/server/src/trpc-door.ts): the door takes
 * the recorded texts of the body's answers, tRPC encodes the body with the transformer
 * (an answer with a text as its stand-in) into bytes, and the door puts the texts in
 * their places.
 */
function trpcBody(answer: unknown): Buffer {
  const texts = standInAnswers([answer]);
  const body = Buffer.from(JSON.stringify({ result: { data: (transformer.output as { serialize: (v: unknown) => unknown }).serialize(answer) } }));
  return texts.length > 0 ? Buffer.from(restoreAnswerTexts(body.toString('utf8'), texts)) : body;
}

async function main() {
  const { values } = parseArgs({
    args: process.argv.slice(2),
    options: { runs: { type: 'string', default: '10' }, only: { type: 'string' }, profile: { type: 'string' } },
    strict: true,
  });
  const runs = Number(values.runs);
  const url = process.env.DATABASE_URL ?? DEFAULT_BENCH_URL;
  // One connection: every statement of a call runs on the backend measured.
  const handle = await createDb({ url, poolSize: 1 });
  const db = handle.db;
  const store = await db.selectFrom('stores').select('id').where('name', '=', 'Bench Store 1').executeTakeFirstOrThrow();
  const storeId = Number(store.id);
  const login = await benchCaller(db).auth.login({ usernameOrEmail: `accountant${storeId}`, password: BENCH_PASSWORD });
  const as = benchCaller(db, { token: login.token, storeId, role: 'STORE_ACCOUNTANT' });
  const { rows: pids } = await sql<{ pid: number }>`select pg_backend_pid() as pid`.execute(db);
  const backend = pids[0]!.pid;
  const { rows: span } = await sql<{ first: string; today: string }>`
    select (select to_char(min(business_day), 'YYYY-MM-DD') from journals where store_id = ${storeId}) as first,
           (select to_char(now() at time zone time_zone, 'YYYY-MM-DD') from stores where id = ${storeId}) as today`.execute(db);
  const { first, today } = span[0]!;
  const days: Record<string, string | undefined> = {
    today: undefined,
    'last-month-end': addDays(`${today.slice(0, 7)}-01`, -1),
    'year-ago': addDays(today, -364),
    middle: addDays(first, Math.round((Date.parse(today) - Date.parse(first)) / 86_400_000 / 2)),
  };
  const names = values.only ? values.only.split(',') : Object.keys(days);
  console.log(`store ${storeId}, ${first} to ${today}, backend ${backend}; ${runs} runs each after one warm-up`);
  for (const name of names) {
    const asOf = days[name];
    const call = () => as.books.trialBalance(asOf === undefined ? {} : { asOf });
    const answer = await call();
    const wall: number[] = [];
    const node: number[] = [];
    const pg: number[] = [];
    const rest: number[] = [];
    const trpc: number[] = [];
    for (let i = 0; i < runs; i++) {
      const cpu = process.cpuUsage();
      const pg0 = processCpuMs(backend);
      let start = performance.now();
      const fresh = await call();
      wall.push(performance.now() - start);
      const used = process.cpuUsage(cpu);
      node.push((used.user + used.system) / 1000);
      pg.push(processCpuMs(backend) - pg0);
      // Each door's body of a fresh answer, as a server makes it once per call (in turn).
      start = performance.now();
      if (i % 2 === 0) restBody(fresh);
      else trpcBody(fresh);
      (i % 2 === 0 ? rest : trpc).push(performance.now() - start);
    }
    const mean = (xs: number[]) => xs.reduce((a, b) => a + b, 0) / xs.length;
    const text = answerTextOf(answer) !== undefined;
    console.log(
      `trial-balance ${name.padEnd(15)} ${String(answer.accounts.length).padStart(6)} accounts  wall p50 ${median(wall).toFixed(1)} ms  node CPU p50 ${median(node).toFixed(1)} ms  backend CPU mean ${mean(pg).toFixed(1)} ms  ` +
        `| ${text ? 'text answer' : 'object answer'}: REST door's body ${median(rest).toFixed(1)} ms, tRPC door's body ${median(trpc).toFixed(1)} ms`,
    );
    if (values.profile) {
      await mkdir(values.profile, { recursive: true });
      const session = new Session();
      session.connect();
      await session.post('Profiler.enable');
      await session.post('Profiler.setSamplingInterval', { interval: 100 });
      await session.post('Profiler.start');
      for (let i = 0; i < runs; i++) await call();
      const { profile } = (await session.post('Profiler.stop')) as { profile: CpuProfile };
      session.disconnect();
      await writeFile(join(values.profile, `trial-balance-${name}.cpuprofile`), JSON.stringify(profile));
      console.log(summariseProfile(profile, runs, `trial-balance ${name}`, 20));
    }
  }
  await handle.close();
}

main().catch((error) => {
  console.error(error);
  process.exit(1);
});
