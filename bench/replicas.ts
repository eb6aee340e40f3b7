/**
 * Issue 18: stock-action throughput with 1, 2 and 3 server processes (replicas) on one PostgreSQL
 * database, the same client load each time (CLIENTS scanners picking reels, Bill/Pick over HTTP; each
 * client pinned to a replica, round-robin), interleaved over ROUNDS rounds. For each window it measures
 * the CPU time the server processes and PostgreSQL's processes used (from /proc), so the table says
 * where the bottleneck is: the node processes, PostgreSQL, or the machine's cores as a whole.
 *
 * `npm run bench -- replicas`; BENCH_REPLICAS_CLIENTS (8), BENCH_REPLICAS_SECONDS (8), BENCH_REPLICAS_ROUNDS (2).
 * PostgreSQL only.
 */
import { readFile, readdir } from 'node:fs/promises';
import { availableParallelism } from 'node:os';
import { randomBytes } from 'node:crypto';
import { sql } from 'kysely';
import { DEFAULT_SERVER_CONFIG } from '../server/config.ts';
import { openDatabase } from '../server/db/database.ts';
import { SpawnedServer } from '../tests/server/support/spawned-server.ts';
import type { PostingContext } from './bill-posting.ts';
import { billWorkloads } from './bill-workloads.ts';
import type { BenchCall } from './admin-client.ts';
import { runHttpLoad, type HttpLoadResult } from './http-load.ts';
import { createScratchDatabase } from './scratch-database.ts';
import { ms, percentile, printTable } from './stats.ts';

const ORG = 'org-f01';
const PLACE = { sic: 'RAW01', loc: 'RAW01-01' };
const REPLICAS = [1, 2, 3];
const CLOCK_TICKS = 100;
const pct = (share: number) => `${(share * 100).toFixed(0)}%`;

/** CPU seconds (user + system) a process has used, from /proc/<pid>/stat; 0 when it is gone. */
async function cpuSeconds(pid: number): Promise<number> {
  try {
    const fields = (await readFile(`/proc/${pid}/stat`, 'utf8')).replace(/^.*\) /, '').split(' ');
    return (Number(fields[11]) + Number(fields[12])) / CLOCK_TICKS;
  } catch {
    return 0;
  }
}

/** The PostgreSQL server's processes (every `postgres` process of this machine). */
async function postgresPids(): Promise<number[]> {
  const pids: number[] = [];
  for (const name of await readdir('/proc')) {
    if (!/^\d+$/.test(name)) continue;
    const comm = await readFile(`/proc/${name}/comm`, 'utf8').catch(() => '');
    if (comm.trim() === 'postgres') pids.push(Number(name));
  }
  return pids;
}

/** CPU seconds per process. */
async function cpuOf(pids: number[]): Promise<Map<number, number>> {
  const seconds = new Map<number, number>();
  for (const pid of pids) seconds.set(pid, await cpuSeconds(pid));
  return seconds;
}

/** CPU seconds the processes alive at the end used since `before` (a process that started meanwhile: all of its own). */
function cpuSince(before: Map<number, number>, after: Map<number, number>): number {
  let total = 0;
  for (const [pid, seconds] of after) total += seconds - (before.get(pid) ?? 0);
  return total;
}

/** The machine's busy CPU seconds so far (every process, ours and the other users'), from /proc/stat. */
async function machineBusySeconds(): Promise<number> {
  const [, user, nice, system, , , irq, softirq] = (await readFile('/proc/stat', 'utf8')).split('\n')[0]!.trim().split(/\s+/).map(Number);
  return (user! + nice! + system! + irq! + softirq!) / CLOCK_TICKS;
}

