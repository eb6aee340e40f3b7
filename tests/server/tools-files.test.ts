/**
 * Tools files, the download centre and Excel import (spec §2 administration): an administrator
 * uploads, replaces and deletes tool files; the download centre lists the published ones and hands
 * back exactly the uploaded bytes under their (Chinese) name; the upload checks (spec §5) answer in
 * the caller's language; Excel import runs a master-data entity's own import, all or nothing.
 */
import { createHash, randomUUID } from 'node:crypto';
import ExcelJS from 'exceljs';
import { sql } from 'kysely';
import { beforeAll, describe, expect, it } from 'vitest';
import type { Grant } from '../../server/contract.ts';
import { PORTAL_APP_CODE, menuIdOf } from '../../server/db/seed/demo-data.ts';
import { seedStartData } from '../../server/db/seed/seed-start.ts';
import { roleButtonKey, roleMenuKey } from '../../server/db/seed/seed-system.ts';
import { contentDisposition } from '../../server/modules/tools/tool-files.ts';
import { adminToken, xlsxOf } from './support/masterdata.ts';
import { describeServer, type TestServer } from './support/test-server.ts';

let seq = 0;
const unique = (prefix: string) => `${prefix}-${Date.now().toString(36)}-${++seq}`;

/** A multipart form as the portal's upload sends it: text fields and at most one file. */
function multipart(fields: Record<string, string>, file?: { name: string; bytes: Buffer; type?: string; field?: string }) {
  const boundary = `tools-test-${Math.random().toString(36).slice(2)}`;
  const parts: Buffer[] = Object.entries(fields).map(([name, value]) =>
    Buffer.from(`--${boundary}\r\nContent-Disposition: form-data; name="${name}"\r\n\r\n${value}\r\n`),
  );
  if (file) {
    parts.push(
      Buffer.from(
        `--${boundary}\r\nContent-Disposition: form-data; name="${file.field ?? 'file'}"; filename="${file.name}"\r\nContent-Type: ${file.type ?? 'application/octet-stream'}\r\n\r\n`,
      ),
      file.bytes,
      Buffer.from('\r\n'),
    );
  }
  parts.push(Buffer.from(`--${boundary}--\r\n`));
  return { payload: Buffer.concat(parts), headers: { 'content-type': `multipart/form-data; boundary=${boundary}` } };
}

const randomBytesOf = (size: number) => Buffer.from(Array.from({ length: size }, (_, i) => (i * 7919 + size) % 256));

async function upload(server: TestServer, token: string, fields: Record<string, string>, file?: { name: string; bytes: Buffer }, language?: 'en') {
  const form = multipart(fields, file);
  return server.call('POST', '/SysToolsFile/AddOrModifySave', { token, payload: form.payload, headers: form.headers, language });
}

describe('Content-Disposition of a download', () => {
  it('carries an ASCII fallback and the real name as RFC 5987 filename*', () => {
    expect(contentDisposition('PDA安装包 v1.2.apk')).toBe(
      `attachment; filename="PDA___ v1.2.apk"; filename*=UTF-8''PDA%E5%AE%89%E8%A3%85%E5%8C%85%20v1.2.apk`,
    );
    expect(contentDisposition(`it's (1).zip`)).toBe(`attachment; filename="it's (1).zip"; filename*=UTF-8''it%27s%20%281%29.zip`);
  });
});

