/** Markdown tables of a bench run, for docs/PERFORMANCE.md. */
import type { PaintFigures } from './paint';
import type { PlanCheck } from './explain';
import type { Figure } from './load';

export function markdownReport(figures: Figure[], plans: Omit<PlanCheck, 'plan'>[], web: { totalGzipBytes: number } | null, paint: PaintFigures | null = null): string {
  const lines: string[] = [];
  if (figures.length > 0) {
    lines.push('| scenario | conns | baseline req/s | REST req/s (ratio) | tRPC req/s (ratio) | baseline p50/p95/p99 ms | REST p50/p95/p99 ms | tRPC p50/p95/p99 ms |');
    lines.push('|---|---:|---:|---:|---:|---:|---:|---:|');
    const keys = [...new Set(figures.map((f) => `${f.scenario}|${f.connections}`))];
    for (const key of keys) {
      const [scenario, conns] = key.split('|');
      const pick = (door: Figure['door']) => figures.find((f) => f.scenario === scenario && String(f.connections) === conns && f.door === door);
      const base = pick('baseline');
      const rest = pick('rest');
      const trpc = pick('trpc');
      const ratio = (f?: Figure) => (f && base ? ` (${Math.round((100 * f.reqPerSec) / base.reqPerSec)}%)` : '');
      const rate = (f?: Figure) => (f ? f.reqPerSec.toFixed(0) : '–');
      const lat = (f?: Figure) => (f ? `${f.p50} / ${f.p95} / ${f.p99}` : '–');
      lines.push(
        `| ${scenario} | ${conns} | ${rate(base)} | ${rate(rest)}${ratio(rest)} | ${rate(trpc)}${ratio(trpc)} | ${lat(base)} | ${lat(rest)} | ${lat(trpc)} |`,
      );
    }
    lines.push('');
  }
  if (plans.length > 0) {
    lines.push('| scenario | execution ms | index use | statement |');
    lines.push('|---|---:|---|---|');
    for (const p of plans) lines.push(`| ${p.scenario} | ${p.executionMs.toFixed(2)} | ${p.ok ? 'yes' : `seq scan on ${p.seqScans.join(', ')}`} | \`${p.statement.replace(/\|/g, '\\|')}\` |`);
    lines.push('');
  }
  if (web) lines.push(`Initial JavaScript: ${(web.totalGzipBytes / 1024).toFixed(1)} KB gzipped.`, '');
  if (paint) lines.push(`Key-to-paint in a ${paint.lines}-line order over ${paint.keys} keys: p50 ${paint.p50Ms.toFixed(1)} ms, p95 ${paint.p95Ms.toFixed(1)} ms, max ${paint.maxMs.toFixed(1)} ms.`, '');
  return lines.join('\n');
}
