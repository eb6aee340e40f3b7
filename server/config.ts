/**
 * What the server needs besides its database, and how environment variables set it.
 * Tests pass their own values to buildApp; server/main.ts reads the environment.
 */
import { DEFAULT_ADMIN_PASSWORD } from './db/seed/system-data.ts';

export interface ServerConfig {
  /** Captcha/Get hands out captchas and Auth/GetToken requires one (env CAPTCHA=off turns it off). */
  captchaEnabled: boolean;
  captchaTtlMs: number;
  /** Unused, unexpired captchas one client address may hold (env CAPTCHA_LIMIT_PER_CLIENT). */
  captchaLimitPerClient: number;
  /** Password of the seeded ADMIN user when it is first created (env ADMIN_PASSWORD). */
  adminPassword: string;
  /**
   * Seed the demo plant (organisations F01/F02, the operator user, master data, home content, the demo
   * list's reels) on top of the system data (menus, buttons, roles, bill types, lookups, ADMIN).
   * Env DEMO_DATA=off: a clean plant with only the system data, ADMIN in one organisation 本厂 (MAIN).
   */
  demoData: boolean;
  /** Lifetime of a bearer token. */
  sessionTtlMs: number;
  /**
   * Wrong passwords per user name (known or not; login and ChangePassword's old password): this many
   * in a row lock it for durationMs, each further lock twice as long up to maxDurationMs. After a lock
   * the user name needs a captcha (even with CAPTCHA=off) until its next successful login. A day
   * without a wrong password forgets the count and the doubling.
   */
  loginLock: { maxFailures: number; durationMs: number; maxDurationMs: number };
  /** Wrong passwords from one client address, each within windowMs of the last, after which every login from it needs a captcha. */
  addressStepUp: { maxFailures: number; windowMs: number };
  /** Statement timeout of list data queries and user-configured SQL (REFERENCE_SQL, SUB_SQL, report SQL). */
  listQueryTimeoutMs: number;
  /** Rows per page statement of an export (server/query/list-export.ts): its fixed cost small, its memory light. */
  exportPageRows: number;
  /** Origins child apps and iframe menus may be framed from (env FRAME_ORIGINS, comma list); empty: any http(s) page. */
  frameOrigins: string[];
  /**
   * Which proxies to believe about the client's address (X-Forwarded-For), as Fastify's trustProxy:
   * env TRUST_PROXY = true (any), or a comma list of proxy addresses/CIDRs. Unset: none, so
   * behind a reverse proxy every client has the proxy's address (per-client limits then apply to all).
   */
  trustProxy: boolean | string;
  /** The interactive API reference at /api-docs (env API_REFERENCE=off turns it off, e.g. in production). */
  apiReference: boolean;
  /** Smart shelves' light device (server/modules/shelves/lights.ts): the built-in simulator (env SHELF_LIGHTS, default) or MQTT. */
  shelfLights: 'simulator' | 'mqtt';
  /** The MQTT broker (env MQTT_URL, mqtt://host:port). */
  mqttUrl: string;
  /** First level of the light topics (env MQTT_TOPIC_PREFIX): <prefix>/<org code>/shelf/<rack>/<cell>/light. */
  mqttTopicPrefix: string;
  /** Time limit of connecting to the broker and of its acknowledgement of one light change (env MQTT_TIMEOUT_MS). */
  mqttTimeoutMs: number;
  /** Scheduled jobs on pg-boss (server/modules/jobs/scheduler.ts): its database and polling. */
  jobs: JobsConfig;
  /** Live updates to open portals (server/modules/live): server-sent events. */
  live: LiveConfig;
}

export interface LiveConfig {
  /** A comment line to every open stream this often: proxies and browsers keep it open, a dead peer is noticed, revoked sessions end. */
  heartbeatMs: number;
  /** Open streams one user may hold on one server process (one per tab); more are refused (429) (env LIVE_STREAMS_PER_USER). */
  maxStreamsPerUser: number;
  /** Open streams on one server process; more are refused (503) (env LIVE_STREAMS_MAX). */
  maxStreams: number;
}

export const DEFAULT_LIVE_CONFIG: LiveConfig = { heartbeatMs: 15_000, maxStreamsPerUser: 8, maxStreams: 2000 };

export interface JobsConfig {
  /** PostgreSQL for pg-boss (the server's DATABASE_URL); unset: through the server's database handle (PGlite). */
  databaseUrl?: string;
  /** How often an idle worker asks pg-boss for a run (pg-boss's minimum is 0.5). */
  pollingIntervalSeconds: number;
  /** How often pg-boss looks at its cron schedules (1..45). */
  cronMonitorIntervalSeconds: number;
  /** How often each process looks for interval jobs that are due. */
  tickMs: number;
  /** Runs of one PARALLEL job a process works on at once. */
  parallelWorkers: number;
}

