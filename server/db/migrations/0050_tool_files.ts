/**
 * Tools files (系统管理 → 工具文件, spec §2): installers and drivers an administrator uploads (PDA
 * installer APK, label-printer driver, print agent) and every user with 下载中心 downloads. The
 * bytes live in the database (bytea, one row per file in a table of their own so listing never
 * reads them), so `npm start` on PGlite and replicas over one PostgreSQL see the same files.
 */
import { sql, type Kysely } from 'kysely';

export async function up(db: Kysely<any>): Promise<void> {
  await db.schema
    .createTable('tool_files')
    .addColumn('id', 'text', (c) => c.primaryKey())
    .addColumn('name', 'text', (c) => c.notNull())
    .addColumn('version', 'text', (c) => c.notNull())
    .addColumn('remark', 'text', (c) => c.notNull().defaultTo(''))
    .addColumn('published', 'boolean', (c) => c.notNull().defaultTo(true))
    .addColumn('file_name', 'text', (c) => c.notNull())
    .addColumn('content_type', 'text', (c) => c.notNull())
    .addColumn('file_size', 'bigint', (c) => c.notNull())
    .addColumn('sha256', 'text', (c) => c.notNull())
    .addColumn('uploaded_by', 'text', (c) => c.notNull())
    .addColumn('created_at', 'timestamptz', (c) => c.notNull().defaultTo(sql`now()`))
    .addColumn('updated_at', 'timestamptz', (c) => c.notNull().defaultTo(sql`now()`))
    .addUniqueConstraint('tool_files_name_version', ['name', 'version'])
    .execute();
  await db.schema
    .createTable('tool_file_contents')
    .addColumn('tool_file_id', 'text', (c) => c.primaryKey().references('tool_files.id').onDelete('cascade'))
    .addColumn('content', 'bytea', (c) => c.notNull())
    .execute();
}

export async function down(db: Kysely<any>): Promise<void> {
  await db.schema.dropTable('tool_file_contents').execute();
  await db.schema.dropTable('tool_files').execute();
}
