/**
 * `npm run db:backup -- <file>` / `npm run db:restore -- <file>`: backup and restore of the embedded
 * database in DATA_DIR (default ./data); see server/db/backup.ts. `npm run db:to-postgres --
 * <postgres-url>` copies it into a new PostgreSQL database (server/db/to-postgres.ts). Stop the server first.
 */
import { configFromEnv } from './config.ts';
import { backupDataDir, restoreDataDir } from './db/backup.ts';
import { copyToPostgres } from './db/to-postgres.ts';

const [command, file] = process.argv.slice(2);
const { dataDir, databaseUrl } = configFromEnv();

if (!file || (command !== 'backup' && command !== 'restore' && command !== 'to-postgres')) {
  console.error(
    'usage: npm run db:backup -- <file>  |  npm run db:restore -- <file>  |  npm run db:to-postgres -- <postgres-url>   (DATA_DIR names the data directory)',
  );
  process.exit(2);
}
if (databaseUrl) {
  console.error('DATABASE_URL is set: back up PostgreSQL with pg_dump / pg_restore. These commands are for the embedded database.');
  process.exit(2);
}

try {
  if (command === 'to-postgres') {
    const result = await copyToPostgres(dataDir, file);
    console.log(`Copied ${dataDir} into PostgreSQL: ${result.tables} tables, ${result.rows} rows. Start the server with DATABASE_URL set to it.`);
  } else if (command === 'backup') {
    const result = await backupDataDir(dataDir, file);
    console.log(`Backed up ${dataDir} to ${file} (${result.bytes} bytes; checked: it loads, ${result.tables} tables, ${result.migrations} migrations).`);
  } else {
    const result = await restoreDataDir(file, dataDir);
    console.log(`Restored ${file} into ${dataDir} (checked: it opens, ${result.tables} tables, ${result.migrations} migrations).`);
  }
} catch (error) {
  console.error(`${command} failed: ${error instanceof Error ? error.message : String(error)}`);
  process.exit(1);
}
