/**
 * A CPU profile of the server's side of Bill/Pick (or Bill/ConfirmReceipt) under the posting bench's
 * load (bench/bill-posting.ts, bill-workloads.ts): the same app over HTTP, CLIENTS concurrent clients
 * in a worker thread (not in the profile), the server's thread profiled by the inspector while the
 * window runs. Writes the .cpuprofile and prints the self time per function and per file.
 *
 * DATABASE_URL=postgres://... node --import tsx bench/profile-posting.ts [Pick|ConfirmReceipt] [seconds] [out.cpuprofile]
 * (BENCH_PROFILE=0: the unprofiled window's CPU per call only)
 */
import { readFileSync } from 'node:fs';
import { writeFile } from 'node:fs/promises';
import type { AddressInfo } from 'node:net';
import { Session } from 'node:inspector/promises';
import { sql } from 'kysely';
import { buildApp } from '../server/app.ts';
import { DEFAULT_SERVER_CONFIG } from '../server/config.ts';
import { openDatabase } from '../server/db/database.ts';
import { adminClient } from './admin-client.ts';
import { billWorkloads } from './bill-workloads.ts';
import type { PostingContext } from './bill-posting.ts';
import { runHttpLoad } from './http-load.ts';
import { createScratchDatabase } from './scratch-database.ts';

const ORG = 'org-f01';
const which = process.argv[2] ?? 'Pick';
const seconds = Number(process.argv[3] ?? 8);
const out = process.argv[4] ?? `/tmp/posting-${which}.cpuprofile`;
const clients = Number(process.env.BENCH_POSTING_CLIENTS ?? 8);

interface ProfileNode {
  id: number;
  callFrame: { functionName: string; url: string; lineNumber: number };
  hitCount: number;
  children?: number[];
}

async function main() {
  const databaseUrl = process.env.DATABASE_URL;
  if (!databaseUrl) throw new Error('DATABASE_URL');
  const scratch = await createScratchDatabase(databaseUrl);
  const database = await openDatabase({ databaseUrl: scratch.url });
  const app = await buildApp({ db: database.db, config: { ...DEFAULT_SERVER_CONFIG, captchaEnabled: false } });
  try {
    const { call, login } = await adminClient(app, { overHttp: true });
    const token = (await login()).Token;
    const baseUrl = `http://127.0.0.1:${(app.server.address() as AddressInfo).port}`;
    const parts = (await sql<{ code: string }>`select code from md_part where org_id = ${ORG} order by code limit ${clients}`.execute(database.db)).rows.map((r) => r.code);
    const ctx: PostingContext = {
      db: database.db,
      app,
      call,
      token,
      org: ORG,
      clients,
      parts,
      place: { sic: 'RAW01', loc: 'RAW01-01' },
      caller: { orgId: ORG, userId: 'user-bench', userName: 'bench' },
    };
    const workload = (await billWorkloads(ctx)).find((w) => w.label.includes(which))!;
    const headers = { authorization: `Bearer ${token}`, organizeid: ORG };
    const window = async (perClient: number, round: string, s: number) => {
      const prepared = await workload.prepare(perClient, round);
      if (!('http' in prepared)) throw new Error('not an HTTP workload');
      return runHttpLoad({ baseUrl, headers, clients: prepared.http, seconds: s });
    };
    const warm = await window(150, 'pw', 2);
    console.log(`warm-up: ${(warm.done / (warm.elapsedMs / 1000)).toFixed(0)}/s, failed ${warm.failed} ${warm.failures.join(' ')}`);
    const perClient = Math.ceil(((warm.done / (warm.elapsedMs / 1000)) * seconds * 2.5) / clients) + 50;
    // Without the profiler first: the server thread's CPU per call (/proc: the main thread only, not the clients' worker).
    const plain = await workload.prepare(perClient, 'pc');
    if (!('http' in plain)) throw new Error('not an HTTP workload');
    const cpu0 = threadCpuMs();
    const measured = await runHttpLoad({ baseUrl, headers, clients: plain.http, seconds });
    const cpu1 = threadCpuMs();
    console.log(
      `unprofiled: ${(measured.done / (measured.elapsedMs / 1000)).toFixed(0)}/s, server thread CPU ${((cpu1 - cpu0) / measured.done).toFixed(3)} ms/call, failed ${measured.failed}`,
    );
    // BENCH_PROFILE=0: the CPU per call only.
    if (process.env.BENCH_PROFILE === '0') return;
    const prepared = await workload.prepare(perClient, 'pp');
    if (!('http' in prepared)) throw new Error('not an HTTP workload');
    const session = new Session();
    session.connect();
    await session.post('Profiler.enable');
    await session.post('Profiler.setSamplingInterval', { interval: 200 });
    await session.post('Profiler.start');
    const result = await runHttpLoad({ baseUrl, headers, clients: prepared.http, seconds });
    const { profile } = await session.post('Profiler.stop');
    session.disconnect();
    console.log(`profiled: ${(result.done / (result.elapsedMs / 1000)).toFixed(0)}/s (${result.done} calls), failed ${result.failed} ${result.failures.join(' ')}`);
    await writeFile(out, JSON.stringify(profile));
    summarise(profile as unknown as { nodes: ProfileNode[]; samples: number[]; timeDeltas: number[] }, result.done);
  } finally {
    await app.close();
    await database.close();
    await scratch.drop();
  }
}

