/**
 * The home area's own list screens (menus /home/notice, /home/warning, /home/todo, /home/memo) are
 * DataGrids over these views. To-do items and memos are a user's own: such a list is scoped to the
 * caller's user name (list_routes.user_scoped, applied in server/query/list-source.ts) as well as,
 * or instead of, the organisation. Column comments are the captions the grid shows.
 */
import { sql, type Kysely } from 'kysely';

// The row's own columns first (what a user reads), the keys and scope columns last.
const KEYS = { id: '编号', org_id: '组织' };

const VIEWS: { name: string; select: string; captions: Record<string, string> }[] = [
  {
    name: 'home_notice_list',
    select: `select n.title, n.is_top, n.publisher, n.publish_time, n.id, n.org_id from home_notices n`,
    captions: { title: '标题', is_top: '置顶', publisher: '发布人', publish_time: '发布时间', ...KEYS },
  },
  {
    name: 'home_warning_list',
    select: `select w.title, w.content, w.warning_level, w.call_status, w.call_time, w.created_at, w.id, w.org_id from home_warnings w`,
    captions: { title: '标题', content: '内容', warning_level: '级别', call_status: '调用状态', call_time: '调用时间', created_at: '创建时间', ...KEYS },
  },
  {
    name: 'home_todo_list',
    select: `select t.title, t.content, t.priority, t.status, t.due_time, t.created_at, u.user_name, t.id, t.org_id
             from user_todos t join users u on u.id = t.user_id`,
    captions: { title: '标题', content: '内容', priority: '优先级', status: '状态', due_time: '截止时间', created_at: '创建时间', user_name: '用户', ...KEYS },
  },
  {
    name: 'home_memo_list',
    select: `select m.content, m.created_at, u.user_name, m.id from user_memos m join users u on u.id = m.user_id`,
    captions: { content: '内容', created_at: '创建时间', user_name: '用户', id: KEYS.id },
  },
];

export async function up(db: Kysely<any>): Promise<void> {
  await db.schema.alterTable('list_routes').addColumn('user_scoped', 'boolean', (c) => c.notNull().defaultTo(false)).execute();
  for (const view of VIEWS) {
    await sql`create view ${sql.table(view.name)} as ${sql.raw(view.select)}`.execute(db);
    for (const [column, caption] of Object.entries(view.captions)) {
      await sql`comment on column ${sql.table(view.name)}.${sql.id(column)} is ${sql.lit(caption)}`.execute(db);
    }
  }
}

export async function down(db: Kysely<any>): Promise<void> {
  for (const view of [...VIEWS].reverse()) await sql`drop view ${sql.table(view.name)}`.execute(db);
  await db.schema.alterTable('list_routes').dropColumn('user_scoped').execute();
}
