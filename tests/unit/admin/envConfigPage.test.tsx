/** Environment config: an API address that is not an http(s) URL is refused as spec §5 words it, and nothing is sent. */
import { beforeEach, describe, expect, it } from 'vitest';
import { screen, within } from '@testing-library/react';
import userEvent from '@testing-library/user-event';
import { http, HttpResponse } from 'msw';
import { mockServer } from '../../../mocks/node';
import EnvConfigPage from '../../../src/features/admin/pages/EnvConfigPage';
import { API, grantButtons, renderAdminScreen, wrapped } from './adminTestKit';
import { expectFieldMarked } from '../fieldMarks';

let added: unknown[];

beforeEach(() => {
  added = [];
  mockServer.use(
    http.post(`${API}/SysEnvConfig/List`, () => wrapped([{ ID: 'env-1', EnvName: 'LOCAL', VarName: 'API_BASE', UrlPrefix: 'http://localhost:8080/api', Enabled: 'Y' }], { count: 1 })),
    http.post(`${API}/SysEnvConfig/Add`, async ({ request }) => {
      const row = (await request.json()) as Record<string, unknown>;
      added.push(row);
      return wrapped({ ID: 'env-2', ...row });
    }),
  );
  grantButtons('AdminEnvConfig', ['Save', 'Delete']);
});

async function addRow(url: string) {
  renderAdminScreen(<EnvConfigPage />, 'AdminEnvConfig');
  expect(await screen.findByText('http://localhost:8080/api')).toBeTruthy();
  await userEvent.click(screen.getByRole('button', { name: /新\s*增/ }));
  const dialog = await screen.findByRole('dialog');
  await userEvent.type(within(dialog).getByLabelText('环境名称'), 'UAT');
  await userEvent.type(within(dialog).getByLabelText('变量名'), 'API_BASE');
  await userEvent.type(within(dialog).getByLabelText('地址前缀'), url);
  await userEvent.click(within(dialog).getByRole('button', { name: /确\s*[定认]|OK|Submit/ }));
  return dialog;
}

describe('environment config', () => {
  it('shows the enabled flag as 是/否, not as its stored Y/N', async () => {
    renderAdminScreen(<EnvConfigPage />, 'AdminEnvConfig');
    const row = (await screen.findByText('http://localhost:8080/api')).closest('tr')!;
    expect(within(row).getByText('是')).toBeTruthy();
    expect(within(row).queryByText('Y')).toBeNull();
  });

  it("refuses an API address that is not an http(s) URL with 'API address configuration format is wrong'", async () => {
    const dialog = await addRow('ftp://uat-host/api');
    expect(await within(dialog).findByText('API address configuration format is wrong')).toBeTruthy();
    expect(added).toEqual([]);
  });

  it('adds a row with an https address', async () => {
    await addRow('https://uat.example.com/api');
    await screen.findByText('保存成功');
    expect(added).toEqual([{ EnvName: 'UAT', VarName: 'API_BASE', UrlPrefix: 'https://uat.example.com/api', Enabled: 'Y' }]);
  });

  it('marks the variable a taken environment and variable is refused on (data.Field VarName), not a toast', async () => {
    mockServer.use(http.post(`${API}/SysEnvConfig/Add`, () => HttpResponse.json({ code: 409, msg: '环境 UAT 已有变量 API_BASE', data: { Field: 'VarName' } }, { status: 409 })));
    const dialog = await addRow('https://uat.example.com/api');
    await expectFieldMarked(dialog, '变量名', '环境 UAT 已有变量 API_BASE');
  });
});
