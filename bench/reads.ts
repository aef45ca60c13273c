/**
 * Where a read call's server CPU goes (docs/PERFORMANCE.md, "Read paths"), in one process,
 * for each read scenario of the load test (the lookups and the vendor list by default;
 * `--only` names others), five ways in turn:
 *   - baseline: the bench's bare Fastify route replaying the product's statements through
 *     pg (bench/baseline.ts), called through Fastify's inject;
 *   - rest: the product's REST door (`POST /api/v1/...`), through inject;
 *   - trpc: the product's tRPC door (`GET /trpc/...?input=`), through inject;
 *   - api: the API's procedure through tRPC's caller (session check, validation, the
 *     repository, Kysely, pg, the output's check; no HTTP);
 *   - pg: the baseline's replay alone (no HTTP).
 * inject costs the three doors alike (no socket, no HTTP parser): the differences are
 * what each layer costs. After `--warm-up` unmeasured calls each way (V8 optimises over
 * the first thousands: "Warm-up"), ROUNDS rounds of `--calls`/ROUNDS calls a way, the
 * order turned every round; prints each way's Node CPU (user + system) and wall time per
 * call. CPU per call is far less sensitive to other work on the machine than req/s.
 *
 * With `--profile DIR`, each way of each scenario is also profiled (V8's sampling CPU
 * profiler through node:inspector) over one more set of `--calls` calls, written as
 * DIR/<scenario>-<way>.cpuprofile (open in Chrome DevTools), and summarised: self time by
 * layer (package) and the heaviest functions.
 *
 *   DATABASE_URL=postgres://root@127.0.0.1:5432/pos_bench_reads npx tsx bench/reads.ts --calls 900
 *   DATABASE_URL=... npx tsx bench/reads.ts --only vendor-list-last --ways rest,trpc --profile /tmp/prof
 */
import { mkdir, writeFile } from 'node:fs/promises';
import { Session } from 'node:inspector/promises';
import { join } from 'node:path';
import type { FastifyInstance } from 'fastify';
import { parseArgs } from 'node:util';
import { createDb } from '@pos/db';
import { buildApp } from '../apps/server/src/app';
import { answerOf, bigintPool, buildBaseline, replay } from './baseline';
import { prepareLoad } from './fixture';
import { BENCH_SCRYPT_COST, DEFAULT_BENCH_URL, removeLoadLeftovers } from './generate';
import { request } from './load';
import { summariseHeap, summariseProfile, type CpuProfile, type HeapProfile } from './profile-summary';
import { benchCaller, createRecorder } from './record';
import { scenarios } from './scenarios';

const ROUNDS = 9;
const READS = ['lookup-keyword', 'lookup-keyword-common', 'lookup-number', 'lookup-date-range', 'lookup-amount-range', 'vendor-list-first', 'vendor-list-last'];
const WAYS = ['baseline', 'rest', 'trpc', 'api', 'pg'] as const;
type Way = (typeof WAYS)[number];

