/** Small timing helpers shared by the benchmarks: bounded repetitions, median and p95 in ms. */
import { performance } from 'node:perf_hooks';

export interface Timing {
  median: number;
  p95: number;
  runs: number;
}

/** Runs `fn` `runs` times after `warmup` untimed runs; stops early once `budgetMs` is spent. */
export async function time(fn: () => Promise<unknown>, { runs = 30, warmup = 3, budgetMs = 20_000 } = {}): Promise<Timing> {
  for (let i = 0; i < warmup; i++) await fn();
  const samples: number[] = [];
  const deadline = performance.now() + budgetMs;
  while (samples.length < runs && performance.now() < deadline) {
    const start = performance.now();
    await fn();
    samples.push(performance.now() - start);
  }
  samples.sort((a, b) => a - b);
  const at = (q: number) => samples[Math.min(samples.length - 1, Math.floor(q * samples.length))];
  return { median: at(0.5), p95: at(0.95), runs: samples.length };
}

export const ms = (value: number | undefined) => (value === undefined ? '—' : `${value.toFixed(value < 10 ? 2 : 1)} ms`);

/** Prints rows side by side: one label column, then one column per variant. */
export function printTable(title: string, columns: string[], rows: [string, ...string[]][]) {
  const widths = [Math.max(...rows.map((r) => r[0].length), 10), ...columns.map((c, i) => Math.max(c.length, ...rows.map((r) => (r[i + 1] ?? '').length)))];
  const line = (cells: string[]) => cells.map((c, i) => (i === 0 ? c.padEnd(widths[i]) : c.padStart(widths[i]))).join('   ');
  console.log(`\n${title}`);
  console.log(line(['', ...columns]));
  for (const row of rows) console.log(line(row));
}

/** The q-quantile of the samples (nearest rank; with fewer than ~50 samples p95 is the maximum, STACK.md). */
export function percentile(samples: readonly number[], q: number): number {
  const sorted = [...samples].sort((a, b) => a - b);
  return sorted[Math.min(sorted.length - 1, Math.floor(q * sorted.length))];
}
