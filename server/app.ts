/**
 * The reference server as a Fastify app, used by server/main.ts and by the tests:
 * migrates the database, writes the system data and (unless DEMO_DATA=off) the demo data, loads the login key, and registers the API
 * (and the built portal when staticDir is given). The caller owns the database handle.
 */
import Fastify, { type FastifyInstance, type FastifyServerOptions } from 'fastify';
import { SerializerSelector, type Options as SerializerOptions, type SerializerCompiler } from '@fastify/fast-json-stringify-compiler';
import { registerApi } from './api.ts';
import { DEFAULT_SERVER_CONFIG, type ServerConfig } from './config.ts';
import { loadContract, type OpenApiDocument } from './contract.ts';
import type { Clock, ServerContext } from './context.ts';
import type { DB } from './db/database.ts';
import { GenerationCache } from './db/generation-cache.ts';
import { migrateToLatest } from './db/migrate.ts';
import { seedStartData } from './db/seed/seed-start.ts';
import { registerCompression } from './http/compression.ts';
import { registerProblemReplies } from './http/problem.ts';
import { registerSecurityHeaders } from './http/security-headers.ts';
import { registerApiReference } from './http/api-reference.ts';
import { contractValidatorCompiler } from './http/validation.ts';
import { registerPortal } from './portal.ts';
import { loadOrCreateLoginKeys } from './security/login-keys.ts';
import { createShelfLights } from './modules/shelves/lights.ts';
import { JobScheduler } from './modules/jobs/scheduler.ts';
import { LiveHub } from './modules/live/hub.ts';
import type { NotificationSource } from './db/notifications.ts';

export interface BuildAppOptions {
  db: DB;
  config?: Partial<ServerConfig>;
  /** Defaults to the system clock. */
  clock?: Clock;
  /** Directory of the built portal (dist/); omitted or unbuilt means API only. */
  staticDir?: string;
  logger?: FastifyServerOptions['logger'];
  /**
   * Build every route's answer serializers while starting, as fastify does by default, instead of on each
   * route's first answer: a test does, so that an answer schema that cannot be built fails a start, not a call.
   */
  serializersAtStart?: boolean;
  /** The contract to route and validate from; defaults to the bundled openapi/generated/openapi.json. */
  contract?: OpenApiDocument;
  /**
   * The database's LISTEN/NOTIFY (DatabaseHandle.notifications), which feeds the live updates; without
   * it the live-update streams get their heartbeats only.
   */
  notifications?: NotificationSource;
}

export async function buildApp(options: BuildAppOptions): Promise<FastifyInstance> {
  const { db } = options;
  const config: ServerConfig = { ...DEFAULT_SERVER_CONFIG, ...options.config };
  await migrateToLatest(db);
  await seedStartData(db, { adminPassword: config.adminPassword, demoData: config.demoData });
  const clock = options.clock ?? (() => new Date());
  const cache = new GenerationCache(db);
  const live = new LiveHub({ db, config, clock, cache }, options.notifications);
  const ctx: ServerContext = {
    db,
    config,
    clock,
    loginKeys: await loadOrCreateLoginKeys(db),
    cache,
    shelfLights: createShelfLights(config),
    jobs: new JobScheduler(db, config.jobs),
    live,
  };
  await live.start();

  const serverOptions: FastifyServerOptions = {
    logger: options.logger ?? false,
    trustProxy: config.trustProxy,
    ...(options.serializersAtStart ? {} : { schemaController: { compilersFactory: { buildSerializer: serializersBuiltOnFirstAnswer } } }),
  };
  const app = Fastify(serverOptions);
  app.addHook('onClose', () => ctx.shelfLights.close());
  // Before the server stops taking connections: an open stream would keep it waiting.
  app.addHook('preClose', async () => live.close());
  // pg-boss stops (its runs under way cancelled) before the caller closes the database.
  app.addHook('onClose', () => ctx.jobs.close());
  // Enabled jobs run again after a restart; pg-boss failing to start is logged, and the job calls say why.
  app.addHook('onReady', async () => void ctx.jobs.resume().catch(() => {}));
  app.setValidatorCompiler(contractValidatorCompiler());
  registerProblemReplies(app);
  registerSecurityHeaders(app, config);
  // Before the API and the portal: compression hooks onto each route as it is registered.
  await registerCompression(app);
  const contract = options.contract ?? loadContract();
  await registerApi(app, ctx, contract);
  registerApiReference(app, contract, { enabled: config.apiReference });
  await registerPortal(app, options.staticDir);
  return app;
}

/**
 * fast-json-stringify's answer serializers, as fastify builds them, but each on its route's first answer:
 * built for all the contract's routes at once they were ~190 ms of every start (of ~2.2 s) and of every
 * app a server test builds, for routes most starts never answer.
 */
function serializersBuiltOnFirstAnswer(externalSchemas?: unknown, options?: SerializerOptions): SerializerCompiler {
  const build = SerializerSelector()(externalSchemas, options);
  return (route) => {
    let serialize: ((doc: unknown) => string) | undefined;
    return (doc) => (serialize ??= build(route))(doc);
  };
}