export async function benchReplicas(databaseUrl: string | undefined) {
  if (!databaseUrl) {
    console.log('\n(replica throughput: PostgreSQL only; skipped)');
    return;
  }
  const clients = Number(process.env.BENCH_REPLICAS_CLIENTS ?? 8);
  const seconds = Number(process.env.BENCH_REPLICAS_SECONDS ?? 8);
  const rounds = Number(process.env.BENCH_REPLICAS_ROUNDS ?? 2);
  const scratch = await createScratchDatabase(databaseUrl);
  const database = await openDatabase({ databaseUrl: scratch.url });
  const servers: SpawnedServer[] = [];
  try {
    // The first process migrates and seeds; the others start on what it made.
    servers.push(await SpawnedServer.start({ databaseUrl: scratch.url, demoData: true }));
    servers.push(...(await Promise.all([2, 3].map(() => SpawnedServer.start({ databaseUrl: scratch.url, demoData: true })))));
    const token = await servers[0]!.login('ADMIN', DEFAULT_SERVER_CONFIG.adminPassword, ORG);
    const call: BenchCall = async (method, url, init = {}) => {
      const answer = await servers[0]!.call(method, url, { token: init.token, orgId: init.org, body: init.body });
      if (answer.status !== 200) throw new Error(`${url} answered ${answer.status}: ${JSON.stringify(answer.body)}`);
      return answer.body;
    };
    const parts = (await sql<{ code: string }>`select code from md_part where org_id = ${ORG} order by code limit ${clients}`.execute(database.db)).rows.map((r) => r.code);
    const ctx: PostingContext = {
      db: database.db,
      // The posting workloads ask the app only whether the bill calls exist; the spawned servers have them.
      app: { hasRoute: () => true } as unknown as PostingContext['app'],
      call,
      token,
      org: ORG,
      clients,
      parts,
      place: PLACE,
      caller: { orgId: ORG, userId: 'user-bench', userName: 'bench' },
    };
    const pick = (await billWorkloads(ctx)).find((w) => w.kind === 'pick');
    if (!pick) throw new Error('Bill/Pick is not in this build');
    const headers = { authorization: `Bearer ${token}`, organizeid: ORG };

    /** One window: the clients spread over the first n replicas, all at once. */
    const window = async (n: number, perClient: number, round: string) => {
      const prepared = await pick.prepare(perClient, round);
      if (!('http' in prepared)) throw new Error('an HTTP workload was expected');
      const groups = Array.from({ length: n }, (_, r) => prepared.http.filter((_, c) => c % n === r));
      const nodeBefore = await cpuOf(servers.map((s) => s.pid));
      // PostgreSQL's backends come and go with the pools' connections: read the list at both ends.
      const pgBefore = await cpuOf(await postgresPids());
      const machineBefore = await machineBusySeconds();
      const wallBefore = performance.now();
      const results = await Promise.all(groups.map((group, r) => runHttpLoad({ baseUrl: servers[r]!.baseUrl, headers, clients: group, seconds })));
      const machineCpu = ((await machineBusySeconds()) - machineBefore) / ((performance.now() - wallBefore) / 1000);
      const nodeCpu = cpuSince(nodeBefore, await cpuOf(servers.map((s) => s.pid)));
      const pgCpu = cpuSince(pgBefore, await cpuOf(await postgresPids()));
      const failed = results.reduce((sum, r) => sum + r.failed, 0);
      if (failed) throw new Error(`${failed} picks failed, e.g. ${results.flatMap((r) => r.failures).join('\n')}`);
      const elapsed = Math.max(...results.map((r) => r.elapsedMs)) / 1000;
      return {
        rate: results.reduce((sum, r) => sum + r.done, 0) / elapsed,
        ranOut: results.some((r) => r.ranOut > 0),
        latencies: results.flatMap((r: HttpLoadResult) => r.latencies),
        nodeCpu: nodeCpu / elapsed,
        pgCpu: pgCpu / elapsed,
        machineCpu,
      };
    };

    // Warm-up (plans, connections on every replica) and the supply of reels a window needs.
    const warm = await window(3, 60, `w${randomBytes(2).toString('hex')}`);
    const perClient = Math.ceil((warm.rate * seconds * 2.5) / clients) + 50;
    const runs = new Map<number, Awaited<ReturnType<typeof window>>[]>(REPLICAS.map((n) => [n, []]));
    for (let round = 0; round < rounds; round++) {
      for (const n of REPLICAS) runs.get(n)!.push(await window(n, perClient, `r${round}n${n}${randomBytes(2).toString('hex')}`));
    }

    const cores = availableParallelism();
    const median = (values: number[]) => percentile(values, 0.5);
    const base = median(runs.get(1)!.map((r) => r.rate));
    const rows: [string, ...string[]][] = REPLICAS.map((n) => {
      const list = runs.get(n)!;
      const rate = median(list.map((r) => r.rate));
      const node = median(list.map((r) => r.nodeCpu));
      const pg = median(list.map((r) => r.pgCpu));
      const machine = median(list.map((r) => r.machineCpu));
      const latencies = list.flatMap((r) => r.latencies);
      // Saturated: the machine's cores (whoever uses them) or one single-threaded node process per replica.
      const busiest =
        machine >= cores * 0.85
          ? `CPU: the machine's ${cores} cores are busy (node ${pct(node)}, PostgreSQL ${pct(pg)}, the rest the load generator and other users)`
          : node / n >= 0.85
            ? 'the node processes (each near one core)'
            : `not CPU (cores idle): waiting on PostgreSQL (commits, row locks)`;
      return [
        `${n} replica${n > 1 ? 's' : ''}${list.some((r) => r.ranOut) ? ' (ran out of reels: lower bound)' : ''}`,
        list.map((r) => r.rate.toFixed(0)).join(' / '),
        rate.toFixed(0),
        (rate / base).toFixed(2),
        `${ms(percentile(latencies, 0.5))} / ${ms(percentile(latencies, 0.95))}`,
        pct(node),
        pct(pg),
        pct(machine),
        busiest,
      ];
    });
    printTable(
      `Stock actions (Bill/Pick over HTTP) with 1, 2 and 3 server processes on one PostgreSQL, ${clients} clients in all (pinned round-robin), ${rounds} interleaved rounds of ${seconds} s`,
      ['picks/s per round', 'median', '× 1 replica', 'latency p50 / p95', 'node CPU (all replicas)', 'PostgreSQL CPU', 'machine CPU (all)', 'bottleneck'],
      rows,
    );
    console.log(
      `CPU: seconds of CPU per second of the window (100% = one core), from /proc; the machine has ${cores} cores, shared with the load generator ` +
        '(a worker thread per replica in this process). More replicas add throughput only while the node processes are the bottleneck and cores are free.',
    );
  } finally {
    await Promise.all(servers.map((s) => s.stop()));
    await database.close();
    await scratch.drop();
  }
}
