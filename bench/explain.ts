/**
 * EXPLAIN (ANALYZE, BUFFERS) of every statement the lookup, list and dashboard scenarios
 * run (as recorded), checked for index use: a sequential scan of a large table fails.
 */
import pg from 'pg';
import type { Statement } from './record';

/** A sequential scan counts as a problem only on a table this large (small ones are cheaper scanned). */
const LARGE_TABLE_ROWS = 10_000;

export interface PlanCheck {
  scenario: string;
  statement: string;
  executionMs: number;
  seqScans: string[];
  ok: boolean;
  plan: string;
}

export async function explainAll(url: string, statements: Record<string, Statement[]>, scenarioNames: string[]): Promise<PlanCheck[]> {
  const client = new pg.Client({ connectionString: url });
  await client.connect();
  const { rows: sizes } = await client.query<{ relname: string }>(
    `select relname from pg_class where relkind = 'r' and relnamespace = 'public'::regnamespace and reltuples > $1`,
    [LARGE_TABLE_ROWS],
  );
  const largeTables = sizes.map((r) => r.relname);
  const checks: PlanCheck[] = [];
  for (const name of scenarioNames) {
    for (const s of statements[name] ?? []) {
      if (!/^\s*(select|with)/i.test(s.sql)) continue;
      const { rows } = await client.query<{ 'QUERY PLAN': string }>(`explain (analyze, buffers) ${s.sql}`, s.params);
      const plan = rows.map((r) => r['QUERY PLAN']).join('\n');
      const seqScans = largeTables.filter((t) => new RegExp(`Seq Scan on ${t}\\b`).test(plan));
      const executionMs = Number(/Execution Time: ([\d.]+) ms/.exec(plan)?.[1] ?? NaN);
      checks.push({ scenario: name, statement: s.sql.replace(/\s+/g, ' ').slice(0, 120), executionMs, seqScans, ok: seqScans.length === 0, plan });
    }
  }
  await client.end();
  return checks;
}

/** Explains every recorded statement but the session check and prints a line each; PLANS=<scenario> prints that one's plans whole. */
export async function printPlans(url: string, statements: Record<string, Statement[]>): Promise<void> {
  const explained = await explainAll(url, statements, Object.keys(statements));
  console.log('\n== query plans (EXPLAIN ANALYZE)');
  for (const e of explained) {
    if (/"sessions"/.test(e.statement)) continue;
    console.log(`${e.ok ? 'ok  ' : 'SEQ '} ${e.scenario.padEnd(28)} ${e.executionMs.toFixed(2).padStart(8)} ms  ${e.statement}`);
  }
  if (process.env.PLANS) for (const e of explained) if (e.scenario === process.env.PLANS) console.log(e.plan);
}
