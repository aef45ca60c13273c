/**
 * Load: starts bench/servers.ts in its own process (the product and the baseline), then
 * drives each scenario with autocannon from this process through the REST door, through
 * tRPC and against the baseline, warm (each door serves it unmeasured first), at each
 * connection count. Answers the figures: req/s, latency, and the server process's CPU
 * time per response (the product's and the baseline's doors are served by that one
 * process, one door at a time).
 */
import { spawn } from 'node:child_process';
import { readFileSync } from 'node:fs';
import { readFile } from 'node:fs/promises';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import autocannon from 'autocannon';
import { assertAnswered } from './answers';
import { quantile } from './quantile';
import { scenarios, type Fixture, type Scenario } from './scenarios';
import type { Statement } from './record';

export type Door = 'baseline' | 'rest' | 'trpc';

export interface Figure {
  scenario: string;
  door: Door;
  connections: number;
  reqPerSec: number;
  /** Milliseconds, exact to 0.1 ms, over every response of the run (not autocannon's whole-ms histogram). */
  p50: number;
  p95: number;
  p99: number;
  errors: number;
  non2xx: number;
  /** CPU time (ms) the server process spent per response: its door, the API and the database client, not the database itself (Linux only, from /proc). */
  serverCpuMs?: number;
}

const APP_PORT = 3101;
const BASE_PORT = 3102;

/**
 * CPU time (ms, user + system, all threads) a process has used so far, from Linux's
 * /proc, whose clock ticks are USER_HZ (100 a second on Linux); null elsewhere.
 */
function cpuMsOf(pid: number | undefined): number | null {
  if (pid === undefined) return null;
  try {
    const fields = readFileSync(`/proc/${pid}/stat`, 'utf8').split(') ')[1]!.split(' ');
    return (Number(fields[11]) + Number(fields[12])) * 10;
  } catch {
    return null;
  }
}

export interface Servers {
  fixture: Fixture;
  statements: Record<string, Statement[]>;
  /** The process serving the product and the baseline. */
  pid: number | undefined;
  stop: () => void;
}

export async function startServers(url: string): Promise<Servers> {
  const fixtureFile = join(tmpdir(), `bench-fixture-${process.pid}.json`);
  const child = spawn(process.execPath, ['--import', 'tsx', 'bench/servers.ts'], {
    env: { ...process.env, DATABASE_URL: url, APP_PORT: String(APP_PORT), BASE_PORT: String(BASE_PORT), FIXTURE_FILE: fixtureFile },
    stdio: ['ignore', 'pipe', 'inherit'],
  });
  await new Promise<void>((resolve, reject) => {
    child.stdout.on('data', (chunk: Buffer) => {
      if (chunk.toString().includes('ready')) resolve();
    });
    child.on('exit', (code) => reject(new Error(`bench servers exited with ${code}`)));
  });
  const { fixture, statements } = JSON.parse(await readFile(fixtureFile, 'utf8')) as { fixture: Fixture; statements: Record<string, Statement[]> };
  return { fixture, statements, pid: child.pid, stop: () => child.kill('SIGTERM') };
}

export function request(s: Scenario, door: Door, pick: number): { method: 'GET' | 'POST'; path: string; body?: string; headers: Record<string, string> } {
  const input = s.input(pick);
  const json = { 'content-type': 'application/json' };
  if (door === 'baseline') return { method: 'POST', path: `/base/${s.name}`, body: JSON.stringify({ pick }), headers: json };
  if (door === 'rest') {
    const identity = s.identity ? { tokenString: s.identity.token, storeId: s.identity.storeId, role: s.identity.role } : {};
    return { method: 'POST', path: `/api/v1${s.path}`, body: JSON.stringify({ ...input, ...identity }), headers: json };
  }
  const auth: Record<string, string> = s.identity ? { authorization: `Bearer ${s.identity.token}`, 'x-store-id': String(s.identity.storeId), 'x-role': s.identity.role } : {};
  if (s.type === 'query') return { method: 'GET', path: `/trpc/${s.procedure}?input=${encodeURIComponent(JSON.stringify({ json: input }))}`, headers: auth };
  return { method: 'POST', path: `/trpc/${s.procedure}`, body: JSON.stringify({ json: input }), headers: { ...json, ...auth } };
}

/** The next pick of each scenario whose requests use up their pick, across the whole run. */
const nextPick = new Map<string, number>();