async function main() {
  const { values } = parseArgs({
    args: process.argv.slice(2),
    options: {
      calls: { type: 'string', default: '900' },
      'warm-up': { type: 'string', default: '1000' },
      only: { type: 'string' },
      ways: { type: 'string' },
      profile: { type: 'string' },
    },
    strict: false,
  });
  const perRound = Math.max(1, Math.round(Number(values.calls) / ROUNDS));
  const warmUp = Number(values['warm-up']);
  const only = values.only ? String(values.only).split(',') : READS;
  const ways = (values.ways ? String(values.ways).split(',') : [...WAYS]) as Way[];
  const profileDir = values.profile ? String(values.profile) : null;
  const url = process.env.DATABASE_URL ?? DEFAULT_BENCH_URL;

  await removeLoadLeftovers(url);
  const handle = await createDb({ url, poolSize: 4 });
  const app = await buildApp({
    db: handle.db,
    api: { scryptCost: BENCH_SCRYPT_COST },
    webDist: null,
    logger: false,
  });
  await app.ready();
  const recorder = await createRecorder(url);
  const { fixture, routes } = await prepareLoad(handle.db, recorder, {
    submitDrafts: 1,
  });
  await recorder.handle.close();
  const baseline = buildBaseline(url, routes);
  await baseline.app.ready();
  const pool = bigintPool(url, 4);
  const session = profileDir ? new Session() : null;
  if (session && profileDir) {
    session.connect();
    await session.post('Profiler.enable');
    await session.post('HeapProfiler.enable');
    await session.post('Profiler.setSamplingInterval', { interval: 100 });
    await mkdir(profileDir, { recursive: true });
  }

  try {
    for (const s of scenarios(fixture).filter((x) => only.includes(x.name))) {
      const recording = routes.find((r) => r.name === s.name)!.recordings[0]!;
      const inject = (target: { inject: FastifyInstance['inject'] }, door: 'baseline' | 'rest' | 'trpc') => async () => {
        const r = request(s, door, 0);
        const res = await target.inject({
          method: r.method,
          url: r.path,
          headers: r.headers,
          ...(r.body !== undefined ? { payload: r.body } : {}),
        });
        if (res.statusCode !== 200) throw new Error(`${s.name} ${door}: ${res.statusCode} ${res.body.slice(0, 300)}`);
        return res.body;
      };
      const key = s.procedure.split('.');
      const call: Record<Way, () => Promise<unknown>> = {
        baseline: inject(baseline.app, 'baseline'),
        rest: inject(app, 'rest'),
        trpc: inject(app, 'trpc'),
        api: () => (key.reduce<unknown>((node, k) => (node as Record<string, unknown>)[k], benchCaller(handle.db, s.identity ?? undefined)) as (i: unknown) => Promise<unknown>)(s.input(0)),
        pg: async () => {
          const client = await pool.connect();
          try {
            return answerOf(await replay((text, params) => client.query(text, params), recording, new Map(), (text, params) => pool.query(text, params)));
          } finally {
            client.release();
          }
        },
      };
      for (const way of ways) for (let i = 0; i < warmUp; i++) await call[way]();
      const totals = new Map<Way, { cpuMs: number; wallMs: number; calls: number }>(ways.map((w) => [w, { cpuMs: 0, wallMs: 0, calls: 0 }]));
      for (let round = 0; round < ROUNDS; round++) {
        for (let i = 0; i < ways.length; i++) {
          const way = ways[(i + round) % ways.length]!;
          const cpu = process.cpuUsage();
          const start = performance.now();
          for (let c = 0; c < perRound; c++) await call[way]();
          const used = process.cpuUsage(cpu);
          const t = totals.get(way)!;
          t.cpuMs += (used.user + used.system) / 1000;
          t.wallMs += performance.now() - start;
          t.calls += perRound;
        }
      }
      const line = [...totals].map(([way, t]) => `${way} ${(t.cpuMs / t.calls).toFixed(2)}/${(t.wallMs / t.calls).toFixed(2)}`).join('  ');
      console.log(`${s.name.padEnd(24)} CPU/wall ms per call: ${line}`);
      if (session && profileDir) {
        for (const way of ways) {
          await session.post('Profiler.start');
          for (let c = 0; c < perRound * ROUNDS; c++) await call[way]();
          const { profile } = await session.post('Profiler.stop');
          await writeFile(join(profileDir, `${s.name}-${way}.cpuprofile`), JSON.stringify(profile));
          console.log(summariseProfile(profile as unknown as CpuProfile, perRound * ROUNDS, `${s.name} ${way}`));
          await session.post('HeapProfiler.startSampling', {
            samplingInterval: 4096,
            includeObjectsCollectedByMajorGC: true,
            includeObjectsCollectedByMinorGC: true,
          } as never);
          for (let c = 0; c < perRound * ROUNDS; c++) await call[way]();
          const heap = await session.post('HeapProfiler.stopSampling');
          console.log(summariseHeap(heap.profile as unknown as HeapProfile, perRound * ROUNDS, `${s.name} ${way}`));
        }
      }
    }
  } finally {
    session?.disconnect();
    await pool.end();
    await baseline.close();
    await app.close();
    await handle.close();
  }
}

main().catch((error) => {
  console.error(error);
  process.exit(1);
});
