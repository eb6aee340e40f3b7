/**
 * Server project global set-up. With DATABASE_URL set, every suite runs on a PostgreSQL database of
 * its own; migrating and seeding one from nothing costs several seconds per suite. Instead, once per
 * run, this builds a template database (migrated, seeded, login key made: the state a started server
 * leaves) and hands its name to the suites (`inject('postgresTemplate')`); each suite's database is
 * then `CREATE DATABASE ... TEMPLATE` of it, a copy in under a second. The suites' servers still
 * start on their copy as usual (migrations and the idempotent seed find nothing to do). A suite whose
 * server sources differ from the template's (edited during the run) migrates and seeds an empty
 * database as before. The template is dropped when the run ends (and rebuilt for each rerun in watch mode).
 */
import { randomBytes } from 'node:crypto';
import pg from 'pg';
import type { TestProject } from 'vitest/node';
import { buildApp } from '../../../server/app.ts';
import { openDatabase } from '../../../server/db/database.ts';
import { serverSourcesHash } from '../../../server/db/initial-data-dir.ts';

declare module 'vitest' {
  export interface ProvidedContext {
    /** A migrated and seeded PostgreSQL database to copy, and the server sources it was built from (only when DATABASE_URL is set). */
    postgresTemplate?: { name: string; sourcesHash: string };
  }
}

async function onServer(serverUrl: string, statement: string) {
  const client = new pg.Client({ connectionString: serverUrl });
  await client.connect();
  try {
    await client.query(statement);
  } finally {
    await client.end();
  }
}

/** A new template database; returns its name and the server sources it was built from. */
async function buildTemplate(serverUrl: string): Promise<{ name: string; sourcesHash: string }> {
  // Hashed before the build: a source changed meanwhile makes suites skip this template, never trust it.
  const sourcesHash = await serverSourcesHash();
  const name = `portal_test_template_${randomBytes(6).toString('hex')}`;
  await onServer(serverUrl, `CREATE DATABASE ${name}`);
  try {
    const database = await openDatabase({ databaseUrl: Object.assign(new URL(serverUrl), { pathname: `/${name}` }).toString() });
    try {
      await (await buildApp({ db: database.db })).close();
    } finally {
      // A template may have no open connections while it is copied.
      await database.close();
    }
  } catch (error) {
    await dropTemplate(serverUrl, name);
    throw error;
  }
  return { name, sourcesHash };
}

const dropTemplate = (serverUrl: string, name: string) => onServer(serverUrl, `DROP DATABASE IF EXISTS ${name} WITH (FORCE)`);

export default async function setup(project: TestProject) {
  const serverUrl = process.env.DATABASE_URL;
  if (!serverUrl) return;
  let template = await buildTemplate(serverUrl);
  project.provide('postgresTemplate', template);
  // Watch mode: a rerun may follow a change of migrations or demo data, so it gets a new template.
  project.onTestsRerun(async () => {
    await dropTemplate(serverUrl, template.name);
    template = await buildTemplate(serverUrl);
    project.provide('postgresTemplate', template);
  });
  return () => dropTemplate(serverUrl, template.name);
}