/**
 * Seconds an answer may take before autocannon counts it as an error (its default, 10):
 * on a loaded machine a store's concurrent sales queue for longer than that, which is
 * slowness to measure, not a refusal (`BENCH_TIMEOUT_S=30`).
 */
const ANSWER_TIMEOUT_S = Number(process.env.BENCH_TIMEOUT_S ?? 10);

/** One autocannon run of one door: its response times (ms) and counts. */
interface Slice {
  times: number[];
  requests: number;
  seconds: number;
  errors: number;
  non2xx: number;
  /** The first few answers that were not 2xx: status and the start of the body, to say what was refused. */
  refusals: string[];
  /** The server process's CPU time over the slice, ms (null where /proc is not there). */
  serverCpuMs: number | null;
}

/** How long a slice runs: for a number of seconds, or until it has had a number of answers. */
type Length = { seconds: number } | { requests: number };

async function runSlice(s: Scenario, door: Door, connections: number, length: Length, serverPid?: number): Promise<Slice> {
  let local = 0;
  const take = () => {
    if (!s.consumes) return local++;
    const pick = nextPick.get(s.name) ?? 0;
    nextPick.set(s.name, pick + 1);
    return pick;
  };
  const port = door === 'baseline' ? BASE_PORT : APP_PORT;
  const first = request(s, door, 0);
  if (s.byConnection && connections > s.picks) {
    throw new Error(`${s.name}: ${connections} connections but ${s.picks} accounts; each connection signs in as its own (LOGIN_ACCOUNTS in bench/generate.ts)`);
  }
  /** A request of the pick; answers not 2xx are kept (a few) to say what was refused. */
  const requestOf = (pick: () => number): autocannon.Request => ({
    setupRequest: (req) => {
      const r = request(s, door, pick());
      return { ...req, method: r.method, path: r.path, headers: r.headers, ...(r.body !== undefined ? { body: r.body } : {}) };
    },
    onResponse: (status, body) => {
      if ((status < 200 || status > 299) && refusals.length < 3) refusals.push(`${status} ${body.slice(0, 300)}`);
    },
  });
  // A scenario by connection: each connection (autocannon's client) is given requests of
  // its own pick, its number in the order the clients are made.
  let clients = 0;
  const options: autocannon.Options = {
    url: `http://127.0.0.1:${port}`,
    connections,
    timeout: ANSWER_TIMEOUT_S,
    ...('seconds' in length ? { duration: length.seconds } : { amount: length.requests }),
    method: first.method,
    requests: [requestOf(s.byConnection ? () => 0 : take)],
    ...(s.byConnection
      ? {
          setupClient: (client: autocannon.Client) => {
            const own = clients++;
            client.setRequests([requestOf(() => own)]);
          },
        }
      : {}),
  };
  const times: number[] = [];
  const refusals: string[] = [];
  const cpuBefore = cpuMsOf(serverPid);
  const result = await new Promise<autocannon.Result>((resolve, reject) => {
    const instance = autocannon(options, (error: Error | null, r) => (error ? reject(error) : resolve(r)));
    instance.on('response', (_client, _status, _bytes, responseTime) => times.push(responseTime));
  });
  const cpuAfter = cpuMsOf(serverPid);
  return {
    times,
    requests: result.requests.total,
    seconds: result.duration,
    errors: result.errors + result.timeouts,
    non2xx: result.non2xx,
    refusals,
    serverCpuMs: cpuBefore !== null && cpuAfter !== null ? cpuAfter - cpuBefore : null,
  };
}

/** Slices a measurement is cut into; each door runs once in each position of the order. */
export const ROUNDS = 3;

/**
 * A slice of a scenario by connection (the login) is a number of answers, not of
 * seconds: a sign-in waits its turn for the password hash (two at once), so at 64
 * connections one takes longer than a slice of a second, and the calls a timed slice
 * left behind went on hashing into the next door's slice until the product's queue was
 * full and answered 503. Each connection signs in this many times a slice (at least
 * MIN_ANSWERS in all), and every call has its answer before the next slice starts.
 */
const ANSWERS_PER_CONNECTION = 4;
const MIN_ANSWERS = 24;

/**
 * Measures the three doors of a scenario at one connection count, `durationSec` each,
 * interleaved: ROUNDS rounds of a slice per door, the order turned by one each round
 * (baseline, REST, tRPC; REST, tRPC, baseline; …). Whatever drifts during the
 * measurement (the database's dead row versions, other work on the machine) falls on
 * the three doors alike instead of on whichever runs last.
 */