describeServer('tools files and the download centre', {}, (server) => {
  let admin: string;
  let operator: string;
  beforeAll(async () => {
    admin = await adminToken(server);
    operator = (await server.login('operator', 'operator123', 'org-f01')).Token;
  });

  it('an uploaded tool file is listed, published in the download centre, and downloads byte for byte under its Chinese name', async () => {
    const name = unique('PDA安装包');
    const bytes = randomBytesOf(2.5 * 1024 * 1024); // more than one download chunk
    const saved = await upload(server, admin, { NAME: name, VERSION: '1.2.0', REMARK: '扫描枪用', PUBLISHED: 'Y' }, { name: 'PDA安装包-1.2.0.apk', bytes });
    expect(saved.status).toBe(200);
    expect(saved.body.msg).toBe('保存成功');
    expect(saved.body.data).toMatchObject({
      NAME: name,
      VERSION: '1.2.0',
      REMARK: '扫描枪用',
      PUBLISHED: 'Y',
      FILE_NAME: 'PDA安装包-1.2.0.apk',
      FILE_SIZE: bytes.length,
      CONTENT_TYPE: 'application/vnd.android.package-archive',
      SHA256: createHash('sha256').update(bytes).digest('hex'),
    });
    const id = saved.body.data.ID as string;

    const listed = await server.call('POST', '/SysToolsFile/LoadData', { token: admin, body: { Page: 1, Limit: 50, Key: name } });
    expect(listed.body.count).toBe(1);
    expect(listed.body.data[0].ID).toBe(id);

    const published = await server.call('POST', '/SysDownload/LoadData', { token: admin, body: { Page: 1, Limit: 50, Key: name } });
    expect(published.body.data.map((f: { ID: string }) => f.ID)).toEqual([id]);

    for (const path of ['/SysDownload/Download', '/SysToolsFile/Download']) {
      const response = await server.app.inject({ method: 'GET', url: `/api${path}`, query: { id }, headers: { authorization: `Bearer ${admin}` } });
      expect(response.statusCode).toBe(200);
      expect(response.headers['content-type']).toBe('application/octet-stream');
      expect(response.headers['content-disposition']).toBe(contentDisposition('PDA安装包-1.2.0.apk'));
      expect(response.headers['content-disposition']).toContain(`filename*=UTF-8''PDA%E5%AE%89%E8%A3%85%E5%8C%85-1.2.0.apk`);
      expect(Buffer.compare(response.rawPayload, bytes)).toBe(0);
    }
  });

  it('replacing the file of a tool keeps its row and serves the new bytes; an unpublished tool leaves the download centre', async () => {
    const name = unique('标签打印机驱动');
    const first = await upload(server, admin, { NAME: name, VERSION: '3.1' }, { name: 'driver.zip', bytes: randomBytesOf(1000) });
    const id = first.body.data.ID as string;
    const newBytes = randomBytesOf(3333);
    const replaced = await upload(server, admin, { ID: id, NAME: name, VERSION: '3.2', PUBLISHED: 'N' }, { name: '驱动-3.2.exe', bytes: newBytes });
    expect(replaced.status).toBe(200);
    expect(replaced.body.data).toMatchObject({ ID: id, VERSION: '3.2', FILE_NAME: '驱动-3.2.exe', FILE_SIZE: 3333, PUBLISHED: 'N' });

    const download = await server.call('GET', '/SysToolsFile/Download', { token: admin, query: { id } });
    expect(Buffer.compare(download.rawBody, newBytes)).toBe(0);

    const centre = await server.call('POST', '/SysDownload/LoadData', { token: admin, body: { Page: 1, Limit: 50, Key: name } });
    expect(centre.body.count).toBe(0);
    const hidden = await server.call('GET', '/SysDownload/Download', { token: admin, query: { id } });
    expect(hidden.status).toBe(404);

    // Editing without a file keeps the file.
    const renamed = await upload(server, admin, { ID: id, NAME: name, VERSION: '3.2', REMARK: '只改备注', PUBLISHED: 'Y' });
    expect(renamed.body.data).toMatchObject({ REMARK: '只改备注', FILE_NAME: '驱动-3.2.exe', PUBLISHED: 'Y' });
    expect(Buffer.compare((await server.call('GET', '/SysDownload/Download', { token: admin, query: { id } })).rawBody, newBytes)).toBe(0);
  });

  it('deleting a tool file removes it and its bytes', async () => {
    const saved = await upload(server, admin, { NAME: unique('打印代理'), VERSION: '1' }, { name: 'agent.msi', bytes: randomBytesOf(10) });
    const id = saved.body.data.ID as string;
    const deleted = await server.call('POST', '/SysToolsFile/Delete', { token: admin, query: { id } });
    expect(deleted.body.msg).toBe('删除成功');
    expect((await server.call('GET', '/SysToolsFile/Download', { token: admin, query: { id } })).status).toBe(404);
    const { rows } = await sql<{ n: string }>`select count(*) as n from tool_file_contents where tool_file_id = ${id}`.execute(server.db);
    expect(Number(rows[0].n)).toBe(0);
    expect((await server.call('POST', '/SysToolsFile/Delete', { token: admin, query: { id } })).status).toBe(404);
  });

  it('refuses a file of another type, an empty file, a missing file and a duplicate version, in the caller language', async () => {
    const name = unique('工具');
    const script = await upload(server, admin, { NAME: name, VERSION: '1' }, { name: 'run.sh', bytes: Buffer.from('echo hi') });
    expect(script.status).toBe(400);
    expect(script.body.msg).toMatch(/^文件类型或大小错误：不支持 “\.sh” 文件，允许的类型：\.apk \.exe /);
    const scriptEn = await upload(server, admin, { NAME: name, VERSION: '1' }, { name: 'run.sh', bytes: Buffer.from('echo hi') }, 'en');
    expect(scriptEn.body.msg).toMatch(/^Wrong file type or size: "\.sh" files are not accepted; allowed types: \.apk /);
    // Both refusals are placed on the form's file field, which the form marks.
    expect(script.body.data).toEqual({ Field: 'file' });
    expect(scriptEn.body.data).toEqual({ Field: 'file' });

    const empty = await upload(server, admin, { NAME: name, VERSION: '1' }, { name: 'empty.zip', bytes: Buffer.alloc(0) });
    expect(empty.body.msg).toBe('文件类型或大小错误：文件为空');
    const none = await upload(server, admin, { NAME: name, VERSION: '1' });
    expect(none.status).toBe(400);
    expect(none.body.msg).toBe('请选择要上传的文件');

    expect((await upload(server, admin, { NAME: name, VERSION: '1' }, { name: 'a.zip', bytes: Buffer.from('a') })).status).toBe(200);
    const again = await upload(server, admin, { NAME: name, VERSION: '1' }, { name: 'b.zip', bytes: Buffer.from('b') });
    expect(again.status).toBe(409);
    expect(again.body.msg).toBe(`工具文件 ${name} 的版本 1 已存在`);

    // Two uploads of one new version at the same time: one is saved, the other refused the same way.
    const racing = await Promise.all(['c.zip', 'd.zip'].map((file) => upload(server, admin, { NAME: name, VERSION: '2' }, { name: file, bytes: Buffer.from(file) })));
    expect(racing.map((r) => r.status).sort()).toEqual([200, 409]);
    expect(racing.find((r) => r.status === 409)!.body.msg).toBe(`工具文件 ${name} 的版本 2 已存在`);
  });

  it('takes a tool file up to 50 MB and refuses a larger one, saying the limit', async () => {
    const big = await upload(server, admin, { NAME: unique('大文件'), VERSION: '1' }, { name: 'big.zip', bytes: Buffer.alloc(50 * 1024 * 1024 + 1, 1) });
    expect(big.status).toBe(400);
    expect(big.body.msg).toBe('文件类型或大小错误：文件不能超过 50 MB');
    const bigEn = await upload(server, admin, { NAME: unique('big'), VERSION: '1' }, { name: 'big.zip', bytes: Buffer.alloc(50 * 1024 * 1024 + 1, 1) }, 'en');
    expect(bigEn.body.msg).toBe('Wrong file type or size: the file must not exceed 50 MB');
    // The refusal is placed on the multipart field the file came in (the form's upload field).
    expect(big.body.data).toEqual({ Field: 'file' });
    expect(bigEn.body.data).toEqual({ Field: 'file' });
    // Other uploads keep their 10 MB limit.
    const form = multipart({ target: 'Part' }, { name: 'big.xlsx', bytes: Buffer.alloc(10 * 1024 * 1024 + 10, 1) });
    const sheet = await server.call('POST', '/ExcelImport/Import', { token: admin, payload: form.payload, headers: form.headers });
    expect(sheet.body.msg).toBe('文件类型或大小错误：文件不能超过 10 MB');
    expect(sheet.body.data).toEqual({ Field: 'file' });
    // The place is the part's own name, whatever the form called it.
    const named = multipart({ NAME: unique('大文件'), VERSION: '1' }, { name: 'big.zip', bytes: Buffer.alloc(50 * 1024 * 1024 + 1, 1), field: 'installer' });
    const refused = await server.call('POST', '/SysToolsFile/AddOrModifySave', { token: admin, payload: named.payload, headers: named.headers });
    expect(refused.status).toBe(400);
    expect(refused.body).toEqual({ code: 400, msg: '文件类型或大小错误：文件不能超过 50 MB', data: { Field: 'installer' } });
  }, 60_000);

  it('refuses every tools-file and download call to a user whose role lacks the menu (403 拒绝访问)', async () => {
    const form = multipart({ NAME: 'x', VERSION: '1' }, { name: 'x.zip', bytes: Buffer.from('x') });
    const calls = [
      server.call('POST', '/SysToolsFile/LoadData', { token: operator, body: { Page: 1, Limit: 10 } }),
      server.call('POST', '/SysToolsFile/AddOrModifySave', { token: operator, payload: form.payload, headers: form.headers }),
      server.call('POST', '/SysToolsFile/Delete', { token: operator, query: { id: 'x' } }),
      server.call('GET', '/SysToolsFile/Download', { token: operator, query: { id: 'x' } }),
      server.call('POST', '/SysDownload/LoadData', { token: operator, body: { Page: 1, Limit: 10 } }),
      server.call('GET', '/SysDownload/Download', { token: operator, query: { id: 'x' } }),
      server.call('GET', '/ExcelImport/Targets', { token: operator }),
    ];
    for (const answer of await Promise.all(calls)) {
      expect(answer.status).toBe(403);
      expect(answer.body.msg).toBe('拒绝访问');
    }
  });
});

