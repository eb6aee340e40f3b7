/**
 * Server test harness. `describeServer` runs a suite once per database: PGlite in memory always,
 * and PostgreSQL too when DATABASE_URL is set (in a new database with a random name, dropped
 * afterwards). One app per suite; tests make their own users so they do not see each other's state.
 *
 * Every response a test gets through `server.call` is checked against the contract for that
 * operation and status, and the test fails when it does not match.
 */
import { constants, publicEncrypt, randomBytes } from 'node:crypto';
import pg from 'pg';
import type { FastifyInstance, FastifyServerOptions } from 'fastify';
import { afterAll, beforeAll, describe, inject } from 'vitest';
import { buildApp } from '../../../server/app.ts';
import { DEFAULT_SERVER_CONFIG, type ServerConfig } from '../../../server/config.ts';
import { loadContract, type OpenApiDocument } from '../../../server/contract.ts';
import { openDatabase, type DatabaseHandle, type DatabaseLimits, type DB } from '../../../server/db/database.ts';
import { createUser } from '../../../server/modules/users/accounts.ts';
import { hashPassword } from '../../../server/security/passwords.ts';
import { createContractResponseChecker } from './contract-responses.ts';
import { serverSourcesHash } from '../../../server/db/initial-data-dir.ts';
import { openSeededPglite, openSeededPgliteInWorker } from './pglite-snapshot.ts';
// The type of inject('postgresTemplate') (declared with the global setup that provides it), also for a
// compilation that includes this file without the setup, such as the master generator's typecheck.
import type {} from './postgres-template.ts';

export const contract = loadContract();
const contractViolations = createContractResponseChecker(contract);

/** A database the suites can run on; `open` may be called again to reopen the same data (restart). */
export interface TestDatabase {
  name: string;
  /** PostgreSQL's connection URL (for a test that needs a session of its own). */
  url?: string;
  open(limits?: DatabaseLimits): Promise<DatabaseHandle>;
  /** Removes what open() created (the scratch PostgreSQL database). */
  dispose(): Promise<void>;
}

/**
 * A fresh PostgreSQL database with a random name on the DATABASE_URL server: empty, or a copy of the
 * database `template()` names when it names one (see postgres-template.ts).
 */
export function scratchPostgres(serverUrl: string, template?: () => Promise<string | undefined>): TestDatabase {
  const name = `portal_test_${randomBytes(6).toString('hex')}`;
  const databaseUrl = Object.assign(new URL(serverUrl), { pathname: `/${name}` }).toString();
  let created = false;
  const onServer = async (statement: string) => {
    const client = new pg.Client({ connectionString: serverUrl });
    await client.connect();
    try {
      await client.query(statement);
    } finally {
      await client.end();
    }
  };
  return {
    name: 'PostgreSQL',
    url: databaseUrl,
    async open(limits?: DatabaseLimits) {
      if (!created) {
        const from = await template?.();
        await onServer(`CREATE DATABASE ${name}${from ? ` TEMPLATE ${from}` : ''}`);
      }
      created = true;
      return openDatabase({ databaseUrl }, limits);
    },
    async dispose() {
      if (created) await onServer(`DROP DATABASE IF EXISTS ${name} WITH (FORCE)`);
    },
  };
}

/**
 * PGlite in memory always (from a snapshot of a started server's database); PostgreSQL as well when
 * DATABASE_URL is set (a copy of the run's template database, made by the project's global set-up).
 */
export function testDatabases(options: { pgliteInWorker?: boolean } = {}): TestDatabase[] {
  const inMemory: TestDatabase = options.pgliteInWorker
    ? { name: 'PGlite in a worker', open: openSeededPgliteInWorker, dispose: async () => {} }
    : { name: 'PGlite', open: openSeededPglite, dispose: async () => {} };
  return process.env.DATABASE_URL ? [inMemory, scratchPostgres(process.env.DATABASE_URL, runTemplate)] : [inMemory];
}

/** The run's PostgreSQL template, unless the server's sources have changed since it was built. */
async function runTemplate(): Promise<string | undefined> {
  const template = inject('postgresTemplate');
  return template && template.sourcesHash === (await serverSourcesHash()) ? template.name : undefined;
}

