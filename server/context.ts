/** What every module's handlers work with; built once by buildApp. */
import type { ServerConfig } from './config.ts';
import type { DB } from './db/database.ts';
import type { GenerationCache } from './db/generation-cache.ts';
import type { LoginKeys } from './security/login-keys.ts';
import type { ShelfLights } from './modules/shelves/lights.ts';
import type { JobScheduler } from './modules/jobs/scheduler.ts';
import type { LiveHub } from './modules/live/hub.ts';

/** The current time. Injected so tests can move past expiries and lock durations. */
export type Clock = () => Date;

export interface ServerContext {
  db: DB;
  config: ServerConfig;
  clock: Clock;
  loginKeys: LoginKeys;
  /** Sessions, grants and list configuration, kept until the database says they changed. */
  cache: GenerationCache;
  /** The smart shelves' light device (simulator or MQTT, per config.shelfLights). */
  shelfLights: ShelfLights;
  /** The scheduled jobs on pg-boss (server/modules/jobs). */
  jobs: JobScheduler;
  /** The server-sent-event streams of open portals on this process, fed by the database's notifications (server/modules/live). */
  live: LiveHub;
}
