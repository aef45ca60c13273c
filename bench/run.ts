/**
 * `npm run bench`: generate data (idempotent), load every scenario through both doors and
 * the baseline at 1, 16 and 64 connections, explain every read, measure the web build,
 * and write the figures to bench/results/latest.json.
 *
 *   npm run bench                                  # full sizes, 5 s per measurement
 *   npm run bench -- --orders 100000 --vendors 20000 --duration 3 --connections 1,16
 *   npm run bench -- --only update-line,vendor-list-last --skip-generate
 *   npm run bench -- --only submit-payments --warm-up 0   # a cold server (2,000 answers a door by default)
 *   npm run bench -- --only lookup-number --skip-web      # no web build size, no key-to-paint
 */
import { mkdir, writeFile } from 'node:fs/promises';
import { parseArgs } from 'node:util';
import { DEFAULT_BENCH_URL, generate, readSizes, vacuumDatabase } from './generate';
import { explainAll } from './explain';
import { runLoad, startServers, WARM_UP_REQUESTS, type Figure } from './load';
import { initialJsSize } from './web';
import { measureKeyToPaint } from './paint';
import { markdownReport } from './report';
import { scenarios } from './scenarios';

async function main() {
  const argv = process.argv.slice(2);
  const { values } = parseArgs({
    args: argv,
    options: {
      duration: { type: 'string', default: '5' },
      connections: { type: 'string', default: '1,16,64' },
      'warm-up': { type: 'string', default: String(WARM_UP_REQUESTS) },
      only: { type: 'string' },
      'skip-generate': { type: 'boolean', default: false },
      'skip-load': { type: 'boolean', default: false },
      'skip-web': { type: 'boolean', default: false },
    },
    strict: false,
  });
  const url = process.env.DATABASE_URL ?? DEFAULT_BENCH_URL;
  if (!values['skip-generate']) await generate(url, readSizes(argv));

  const servers = await startServers(url);
  let figures: Figure[] = [];
  try {
    const explained = await explainAll(
      url,
      servers.statements,
      scenarios(servers.fixture)
        .map((s) => s.name)
        .filter((n) => n.startsWith('lookup') || n.startsWith('vendor') || n.startsWith('dashboard')),
    );
    console.log('\n== query plans (EXPLAIN ANALYZE)');
    for (const c of explained) console.log(`${c.ok ? 'ok  ' : 'SEQ '} ${c.scenario.padEnd(28)} ${c.executionMs.toFixed(2).padStart(8)} ms  ${c.statement}`);
    if (!values['skip-load']) {
      console.log('\n== load (autocannon, second process)');
      figures = await runLoad(servers.fixture, {
        connections: String(values.connections).split(',').map(Number),
        durationSec: Number(values.duration),
        warmUpRequests: Number(values['warm-up']),
        settle: () => vacuumDatabase(url),
        serverPid: servers.pid,
        ...(values.only ? { only: String(values.only).split(',') } : {}),
      });
    }
    const web = values['skip-web'] ? null : await initialJsSize().catch(() => null);
    if (web) console.log(`\n== web: initial JavaScript ${(web.totalGzipBytes / 1024).toFixed(1)} KB gzipped (${web.files.map((f) => f.file).join(', ')})`);
    const paint = values['skip-web']
      ? null
      : await measureKeyToPaint().catch((error: unknown) => {
          console.error('key-to-paint not measured:', error);
          return null;
        });
    if (paint) console.log(`== web: key-to-paint in a ${paint.lines}-line order: p50 ${paint.p50Ms.toFixed(1)} ms, p95 ${paint.p95Ms.toFixed(1)} ms, max ${paint.maxMs.toFixed(1)} ms`);
    await mkdir('bench/results', { recursive: true });
    await writeFile('bench/results/latest.json', JSON.stringify({ at: new Date().toISOString(), url: url.replace(/\/\/[^@]*@/, '//'), figures, explained: explained.map(({ plan: _plan, ...c }) => c), web, paint }, null, 2));
    const explainedSummary = explained.map(({ plan: _plan, ...c }) => c);
    await writeFile('bench/results/latest.md', markdownReport(figures, explainedSummary, web, paint));
    printRatios(figures);
  } finally {
    servers.stop();
  }
}

function printRatios(figures: Figure[]) {
  if (figures.length === 0) return;
  console.log('\n== ratio to baseline (req/s)');
  for (const f of figures.filter((x) => x.door !== 'baseline')) {
    const base = figures.find((b) => b.door === 'baseline' && b.scenario === f.scenario && b.connections === f.connections);
    if (base) console.log(`${f.scenario.padEnd(28)} ${f.door.padEnd(5)} c=${String(f.connections).padEnd(3)} ${((100 * f.reqPerSec) / base.reqPerSec).toFixed(0).padStart(4)}%`);
  }
}

main().catch((error) => {
  console.error(error);
  process.exit(1);
});