export const DEFAULT_JOBS_CONFIG: JobsConfig = {
  pollingIntervalSeconds: 2,
  cronMonitorIntervalSeconds: 30,
  tickMs: 1000,
  parallelWorkers: 2,
};

const MINUTE = 60_000;

export const DEFAULT_SERVER_CONFIG: ServerConfig = {
  captchaEnabled: true,
  captchaTtlMs: 5 * MINUTE,
  // Room for a shift logging in behind one NAT address within a captcha's lifetime.
  captchaLimitPerClient: 100,
  adminPassword: DEFAULT_ADMIN_PASSWORD,
  demoData: true,
  sessionTtlMs: 12 * 60 * MINUTE,
  loginLock: { maxFailures: 5, durationMs: 15 * MINUTE, maxDurationMs: 60 * MINUTE },
  addressStepUp: { maxFailures: 10, windowMs: 15 * MINUTE },
  listQueryTimeoutMs: 30_000,
  exportPageRows: 5000,
  frameOrigins: [],
  trustProxy: false,
  apiReference: true,
  shelfLights: 'simulator',
  mqttUrl: 'mqtt://127.0.0.1:1883',
  mqttTopicPrefix: 'portal',
  mqttTimeoutMs: 2000,
  jobs: DEFAULT_JOBS_CONFIG,
  live: DEFAULT_LIVE_CONFIG,
};

function trustProxyFrom(value: string | undefined): boolean | string {
  const text = value?.trim() ?? '';
  if (!text || text === 'false') return false;
  return text === 'true' ? true : text;
}

function shelfLightsFrom(value: string | undefined): ServerConfig['shelfLights'] {
  const text = (value ?? '').trim().toLowerCase();
  if (!text || text === 'simulator') return 'simulator';
  if (text === 'mqtt') return 'mqtt';
  throw new Error(`SHELF_LIGHTS=${value}: expected simulator or mqtt`);
}

/** A comma-separated environment list, blanks dropped. */
export const envList = (value: string | undefined): string[] =>
  (value ?? '').split(',').map((item) => item.trim()).filter(Boolean);

/** The process settings of server/main.ts (PORT, DATABASE_URL, DATA_DIR) plus the ServerConfig ones. */
export function configFromEnv(env: NodeJS.ProcessEnv = process.env) {
  return {
    port: Number(env.PORT || 8080),
    /** The address to listen on: this machine only unless HOST says otherwise (e.g. 0.0.0.0 behind no proxy). */
    host: env.HOST || '127.0.0.1',
    databaseUrl: env.DATABASE_URL || undefined,
    dataDir: env.DATA_DIR || './data',
    server: {
      ...DEFAULT_SERVER_CONFIG,
      captchaEnabled: (env.CAPTCHA ?? '').toLowerCase() !== 'off',
      captchaLimitPerClient: Number(env.CAPTCHA_LIMIT_PER_CLIENT) > 0 ? Number(env.CAPTCHA_LIMIT_PER_CLIENT) : DEFAULT_SERVER_CONFIG.captchaLimitPerClient,
      adminPassword: env.ADMIN_PASSWORD || DEFAULT_ADMIN_PASSWORD,
      demoData: (env.DEMO_DATA ?? '').toLowerCase() !== 'off',
      frameOrigins: envList(env.FRAME_ORIGINS),
      trustProxy: trustProxyFrom(env.TRUST_PROXY),
      apiReference: (env.API_REFERENCE ?? '').toLowerCase() !== 'off',
      shelfLights: shelfLightsFrom(env.SHELF_LIGHTS),
      mqttUrl: env.MQTT_URL || DEFAULT_SERVER_CONFIG.mqttUrl,
      mqttTopicPrefix: env.MQTT_TOPIC_PREFIX || DEFAULT_SERVER_CONFIG.mqttTopicPrefix,
      mqttTimeoutMs: Number(env.MQTT_TIMEOUT_MS) > 0 ? Number(env.MQTT_TIMEOUT_MS) : DEFAULT_SERVER_CONFIG.mqttTimeoutMs,
      // pg-boss gets a pool of its own on the server's PostgreSQL; on the embedded database it shares the server's handle.
      jobs: { ...DEFAULT_SERVER_CONFIG.jobs, databaseUrl: env.DATABASE_URL || undefined },
      live: {
        ...DEFAULT_LIVE_CONFIG,
        maxStreamsPerUser: Number(env.LIVE_STREAMS_PER_USER) > 0 ? Number(env.LIVE_STREAMS_PER_USER) : DEFAULT_LIVE_CONFIG.maxStreamsPerUser,
        maxStreams: Number(env.LIVE_STREAMS_MAX) > 0 ? Number(env.LIVE_STREAMS_MAX) : DEFAULT_LIVE_CONFIG.maxStreams,
      },
    } satisfies ServerConfig,
  };
}