describeServer('the demo system administrator role and the tool screens', {}, (server) => {
  const TOOL_MENUS = ['AdminToolsFile', 'AdminDownload', 'AdminExcelImport'];
  const toolGrants = () =>
    server.db
      .selectFrom('role_menus')
      .innerJoin('menus', 'menus.id', 'role_menus.menu_id')
      .select('menus.menu_code')
      .where('role_menus.role_id', '=', 'role-system-admin')
      .where('menus.menu_code', 'in', TOOL_MENUS)
      .execute();

  it('has the tools-file, download-centre and Excel-import menus, with the tools-file buttons', async () => {
    const user = await server.createUser({ roleId: 'role-system-admin' });
    const token = (await server.login(user.userName, user.password, 'org-f01')).Token;
    const menus = JSON.stringify((await server.call('GET', '/Role/LoadMenusByRoleId', { token, query: { roleId: 'role-system-admin' } })).body.data);
    for (const code of TOOL_MENUS) expect(menus).toContain(`"${code}"`);
    const buttons = (await server.call('GET', '/Role/GetAllButtonByRoleId', { token })).body.data;
    expect(buttons['menu-AdminToolsFile']).toEqual(['Save', 'Delete']);

    const calls = [
      server.call('POST', '/SysToolsFile/LoadData', { token, body: { Page: 1, Limit: 10 } }),
      server.call('POST', '/SysDownload/LoadData', { token, body: { Page: 1, Limit: 10 } }),
      server.call('GET', '/ExcelImport/Targets', { token }),
    ];
    expect((await Promise.all(calls)).map((answer) => answer.status)).toEqual([200, 200, 200]);
  });

  it('a database seeded before these grants gets them on the next start, and a further start adds nothing', async () => {
    const roleMenuCount = async () => Number((await server.db.selectFrom('role_menus').select((eb) => eb.fn.countAll().as('n')).executeTakeFirstOrThrow()).n);
    // As an older seed left it: the role without the tool menus and their buttons.
    await server.db
      .deleteFrom('role_menus')
      .where('role_id', '=', 'role-system-admin')
      .where('menu_id', 'in', TOOL_MENUS.map(menuIdOf))
      .execute();
    await server.db.deleteFrom('role_buttons').where('role_id', '=', 'role-system-admin').where('button_id', 'like', 'button-AdminToolsFile-%').execute();
    // Nor had the seed ledger recorded them (grants it had recorded would stay deleted).
    await server.db
      .deleteFrom('seed_ledger')
      .where('seed_table', '=', 'role_menus')
      .where('seed_key', 'in', TOOL_MENUS.map((code) => roleMenuKey({ role_id: 'role-system-admin', menu_id: menuIdOf(code), app_code: PORTAL_APP_CODE })))
      .execute();
    await server.db
      .deleteFrom('seed_ledger')
      .where('seed_table', '=', 'role_buttons')
      .where('seed_key', 'like', `${roleButtonKey({ role_id: 'role-system-admin', button_id: 'button-AdminToolsFile-' })}%`)
      .execute();
    expect(await toolGrants()).toEqual([]);

    await seedStartData(server.db, { adminPassword: server.config.adminPassword, demoData: true });
    expect((await toolGrants()).map((g) => g.menu_code).sort()).toEqual([...TOOL_MENUS].sort());
    const countAfterTopUp = await roleMenuCount();
    await seedStartData(server.db, { adminPassword: server.config.adminPassword, demoData: true });
    expect(await roleMenuCount()).toBe(countAfterTopUp);
    const buttons = await server.db.selectFrom('role_buttons').select('button_id').where('role_id', '=', 'role-system-admin').where('button_id', 'like', 'button-AdminToolsFile-%').execute();
    expect(buttons.map((b) => b.button_id).sort()).toEqual(['button-AdminToolsFile-Delete', 'button-AdminToolsFile-Save']);
  });
});

