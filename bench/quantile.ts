/** The nearest-rank quantile q (0..1) of ascending-sorted samples. */
export function quantile(sorted: readonly number[], q: number): number {
  if (sorted.length === 0) return Number.NaN;
  return sorted[Math.min(sorted.length - 1, Math.max(0, Math.ceil(q * sorted.length) - 1))]!;
}

/** One line of figures: the p50, p95 and max of `samples` (ms, in any order) and a note. */
export function timingLine(name: string, samples: readonly number[], note: string): string {
  const sorted = [...samples].sort((a, b) => a - b);
  const ms = (v: number) => v.toFixed(1).padStart(7);
  return `${name.padEnd(32)} p50 ${ms(quantile(sorted, 0.5))} ms  p95 ${ms(quantile(sorted, 0.95))} ms  max ${ms(sorted.at(-1) ?? Number.NaN)} ms  ${note}`;
}

/** Runs `call` n times in turn, prints its timing line with a note on the last result, and answers that result. */
export async function timeCalls<T>(name: string, n: number, call: () => Promise<T>, note: (result: T) => string): Promise<T> {
  let result!: T;
  const samples: number[] = [];
  for (let i = 0; i < n; i++) {
    const start = performance.now();
    result = await call();
    samples.push(performance.now() - start);
  }
  console.log(timingLine(name, samples, note(result)));
  return result;
}