export interface CallOptions {
  query?: Record<string, string | number>;
  body?: unknown;
  /** A raw body (sent as application/json unless headers say otherwise). */
  payload?: string | Buffer;
  token?: string;
  orgId?: string;
  language?: 'zh-chs' | 'en';
  headers?: Record<string, string>;
  /** The caller's IP address (default 127.0.0.1, as light-my-request sends). */
  clientAddress?: string;
}

export interface CallResult {
  status: number;
  // eslint-disable-next-line @typescript-eslint/no-explicit-any -- checked against the contract already; tests read into it
  body: any;
  /** The body's bytes (for file downloads, whose body is not JSON). */
  rawBody: Buffer;
  contentType: string | undefined;
}

export interface TestServerOptions {
  config?: Partial<ServerConfig>;
  staticDir?: string;
  contract?: OpenApiDocument;
  /** The database's time limit and queue bounds (openDatabase); defaults to the server's. */
  databaseLimits?: DatabaseLimits;
  /** PGlite in a worker thread, as the server runs it, instead of in the test's thread. */
  pgliteInWorker?: boolean;
  /** Answer serializers built at start, not on first answer (server/app.ts). */
  serializersAtStart?: boolean;
  /** The app's logger (none by default), e.g. one that keeps what the server warns about. */
  logger?: FastifyServerOptions['logger'];
  /** The database as the app gets it, e.g. with a Kysely plugin that counts the statements (server.db stays unwrapped). */
  wrapDb?: (db: DB) => DB;
}

export class TestServer {
  app!: FastifyInstance;
  db!: DB;
  readonly config: ServerConfig;
  /** Every response body this server sent during the suite. */
  readonly bodies: string[] = [];
  database!: DatabaseHandle;
  private now = Date.now();
  private publicKey: string | undefined;
  private userCount = 0;

  constructor(private readonly options: TestServerOptions = {}) {
    // Tests log in without captchas unless they ask for them. Every call comes from one address, so
    // the per-address captcha step-up is out of reach unless a suite lowers it.
    this.config = { ...DEFAULT_SERVER_CONFIG, captchaEnabled: false, addressStepUp: { maxFailures: 1_000_000, windowMs: 15 * 60_000 }, ...options.config };
  }

  /** The server's clock: real time when the suite starts, then only moved by advanceClock. */
  readonly clock = () => new Date(this.now);

  advanceClock(ms: number) {
    this.now += ms;
  }

  /** The TestDatabase's name and URL of the database the server runs on. */
  databaseName?: string;
  databaseUrl?: string;

  async start(database: TestDatabase) {
    this.databaseName = database.name;
    this.databaseUrl = database.url;
    this.database = await database.open(this.options.databaseLimits);
    this.db = this.database.db;
    this.app = await buildApp({
      db: this.options.wrapDb?.(this.db) ?? this.db,
      notifications: this.database.notifications,
      config: this.config,
      clock: this.clock,
      staticDir: this.options.staticDir,
      contract: this.options.contract,
      serializersAtStart: this.options.serializersAtStart,
      logger: this.options.logger,
    });
  }

  /** Closes app and database (the database itself stays until the suite's dispose). */
  async stop() {
    await this.app?.close();
    await this.database?.close();
  }

  /** Calls an API operation (path relative to /api) and fails unless the answer keeps the contract. */
  async call(method: string, path: string, options: CallOptions = {}): Promise<CallResult> {
    const headers: Record<string, string> = { ...options.headers };
    if (options.token) headers.authorization = `Bearer ${options.token}`;
    if (options.orgId) headers.organizeid = options.orgId;
    if (options.language) headers['accept-language'] = options.language;
    if (options.payload !== undefined) headers['content-type'] ??= 'application/json';
    const response = await this.app.inject({
      method: method as 'GET',
      url: `/api${path}`,
      query: options.query && Object.fromEntries(Object.entries(options.query).map(([k, v]) => [k, String(v)])),
      headers,
      ...(options.clientAddress ? { remoteAddress: options.clientAddress } : {}),
      ...(options.body !== undefined ? { payload: options.body as object } : {}),
      ...(options.payload !== undefined ? { payload: options.payload } : {}),
    });
    this.bodies.push(response.body);
    const violations = contractViolations({
      method,
      path,
      status: response.statusCode,
      contentType: response.headers['content-type'] as string | undefined,
      body: response.body,
    });
    if (violations.length) throw new Error(`response breaks the contract:\n  ${violations.join('\n  ')}\nbody: ${response.body}`);
    const contentType = response.headers['content-type'] as string | undefined;
    const isJson = !contentType || contentType.startsWith('application/json');
    return {
      status: response.statusCode,
      body: isJson && response.body ? JSON.parse(response.body) : undefined,
      rawBody: response.rawPayload,
      contentType,
    };
  }