/** A signed-in user whose new role has exactly these menus and menu buttons. */
async function tokenWith(server: TestServer, grants: readonly Grant[]): Promise<string> {
  const roleId = `role-tools-${randomUUID()}`;
  await server.db.insertInto('roles').values({ id: roleId, name: roleId, role_type: 'NORMAL' }).execute();
  for (const grant of grants) {
    const menu = await server.db.selectFrom('menus').select('id').where('menu_code', '=', grant.menuCode).executeTakeFirstOrThrow();
    await server.db.insertInto('role_menus').values({ role_id: roleId, menu_id: menu.id, app_code: PORTAL_APP_CODE }).onConflict((oc) => oc.doNothing()).execute();
    if (grant.buttonCode) {
      const button = await server.db
        .selectFrom('menu_buttons')
        .select('id')
        .where('parent_id', '=', menu.id)
        .where('menu_code', '=', grant.buttonCode)
        .executeTakeFirstOrThrow();
      await server.db.insertInto('role_buttons').values({ role_id: roleId, button_id: button.id }).execute();
    }
  }
  const user = await server.createUser({ roleId });
  return (await server.login(user.userName, user.password, 'org-f01')).Token;
}

describeServer('Excel import into master data', {}, (server) => {
  let admin: string;
  beforeAll(async () => {
    admin = await adminToken(server);
  });
  const importFile = (target: string, name: string, bytes: Buffer, language?: 'en') => {
    const form = multipart({ target }, { name, bytes, type: 'application/vnd.openxmlformats-officedocument.spreadsheetml.sheet' });
    return server.call('POST', '/ExcelImport/Import', { token: admin, payload: form.payload, headers: form.headers, language });
  };

  it('lists the master-data entities with their columns, and gives each a template whose header is those columns', async () => {
    const targets = await server.call('GET', '/ExcelImport/Targets', { token: admin });
    const part = targets.body.data.find((t: { RESOURCE: string }) => t.RESOURCE === 'Part');
    expect(part).toMatchObject({ TITLE: '物料', MENU_CODE: 'MasterPart' });
    expect(part.FIELDS[0]).toEqual({ NAME: 'code', LABEL: '料号', REQUIRED: true });

    const template = await server.call('GET', '/ExcelImport/Template', { token: admin, query: { target: 'Part' }, language: 'en' });
    expect(template.status).toBe(200);
    const workbook = new ExcelJS.Workbook();
    await workbook.xlsx.load(template.rawBody as unknown as ArrayBuffer);
    const header = workbook.worksheets[0].getRow(1).values as unknown[];
    const enTargets = await server.call('GET', '/ExcelImport/Targets', { token: admin, language: 'en' });
    const enPart = enTargets.body.data.find((t: { RESOURCE: string }) => t.RESOURCE === 'Part');
    expect(header.slice(1)).toEqual(enPart.FIELDS.map((f: { LABEL: string }) => f.LABEL));
    expect(workbook.worksheets[0].rowCount).toBe(1);

    const unknown = await server.call('GET', '/ExcelImport/Template', { token: admin, query: { target: 'Nothing' } });
    expect(unknown.status).toBe(404);
    expect(unknown.body.msg).toBe('导入对象 Nothing 不存在');
  });

  it('an upload with one bad row is refused with the per-row report and writes nothing', async () => {
    const codes = [unique('XI'), unique('XI')];
    const file = await xlsxOf(['料号', '品名', '单位'], [
      [codes[0], '电容', 'PCS'],
      [codes[1], '', 'PCS'],
    ]);
    const answer = await importFile('Part', 'parts.xlsx', file);
    expect(answer.status).toBe(200);
    expect(answer.body.msg).toBe('导入失败：1 行有错误，未写入任何数据，请下载错误报告');
    expect(answer.body.data.IMPORTED).toBe(0);
    expect(answer.body.data.ERRORS).toEqual([{ ROW: 3, MESSAGE: '请输入品名' }]);
    expect(answer.body.data.REPORT_FILE).toBeTruthy();
    const { rows } = await sql<{ n: string }>`select count(*) as n from md_part where code = any(${codes})`.execute(server.db);
    expect(Number(rows[0].n)).toBe(0);
  });

  it('a good upload is written in one go and answers the count', async () => {
    const codes = [unique('XI'), unique('XI')];
    const file = await xlsxOf(['料号', '品名', '单位'], codes.map((code) => [code, '电阻', 'PCS']));
    const answer = await importFile('Part', 'parts.xlsx', file, 'en');
    expect(answer.body.msg).toBe('Rows imported: 2');
    expect(answer.body.data).toEqual({ IMPORTED: 2, ERRORS: [] });
    const { rows } = await sql<{ n: string }>`select count(*) as n from md_part where code = any(${codes})`.execute(server.db);
    expect(Number(rows[0].n)).toBe(2);
  });

  it("offers and imports only into entities whose own Import the caller's role may call", async () => {
    const excelOnly = await tokenWith(server, [{ menuCode: 'AdminExcelImport' }]);
    expect((await server.call('GET', '/ExcelImport/Targets', { token: excelOnly })).body.data).toEqual([]);
    const form = multipart({ target: 'Part' }, { name: 'parts.xlsx', bytes: await xlsxOf(['料号', '品名', '单位'], [[unique('XI'), '电阻', 'PCS']]) });
    const refused = await server.call('POST', '/ExcelImport/Import', { token: excelOnly, payload: form.payload, headers: form.headers });
    expect(refused.status).toBe(403);
    expect(refused.body.msg).toBe('拒绝访问');
    expect((await server.call('GET', '/ExcelImport/Template', { token: excelOnly, query: { target: 'Part' } })).status).toBe(403);

    const partsToo = await tokenWith(server, [{ menuCode: 'AdminExcelImport' }, { menuCode: 'MasterPart', buttonCode: 'Import' }]);
    const targets = await server.call('GET', '/ExcelImport/Targets', { token: partsToo });
    expect(targets.body.data.map((t: { RESOURCE: string }) => t.RESOURCE)).toEqual(['Part']);
    const code = unique('XI');
    const again = multipart({ target: 'Part' }, { name: 'parts.xlsx', bytes: await xlsxOf(['料号', '品名', '单位'], [[code, '电阻', 'PCS']]) });
    const imported = await server.call('POST', '/ExcelImport/Import', { token: partsToo, payload: again.payload, headers: again.headers });
    expect(imported.body.msg).toBe('导入成功，共 1 行');
  });

  it('refuses a file that is not an xlsx and an unknown target', async () => {
    const csv = await importFile('Part', 'parts.csv', Buffer.from('a,b'));
    expect(csv.body.msg).toBe('文件类型或大小错误：请上传 .xlsx 文件');
    expect(csv.body.data).toEqual({ Field: 'file' });
    const unknown = await importFile('Nothing', 'parts.xlsx', await xlsxOf(['料号'], [['A']]));
    expect(unknown.status).toBe(404);
  });
});
