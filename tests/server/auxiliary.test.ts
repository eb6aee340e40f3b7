/**
 * Auxiliary-material containers (issue 20; solder paste): received against the master data, their
 * life at the database's time (cold storage, thaw, open, use, return), opening refused before the
 * minimum thaw, use refused past the exposure or the validity, each with the reason. The clock is
 * moved by dating the container's events back.
 */
import { sql } from 'kysely';
import { expect, it } from 'vitest';
import { raiseShelfLifeWarnings } from '../../server/modules/auxiliary/warnings.ts';
import { applyStockMoves } from '../../server/modules/stock/ledger.ts';
import { auxMaterialEntity } from '../../src/shared/masterdata/entities/aux-material.ts';
import { partEntity } from '../../src/shared/masterdata/entities/part.ts';
import { translate } from '../../src/shared/messages/catalogue.ts';
import { adminToken, createSample, F01 } from './support/masterdata.ts';
import { describeServer } from './support/test-server.ts';

describeServer('auxiliary-material containers', {}, (server) => {
  const later = (code: string, hours: number) =>
    sql`update aux_container_events set at = at - make_interval(hours => ${hours})
         where container_id = (select id from aux_containers where org_id = ${F01} and code = ${code})`.execute(server.db);

  it('refuses to open solder paste thawed too short, and to use it past its exposure or validity, with the reason', async () => {
    const token = await adminToken(server);
    const material = await createSample(server, token, auxMaterialEntity, { material_type: 'SOLDER_PASTE', validity_days: 180, exposure_hours: 24, thaw_hours: 4 });
    const received = await server.call('POST', '/AuxContainer/Receive', { token, body: { PartCode: material.part_code, Count: 2, LotCode: 'SP1' } });
    expect(received.status).toBe(200);
    expect(received.body.msg).toBe(translate('zh-chs', 'auxReceived', { count: 2 }));
    const [paste, other] = received.body.data as string[];
    const step = (Code: string, Kind: string, language?: 'en') => server.call('POST', '/AuxContainer/Event', { token, body: { Code, Kind }, language });

    const early = await step(paste, 'USE');
    expect(early.status).toBe(409);
    expect(early.body.msg).toBe(translate('zh-chs', 'auxWrongState', { code: paste, state: { message: 'auxStateRECEIVED' }, event: { message: 'auxEventUSE' } }));
    expect((await step(paste, 'STORE')).body.data.State).toBe('COLD');
    expect((await step(paste, 'THAW')).body.data.State).toBe('THAWING');
    const tooSoon = await step(paste, 'OPEN');
    expect(tooSoon.status).toBe(409);
    expect(tooSoon.body.msg).toBe(translate('zh-chs', 'auxThawTooShort', { code: paste, thawed: 0, min: 4 }));

    await later(paste, 5);
    const opened = await step(paste, 'OPEN');
    expect(opened.body.data).toMatchObject({ State: 'OPENED', ExposureLeftHours: 24, Blocked: null, Warn: false });
    expect((await step(paste, 'USE')).status).toBe(200);

    // 20 h later: close to its exposure (a warning is due); 25 h: over it, use refused.
    await later(paste, 20);
    expect((await server.call('POST', '/AuxContainer/Get', { token, body: { Code: paste } })).body.data).toMatchObject({ Warn: true, ExposureLeftHours: 4 });
    await later(paste, 5);
    const over = await step(paste, 'USE', 'en');
    expect(over.status).toBe(409);
    expect(over.body.msg).toBe(translate('en', 'auxExposureOver', { code: paste, exposed: 25, limit: 24 }));
    expect((await step(paste, 'SCRAP')).body.data.State).toBe('SCRAPPED');

    // Past its validity (180 days from receipt): it cannot even be thawed.
    await step(other, 'STORE');
    await later(other, 181 * 24);
    const expired = await step(other, 'THAW');
    expect(expired.status).toBe(409);
    expect(expired.body.msg).toContain(`${other} 已过有效期`);

    const unknown = await server.call('POST', '/AuxContainer/Receive', { token, body: { PartCode: 'CAP-00008' } });
    expect(unknown.body.msg).toBe(translate('zh-chs', 'auxMaterialUnknown', { part: 'CAP-00008' }));
  }, 60_000);

  it('raises a home-page warning for a container running out and a moisture-sensitive reel past its floor life, once each, and clears it when resolved', async () => {
    const token = await adminToken(server);
    const material = await createSample(server, token, auxMaterialEntity, { material_type: 'RED_GLUE', validity_days: 30, exposure_hours: 10, thaw_hours: null });
    const [glue] = (await server.call('POST', '/AuxContainer/Receive', { token, body: { PartCode: material.part_code } })).body.data as string[];
    for (const Kind of ['STORE', 'THAW', 'OPEN']) await server.call('POST', '/AuxContainer/Event', { token, body: { Code: glue, Kind } });
    await later(glue, 9); // 1 h of 10 left: due

    const msl4 = String((await createSample(server, token, partEntity, { msl_level: '4' })).code);
    const reel = `MSD-W-${Date.now().toString(36)}`;
    await applyStockMoves(server.db, { orgId: F01, userId: 'u', userName: 'warn-test' }, [{ kind: 'receive', reelCode: reel, to: { sic: 'RAW01', loc: 'RAW01-01' }, qty: '10', reel: { partCode: msl4 } }]);
    await sql`insert into msd_reel_events (org_id, reel_code, kind, at, user_name) values (${F01}, ${reel}, 'OPEN', now() - interval '80 hours', 'warn-test')`.execute(server.db);

    await raiseShelfLifeWarnings(server.db);
    await raiseShelfLifeWarnings(server.db);
    const warnings = async () =>
      (
        await sql<{ source: string; warning_level: string; call_status: string; title: string }>`
          select source, warning_level, call_status, title from home_warnings where org_id = ${F01} and (source like 'aux:%' or source like 'msd:%') order by source`.execute(server.db)
      ).rows;
    const raised = await warnings();
    const glueWarning = raised.find((w) => w.title.includes(glue))!;
    expect(glueWarning).toMatchObject({ warning_level: 'warning', call_status: 'pending', title: translate('zh-chs', 'auxWarningSoonTitle', { code: glue }) });
    expect(raised.find((w) => w.source === `msd:${reel}`)).toMatchObject({ warning_level: 'danger', title: translate('zh-chs', 'msdWarningOverTitle', { reel }) });

    // Read in the reader's language, on the home card and in the 预警信息 grid (its view, migration 0190_02).
    const glueTitle = { 'zh-chs': translate('zh-chs', 'auxWarningSoonTitle', { code: glue }), en: translate('en', 'auxWarningSoonTitle', { code: glue }) };
    // Its hours left are the clock's: the words before them say the language.
    const msdContent = { 'zh-chs': `${msl4}（MSL 4）条码 ${reel}：`, en: `${msl4} (MSL 4) reel ${reel}: ` };
    for (const language of ['zh-chs', 'en'] as const) {
      const card = (await server.call('GET', '/SysWarning/LoadData', { token, language })).body.Result as { TITLE: string; CONTENT: string }[];
      expect(card.map((w) => w.TITLE)).toContain(glueTitle[language]);
      expect(card.filter((w) => w.CONTENT.startsWith(msdContent[language]))).toHaveLength(1);
      const grid = await server.call('POST', '/ListParam/QueryData', { token, language, body: { LIST_ROUTE: '/home/warning', Limit: 1000 } });
      expect(grid.status, grid.body.msg).toBe(200);
      const titles = (grid.body.data.rows as { title: string }[]).map((row) => row.title);
      expect(titles).toContain(glueTitle[language]);
      expect(titles).not.toContain(glueTitle[language === 'en' ? 'zh-chs' : 'en']);
    }
    // The demo plant's warnings are in both languages too; one written in a single language reads as written in either.
    await sql`insert into home_warnings (id, org_id, title, content, warning_level, call_status) values ('one-language', ${F01}, '只有中文', '内容', 'info', 'pending')`.execute(server.db);
    const english = ((await server.call('GET', '/SysWarning/LoadData', { token, language: 'en' })).body.Result as { TITLE: string }[]).map((w) => w.TITLE);
    expect(english).toEqual(expect.arrayContaining(['Solder paste thawed too long', '只有中文']));
    expect(english).not.toContain('锡膏回温超时');

    // Used up and baked: both are fine again.
    await server.call('POST', '/AuxContainer/Event', { token, body: { Code: glue, Kind: 'USED_UP' } });
    await server.call('POST', '/Msd/Event', { token, body: { ReelCode: reel, Kind: 'BAKE' } });
    await raiseShelfLifeWarnings(server.db);
    const after = await warnings();
    expect(after.find((w) => w.source === glueWarning.source)!.call_status).toBe('success');
    expect(after.find((w) => w.source === `msd:${reel}`)!.call_status).toBe('success');
  }, 60_000);
});