  /** Encrypts like the portal's login form (jsencrypt: RSA PKCS#1 v1.5, base64) with the server's public key. */
  async encrypt(plain: string): Promise<string> {
    this.publicKey ??= (await this.call('GET', '/Auth/GetPublicKey')).body.data.PublicKey as string;
    return publicEncrypt({ key: this.publicKey, padding: constants.RSA_PKCS1_PADDING }, Buffer.from(plain)).toString('base64');
  }

  /** Auth/GetToken as the login form sends it; returns the whole answer. */
  async attemptLogin(userName: string, password: string, orgId: string | undefined, extra: Partial<CallOptions> & { captcha?: { id: string; code: string } } = {}) {
    const { captcha, ...options } = extra;
    return this.call('POST', '/Auth/GetToken', {
      ...options,
      orgId,
      body: {
        UserName: userName,
        Password: await this.encrypt(password),
        ...(captcha ? { CaptchaId: captcha.id, CaptchaCode: captcha.code } : {}),
      },
    });
  }

  /** User/ChangePassword as the password dialog sends it (each password encrypted with the server's key). */
  async changePassword(
    caller: { id: string; userName: string; token: string },
    passwords: { old: string; new: string; again?: string },
    language?: 'en',
  ) {
    return this.call('POST', '/User/ChangePassword', {
      token: caller.token,
      language,
      body: {
        Id: caller.id,
        User_Name: caller.userName,
        OldPassword: await this.encrypt(passwords.old),
        NewPassword: await this.encrypt(passwords.new),
        NewPasswordRe: await this.encrypt(passwords.again ?? passwords.new),
      },
    });
  }

  /** Logs in and returns the session's token, ticket and user info; fails the test on a refusal. */
  async login(userName: string, password: string, orgId: string) {
    const { body } = await this.attemptLogin(userName, password, orgId);
    if (body.ErrorInfo.Status) throw new Error(`login of ${userName} refused: ${body.ErrorInfo.Message}`);
    return body.Result as { Token: string; Ticket: string; Userinfo: { ID: string; USER_NAME: string; ROLE_ID: string; ROLE_IDS: string[]; ORGANIZE_ID: string } };
  }

  /** A new user of its own for one test (default: operator role in 一厂/F01); roleIds gives several roles. */
  async createUser(options: { roleId?: string; roleIds?: string[]; orgIds?: string[]; password?: string } = {}) {
    const userName = `tester${++this.userCount}_${randomBytes(3).toString('hex')}`;
    const password = options.password ?? 'secret-1';
    const id = await createUser(this.db, {
      userName,
      nickName: userName,
      roleIds: options.roleIds ?? [options.roleId ?? 'role-operator'],
      passwordHash: await passwordHashOf(password),
      orgIds: options.orgIds ?? ['org-f01'],
    });
    return { id, userName, password };
  }
}

/**
 * One scrypt hash (the product's parameters, a salt of its own) per password per test process: the users a
 * test makes log in against a real hash, but making each its own cost a scrypt that proves nothing (the
 * permission walk makes ~270 users per database; 2 scrypts each were over half its time).
 */
const passwordHashes = new Map<string, Promise<string>>();
const passwordHashOf = (password: string) => {
  if (!passwordHashes.has(password)) passwordHashes.set(password, hashPassword(password));
  return passwordHashes.get(password)!;
};

/** Defines the suite once per test database, each with its own started server. */
/** `suite` is told which database it runs on, for the tests only one of them can run (written only there: never a skip). */
export function describeServer(title: string, options: TestServerOptions, suite: (server: TestServer, database: { name: string }) => void) {
  for (const database of testDatabases({ pgliteInWorker: options.pgliteInWorker })) {
    describe(`${title} (${database.name})`, () => {
      const server = new TestServer(options);
      beforeAll(() => server.start(database));
      afterAll(async () => {
        await server.stop();
        await database.dispose();
      });
      suite(server, database);
    });
  }
}
