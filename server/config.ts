/**
 * What the server needs besides its database, and how environment variables set it.
 * Tests pass their own values to buildApp; server/main.ts reads the environment.
 */
import { DEFAULT_ADMIN_PASSWORD } from './db/seed/demo-data.ts';

export interface ServerConfig {
  /** Captcha/Get hands out captchas and Auth/GetToken requires one (env CAPTCHA=off turns it off). */
  captchaEnabled: boolean;
  captchaTtlMs: number;
  /** Password of the seeded ADMIN user when it is first created (env ADMIN_PASSWORD). */
  adminPassword: string;
  /** Lifetime of a bearer token. */
  sessionTtlMs: number;
  /** This many consecutive wrong passwords lock the login for durationMs. */
  loginLock: { maxFailures: number; durationMs: number };
  /** Statement timeout of list data queries and user-configured SQL (REFERENCE_SQL, SUB_SQL, report SQL). */
  listQueryTimeoutMs: number;
}

const MINUTE = 60_000;

export const DEFAULT_SERVER_CONFIG: ServerConfig = {
  captchaEnabled: true,
  captchaTtlMs: 5 * MINUTE,
  adminPassword: DEFAULT_ADMIN_PASSWORD,
  sessionTtlMs: 12 * 60 * MINUTE,
  loginLock: { maxFailures: 5, durationMs: 15 * MINUTE },
  listQueryTimeoutMs: 30_000,
};

/** The process settings of server/main.ts (PORT, DATABASE_URL, DATA_DIR) plus the ServerConfig ones. */
export function configFromEnv(env: NodeJS.ProcessEnv = process.env) {
  return {
    port: Number(env.PORT || 8080),
    databaseUrl: env.DATABASE_URL || undefined,
    dataDir: env.DATA_DIR || './data',
    server: {
      ...DEFAULT_SERVER_CONFIG,
      captchaEnabled: (env.CAPTCHA ?? '').toLowerCase() !== 'off',
      adminPassword: env.ADMIN_PASSWORD || DEFAULT_ADMIN_PASSWORD,
    } satisfies ServerConfig,
  };
}
