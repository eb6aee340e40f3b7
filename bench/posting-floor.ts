/**
 * The database floor of the posting calls (bench/bill-posting.ts): the rows a Bill/Pick or a
 * Bill/ConfirmReceipt writes, with the locks it takes, as the fewest plain statements
 * (bench/posting-floor/*.sql), run by pgbench (prepared statements, the bench's client count) on the
 * same bills and reels the HTTP workloads get, in the bench's own migrated database. No server, no
 * access check, no answer: what any implementation of these calls over this schema costs at least,
 * so its ratio to tpcb-like says how much of the goal the schema's writes leave to the server.
 * A pick's writes are measured a second way, as one call of a PL/pgSQL function (functions.sql): the
 * floor of a design in which each bill action is one database round trip. And a third: that function
 * called over HTTP by a bench route behind the product's own access check (the bill grant, the
 * session and the cache generation read), the ceiling of such a design on this machine, Node,
 * HTTP and the load's clients included.
 */
import { execFile } from 'node:child_process';
import { readFileSync } from 'node:fs';
import { fileURLToPath } from 'node:url';
import { promisify } from 'node:util';
import { sql } from 'kysely';
import type { FastifyInstance } from 'fastify';
import { accessControl, authOf, billAccessControl } from '../server/access.ts';
import { listContractOperations, loadContract } from '../server/contract.ts';
import type { ServerContext } from '../server/context.ts';
import type { DB } from '../server/db/database.ts';
import { GenerationCache } from '../server/db/generation-cache.ts';
import type { HttpJob, HttpLoadResult } from './http-load.ts';
import type { PostingContext, Workload } from './bill-posting.ts';
import { pgbenchTarget, pgbenchTps, pgbenchWindow } from './pgbench.ts';

const run = promisify(execFile);
/** The floors per bill workload: its writes as plain statements, and a pick's as one function call. */
const FLOORS = {
  receipt: [{ script: 'receipt.sql', label: "Bill/ConfirmReceipt's writes alone, pgbench script (the database floor)" }],
  pick: [
    { script: 'pick.sql', label: "Bill/Pick's writes alone, pgbench script (the database floor)" },
    { script: 'pick-function.sql', label: "Bill/Pick's writes as one database function call (its floor)" },
  ],
} as const;
const scriptPath = (name: string) => fileURLToPath(new URL(`./posting-floor/${name}`, import.meta.url));

/** What a floor window needs: the script and the window its jobs were written under. */
export interface FloorWindow {
  script: string;
  win: string;
}

const CEILING_ROUTE = '/bench/ceiling/pick';
/** The same function over HTTP with no access check at all: what no HTTP design of a pick can beat here. */
const BARE_CEILING_ROUTE = '/bench/ceiling/pick-bare';

/**
 * The floor workloads of the bill workloads, on the same bills and reels: their writes as jobs for
 * pgbench, and a pick's function called over HTTP behind the access check (the ceiling).
 */
export function floorWorkloads(ctx: PostingContext, bills: readonly Workload[]): Workload[] {
  let ready: Promise<unknown> | undefined;
  const tablesReady = () => (ready ??= createFloorTables(ctx));
  const httpJobsOf = async (bill: Workload, perClient: number, round: string) => {
    const prepared = await bill.prepare(perClient, round);
    if (!('http' in prepared)) throw new Error(`${bill.label}: not an HTTP workload`);
    await tablesReady();
    return prepared.http;
  };
  const scripts = bills.flatMap((bill) =>
    FLOORS[bill.kind].map(
      ({ script, label }): Workload => ({
        label,
        kind: bill.kind,
        floor: true,
        prepare: async (perClient, round) => {
          await writeJobs(ctx, round, await httpJobsOf(bill, perClient, round));
          return { pgbench: { script: scriptPath(script), win: round } };
        },
      }),
    ),
  );
  const ceilingOf = (bill: Workload, label: string, url: string): Workload => ({
    label,
    kind: 'pick',
    floor: true,
    prepare: async (perClient, round) => ({
      http: (await httpJobsOf(bill, perClient, round)).map((jobs) => jobs.map((job) => ({ ...job, url }))),
    }),
  });
  const ceilings = bills
    .filter((bill) => bill.kind === 'pick')
    .flatMap((bill) => [
      ceilingOf(bill, "Bill/Pick's writes as one database function call over HTTP, behind the access check (its ceiling)", CEILING_ROUTE),
      ceilingOf(bill, "Bill/Pick's writes as one database function call over HTTP, no access check (the ceiling of any HTTP design)", BARE_CEILING_ROUTE),
    ]);
  return [...scripts, ...ceilings];
}

