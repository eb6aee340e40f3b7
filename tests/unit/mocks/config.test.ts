/**
 * The environment config and system-app screens on the mocks (issue 16: they showed schema samples and
 * a save changed nothing): over the rows ADMIN's environment selector (SysEnvConfig/GetEnvVars) and the
 * shell (SysApp/GetAll) read, with the reference server's rules and messages, in the contract's shapes.
 */
import { describe, expect, it } from 'vitest';
import { api } from '../../../src/api/client';
import { callLegacy, callWrapped } from '../../../src/api/call';
import { addEnvConfig, deleteEnvConfig, loadEnvConfig, loadSysApps, updateEnvConfig } from '../../../src/features/admin/api';
import { changeLanguage } from '../../../src/core/i18n';
import { DEMO_CHILD_APPS, DEMO_ENVIRONMENT_VARIABLES } from '../../../server/db/seed/demo-data';
import { refusal } from './refusal';
import { eachTestAsAdminWithAnswersChecked } from './watchAnswers';

const envVars = async () => (await callWrapped(api.GET('/SysEnvConfig/GetEnvVars'))) ?? [];

eachTestAsAdminWithAnswersChecked();

describe('environment config on the mocks', () => {
  it('lists the selector’s rows by environment and variable; an added row is offered by the selector, an updated one changes there, a deleted one goes', async () => {
    const { rows, total } = await loadEnvConfig();
    expect(total).toBe(DEMO_ENVIRONMENT_VARIABLES.length);
    expect(rows.map((row) => row.EnvName)).toEqual(['LOCAL', 'OLD', 'TEST']);

    const added = await addEnvConfig({ EnvName: 'PROD', VarName: 'API_BASE', UrlPrefix: ' https://wms.example.com/api ', Enabled: 'Y' });
    expect(added).toMatchObject({ EnvName: 'PROD', UrlPrefix: 'https://wms.example.com/api' });
    expect((await envVars()).map((row) => row.EnvName)).toEqual(['LOCAL', 'OLD', 'PROD', 'TEST']);

    await updateEnvConfig({ ID: added!.ID, EnvName: 'PROD', VarName: 'API_BASE', UrlPrefix: 'https://wms2.example.com/api', Enabled: 'N' });
    expect((await envVars()).find((row) => row.EnvName === 'PROD')).toEqual({ EnvName: 'PROD', VarName: 'API_BASE', UrlPrefix: 'https://wms2.example.com/api', Enabled: 'N' });

    await deleteEnvConfig(added!.ID);
    expect((await envVars()).map((row) => row.EnvName)).toEqual(['LOCAL', 'OLD', 'TEST']);
    expect(await refusal(deleteEnvConfig(added!.ID))).toBe('记录不存在或已被删除');
  });

  it('refuses an address that is not http(s), a taken environment and variable, and an unknown row, in the caller’s language', async () => {
    expect(await refusal(addEnvConfig({ EnvName: 'PROD', VarName: 'API_BASE', UrlPrefix: 'ftp://x' }))).toBe('API address configuration format is wrong');
    expect(await refusal(addEnvConfig({ EnvName: 'TEST', VarName: 'API_BASE', UrlPrefix: 'http://t/api' }))).toBe('环境 TEST 已有变量 API_BASE');
    const [local] = (await loadEnvConfig()).rows;
    expect(await refusal(updateEnvConfig({ ...local, EnvName: 'TEST' }))).toBe('环境 TEST 已有变量 API_BASE');
    expect(await refusal(updateEnvConfig({ ID: 'no-such-row', EnvName: 'X', VarName: 'Y', UrlPrefix: 'http://x/' }))).toBe('记录不存在或已被删除');
    await changeLanguage('en');
    expect(await refusal(addEnvConfig({ EnvName: 'TEST', VarName: 'API_BASE', UrlPrefix: 'http://t/api' }))).toBe('The environment TEST already has the variable API_BASE');
  });
});

describe('system apps on the mocks', () => {
  it('lists the shell’s child apps by sort number with the login flag, paged', async () => {
    const { rows, total } = await loadSysApps();
    expect(total).toBe(DEMO_CHILD_APPS.length);
    expect(rows.map((app) => [app.Code, app.SORT_NUM, app.RequiresLogin])).toEqual(DEMO_CHILD_APPS.map((app) => [app.Code, app.SORT_NUM, true]));
    expect((await callLegacy(api.GET('/SysApp/GetAll'))).rows.map((app) => app.Code)).toEqual(rows.map((app) => app.Code));
    const second = await callLegacy(api.POST('/SysApp/List', { body: { Page: 2, Limit: 1 } }));
    expect([second.rows.map((app) => app.Code), second.total]).toEqual([[DEMO_CHILD_APPS[1].Code], DEMO_CHILD_APPS.length]);
  });
});