export async function measureDoors(s: Scenario, connections: number, durationSec: number, serverPid?: number): Promise<Figure[]> {
  const doors: Door[] = ['baseline', 'rest', 'trpc'];
  const slices = new Map<Door, Slice[]>(doors.map((d) => [d, []]));
  for (let round = 0; round < ROUNDS; round++) {
    for (let i = 0; i < doors.length; i++) {
      const door = doors[(i + round) % doors.length]!;
      const length: Length = s.byConnection ? { requests: Math.max(MIN_ANSWERS, ANSWERS_PER_CONNECTION * connections) } : { seconds: durationSec / ROUNDS };
      const slice = await runSlice(s, door, connections, length, serverPid);
      assertAnswered(`${s.name} ${door} c=${connections}`, slice);
      slices.get(door)!.push(slice);
    }
  }
  return doors.map((door) => {
    const all = slices.get(door)!;
    const times = all.flatMap((x) => x.times).sort((a, b) => a - b);
    const ms = (q: number) => Math.round(quantile(times, q) * 10) / 10;
    const sum = (f: (x: Slice) => number) => all.reduce((t, x) => t + f(x), 0);
    return {
      scenario: s.name,
      door,
      connections,
      reqPerSec: sum((x) => x.requests) / sum((x) => x.seconds),
      p50: ms(0.5),
      p95: ms(0.95),
      p99: ms(0.99),
      errors: sum((x) => x.errors),
      non2xx: sum((x) => x.non2xx),
      ...(all.every((x) => x.serverCpuMs !== null) ? { serverCpuMs: Math.round((100 * sum((x) => x.serverCpuMs!)) / sum((x) => x.requests)) / 100 } : {}),
    };
  });
}

/**
 * Answers each door serves a scenario before it is measured, unless told otherwise. The
 * server is measured as it runs in a store, warm: V8 goes on optimising the product's code
 * over its first thousands of calls, far longer than it takes over the baseline's few
 * functions, so a freshly started server measures the compiler more than the product
 * (docs/PERFORMANCE.md, "Warm-up").
 */
export const WARM_UP_REQUESTS = 2000;

/**
 * Each door serves `requests` answers of the scenario, unmeasured, at `connections`, so
 * that what follows measures the code V8 has optimised (WARM_UP_REQUESTS).
 */
async function warmUp(s: Scenario, connections: number, requests: number): Promise<void> {
  const doors: Door[] = ['baseline', 'rest', 'trpc'];
  for (const door of doors) {
    const slice = await runSlice(s, door, connections, { requests });
    assertAnswered(`${s.name} ${door} (warming up)`, slice);
  }
}

/**
 * Every scenario at every connection count, after a warm-up of `warmUpRequests` answers per
 * door (at the most connections it is measured at); `settle` runs before each measurement
 * (the vacuum autovacuum would have done), so each starts from the same state of the data.
 */
export async function runLoad(
  fixture: Fixture,
  opts: { connections: number[]; durationSec: number; warmUpRequests?: number; only?: string[]; settle?: () => Promise<void>; serverPid?: number | undefined },
): Promise<Figure[]> {
  const figures: Figure[] = [];
  const warmUpRequests = opts.warmUpRequests ?? WARM_UP_REQUESTS;
  for (const s of scenarios(fixture)) {
    if (opts.only && !opts.only.includes(s.name)) continue;
    const counts = s.connections ? opts.connections.filter((c) => s.connections!.includes(c)) : opts.connections;
    if (counts.length > 0 && warmUpRequests > 0) await warmUp(s, Math.max(...counts), warmUpRequests);
    for (const connections of counts) {
      await opts.settle?.();
      for (const figure of await measureDoors(s, connections, opts.durationSec, opts.serverPid)) {
        figures.push(figure);
        console.log(
          `${s.name.padEnd(28)} ${figure.door.padEnd(8)} c=${String(connections).padEnd(3)} ${figure.reqPerSec.toFixed(0).padStart(6)} req/s  p50 ${figure.p50} ms  p99 ${figure.p99} ms` +
            (figure.serverCpuMs !== undefined ? `  server CPU ${figure.serverCpuMs.toFixed(2)} ms/req` : '') +
            (figure.errors || figure.non2xx ? `  errors ${figure.errors} non2xx ${figure.non2xx}` : ''),
        );
      }
    }
  }
  return figures;
}