/**
 * The ceiling's route: Bill/Pick's permission and the product's access hooks (as server/api.ts
 * registers them for /api), then one call of the floor's pick function, answered as a pick is.
 */
export async function registerCeilingRoute(app: FastifyInstance, db: DB) {
  const permission = listContractOperations(loadContract()).find((op) => op.path === '/Bill/Pick')?.permission;
  if (!permission) return;
  // The access hooks read only the database and its generation cache.
  const ctx = { db, cache: new GenerationCache(db), clock: () => new Date() } as unknown as ServerContext;
  const pickAs = async (orgId: string, body: { Id: string; ReelCode: string }) => {
    const { rows } = await sql<{ txn: string }>`select bench_floor_pick(${orgId}, ${body.Id}::bigint, ${body.ReelCode}) as txn`.execute(db);
    return { code: 200, msg: '', data: { Id: body.Id, Status: 'PROCESSING', Reels: [{ ReelCode: body.ReelCode, Status: 'PICKED', TxnId: String(rows[0].txn) }] } };
  };
  await app.register(async (bench) => {
    bench.decorateRequest('auth', null);
    bench.addHook('onRequest', accessControl(ctx));
    bench.addHook('preHandler', billAccessControl(ctx));
    bench.post(CEILING_ROUTE, { config: { permission } }, async (request) => pickAs(authOf(request).orgId, request.body as { Id: string; ReelCode: string }));
  });
  // The bench's clients all post in one organisation, the one its header names.
  app.post(BARE_CEILING_ROUTE, async (request) => pickAs(String(request.headers.organizeid), request.body as { Id: string; ReelCode: string }));
}

/** The jobs' table and the floors' functions, once per bench run. */
async function createFloorTables(ctx: PostingContext) {
  await sql.raw(readFileSync(scriptPath('functions.sql'), 'utf8')).execute(ctx.db);
  await sql`create table bench_floor_jobs (win text, client int, i int, bill_id bigint not null, reel_code text not null, primary key (win, client, i))`.execute(ctx.db);
}

async function writeJobs(ctx: PostingContext, win: string, clients: HttpJob[][]) {
  const rows = clients.flatMap((jobs, client) =>
    jobs.map((job, index) => {
      const body = job.body as { Id: string; ReelCode: string };
      return sql`(${win}, ${client}, ${index + 1}, ${body.Id}::bigint, ${body.ReelCode})`;
    }),
  );
  for (let i = 0; i < rows.length; i += 5000) {
    await sql`insert into bench_floor_jobs (win, client, i, bill_id, reel_code) values ${sql.join(rows.slice(i, i + 5000))}`.execute(ctx.db);
  }
}

/** Runs a floor window: pgbench with the bench's clients for `seconds`, each client through its own jobs. */
export async function runFloor(databaseUrl: string, org: string, clients: number, window: FloorWindow, seconds: number): Promise<HttpLoadResult> {
  const { connection, dbName } = pgbenchTarget(databaseUrl);
  const args = [
    ...pgbenchWindow(clients, seconds), '-M', 'prepared',
    '-D', 'k=0', '-D', `win=${window.win}`, '-D', `org=${org}`, '-f', window.script,
    ...connection, dbName,
  ];
  let stdout: string;
  let ranOut = 0;
  try {
    ({ stdout } = await run('pgbench', args, { maxBuffer: 10_000_000 }));
  } catch (error) {
    // A client whose jobs ended aborts (its job lookup finds no row), as an HTTP client's list ends:
    // the window counts what was done until then. Any other error fails the bench.
    const failure = error as { stdout?: string; stderr?: string };
    const ended = failure.stderr?.match(/expected one row, got 0/g)?.length ?? 0;
    if (!ended || !failure.stdout) throw error;
    ({ stdout } = failure as { stdout: string });
    ranOut = ended;
  }
  const processed = /number of transactions actually processed: (\d+)/.exec(stdout);
  if (!processed) throw new Error(`pgbench printed no count: ${stdout}`);
  const done = Number(processed[1]);
  return { done, failed: 0, failures: [], ranOut, elapsedMs: (done / pgbenchTps(stdout)) * 1000, latencies: [] };
}