/** The main thread's CPU time (user + system), from /proc (Linux; clock ticks of 10 ms). */
function threadCpuMs(): number {
  const stat = readFileSync(`/proc/self/task/${process.pid}/stat`, 'utf8');
  const fields = stat.slice(stat.lastIndexOf(')') + 2).split(' ');
  return (Number(fields[11]) + Number(fields[12])) * 10;
}

function summarise(profile: { nodes: ProfileNode[]; samples: number[]; timeDeltas: number[] }, calls: number) {
  const byId = new Map(profile.nodes.map((n) => [n.id, n]));
  const selfUs = new Map<number, number>();
  profile.samples.forEach((id, i) => selfUs.set(id, (selfUs.get(id) ?? 0) + (profile.timeDeltas[i] ?? 0)));
  const total = [...selfUs.values()].reduce((a, b) => a + b, 0);
  const fn = new Map<string, number>();
  const file = new Map<string, number>();
  for (const [id, us] of selfUs) {
    const n = byId.get(id)!;
    const f = n.callFrame.url.replace(/^file:\/\//, '').replace(/.*node_modules\//, 'nm/').replace(/.*wt-pick-speed\//, '');
    const key = `${n.callFrame.functionName || '(anon)'} ${f}:${n.callFrame.lineNumber + 1}`;
    fn.set(key, (fn.get(key) ?? 0) + us);
    const pkg = f.startsWith('nm/') ? f.split('/').slice(0, f.split('/')[1].startsWith('@') ? 3 : 2).join('/') : f || n.callFrame.functionName;
    file.set(pkg, (file.get(pkg) ?? 0) + us);
  }
  const idle = fn.get('(idle) :0') ?? 0;
  console.log(`total ${(total / 1000).toFixed(0)} ms, idle ${(idle / 1000).toFixed(0)} ms, busy per call ${((total - idle) / calls / 1000).toFixed(3)} ms`);
  const show = (title: string, map: Map<string, number>, n: number) => {
    console.log(`\n${title}`);
    for (const [k, us] of [...map].sort((a, b) => b[1] - a[1]).slice(0, n)) console.log(`${(us / calls).toFixed(1).padStart(7)} µs/call ${((us / (total - idle)) * 100).toFixed(1).padStart(5)}%  ${k}`);
  };
  show('by package / file (self)', file, 40);
  show('by function (self)', fn, 60);
}

await main();
