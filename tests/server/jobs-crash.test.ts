/**
 * A scheduled job's run under way when its server process dies (kill -9, a power cut) is not left
 * "executing" for ever, and a serial job does not stop: pg-boss would hold the dead run active (and a
 * serial job's queue with it) until its expiry, 15 minutes. On the embedded database the next start
 * closes the dead run; on PostgreSQL another live server process does so within seconds, without a
 * restart (each process holds an advisory lock while it lives: a run whose process's lock is free
 * is an orphan). The orphan's log row says why it ended, and the job's next run starts.
 */
import { describe, it } from 'vitest';
import { crashTargets, type CrashTarget } from './support/crash-targets.ts';
import { sleep, until } from './support/erp.ts';
import { SpawnedServer } from './support/spawned-server.ts';

const ORG = 'org-f01';
/** The run log's error of a run whose server process stopped, read in the default language (zh-chs). */
const ORPHANED = '运行它的服务器进程已停止，本次运行未完成';

interface Run {
  ID: string;
  Status: string;
  StartedAt: string;
  Error: string | null;
}

const admin = async (server: SpawnedServer) => server.caller(await server.login('ADMIN', 'admin123', ORG), ORG);

type Call = Awaited<ReturnType<typeof admin>>;

/** A serial job whose every run takes a minute (the echo task): a kill always finds one under way. */
async function startLongSerialJob(call: Call): Promise<string> {
  const job = await call('/SysJob/AddOrModifySave', { Name: 'serial, a minute a run', Address: 'echo', IntervalSeconds: 1, ExecType: 'SERIAL', Params: { sleepMs: 60_000 } });
  await call('/SysJob/Start', undefined, { id: job.ID });
  return job.ID as string;
}

const runLog = async (call: Call, jobId: string): Promise<Run[]> => call('/SysJob/RunLog', { ID: jobId, Page: 1, Limit: 100 });

describe.concurrent('kill -9 of the server running a job', () => {
  for (const [name, makeTarget] of crashTargets) it(
    `${name}: after the restart the dead run is closed with its reason and the serial job runs again`,
    async ({ expect }) => {
      const target = await makeTarget();
      let server: SpawnedServer | undefined;
      try {
        server = await SpawnedServer.start(target.settings);
        let call = await admin(server);
        const jobId = await startLongSerialJob(call);
        const dead = await until(async () => (await runLog(call, jobId)).find((run) => run.Status === 'EXECUTING'), 30_000, 'a run under way');
        await server.kill();

        server = await SpawnedServer.start(target.settings);
        call = await admin(server);
        const restarted = Date.now();
        const next = await until(
          async () => (await runLog(call, jobId)).find((run) => run.ID !== dead.ID && run.Status === 'EXECUTING'),
          30_000,
          'the next run of the serial job',
        );
        console.log(`${name}: the serial job's next run started ${Date.now() - restarted} ms after the restart`);
        const closed = (await runLog(call, jobId)).find((run) => run.ID === dead.ID)!;
        expect(closed.Status).toBe('FAILED');
        expect(closed.Error).toBe(ORPHANED);
        expect(Date.parse(next.StartedAt)).toBeGreaterThan(Date.parse(dead.StartedAt));
        // One run under way at a time still: the serial job did not gain a second one.
        await sleep(2000);
        expect((await runLog(call, jobId)).filter((run) => run.Status === 'EXECUTING')).toHaveLength(1);
      } finally {
        await server?.stop();
        await target.dispose();
      }
    },
    180_000,
  );

  const postgres = crashTargets.find(([name]) => name === 'PostgreSQL');
  it.runIf(postgres)('PostgreSQL, two server processes: when the one running a serial job dies, the other closes the run and goes on, with no restart', async ({ expect }) => {
    const target = await postgres![1]();
    const servers: SpawnedServer[] = [];
    try {
      servers.push(await SpawnedServer.start(target.settings), await SpawnedServer.start(target.settings));
      const calls = await Promise.all(servers.map(admin));
      const jobId = await startLongSerialJob(calls[0]!);
      const dead = await until(async () => (await runLog(calls[0]!, jobId)).find((run) => run.Status === 'EXECUTING'), 30_000, 'a run under way');
      // The process working the run, by the worker its log row names (host/pid/id).
      const worker = await workerOf(target, dead.ID);
      const owner = servers.findIndex((server) => worker?.split('/')[1] === String(server.pid));
      expect(owner, `the run's worker ${worker}`).toBeGreaterThanOrEqual(0);
      const survivor = calls[1 - owner]!;
      await servers[owner]!.kill();
      const killed = Date.now();
      const next = await until(
        async () => (await runLog(survivor, jobId)).find((run) => run.ID !== dead.ID && run.Status === 'EXECUTING'),
        30_000,
        'the next run on the surviving process',
      );
      console.log(`PostgreSQL: the surviving process started the next run ${Date.now() - killed} ms after the kill`);
      const closed = (await runLog(survivor, jobId)).find((run) => run.ID === dead.ID)!;
      expect(closed.Status).toBe('FAILED');
      expect(closed.Error).toBe(ORPHANED);
      expect(Date.parse(next.StartedAt)).toBeGreaterThan(Date.parse(dead.StartedAt));
    } finally {
      for (const server of servers) await server.stop();
      await target.dispose();
    }
  }, 180_000);
});

/** The worker (host/pid/id of the server process) the run's log row names. */
async function workerOf(target: CrashTarget, runId: string): Promise<string | null | undefined> {
  const handle = await target.open();
  try {
    return (await handle.db.selectFrom('job_runs').select('worker').where('id', '=', runId).executeTakeFirst())?.worker;
  } finally {
    await handle.close();
  }
}
