/**
 * The job schedule's form: its Address is a choice of built-in task, so an emptied one asks to
 * select it (in either language), not to enter it.
 */
import { afterEach, beforeEach, describe, expect, it } from 'vitest';
import { screen, waitFor, within } from '@testing-library/react';
import userEvent from '@testing-library/user-event';
import { http, HttpResponse } from 'msw';
import { mockServer } from '../../../mocks/node';
import { jobTaskList } from '../../../src/shared/jobs/schedule';
import { changeLanguage } from '../../../src/core/i18n';
import JobSchedulePage from '../../../src/features/admin/pages/JobSchedulePage';
import { API, grantButtons, renderAdminScreen, wrapped } from './adminTestKit';
import { expectFieldMarked } from '../fieldMarks';

beforeEach(() => {
  mockServer.use(
    http.post(`${API}/SysJob/LoadData`, () => wrapped([], { count: 0 })),
    http.get(`${API}/SysJob/Tasks`, () => wrapped(jobTaskList())),
  );
});
afterEach(() => changeLanguage('zh-chs'));

describe('job schedule form', () => {
  it.each([
    ['zh-chs', /新\s*增/, '地址', '请选择地址'],
    ['en', /Add/, 'Address', 'Please select Address'],
  ] as const)('in %s, an emptied Address asks to select one', async (language, add, label, message) => {
    await changeLanguage(language);
    grantButtons('ScheduleJob', ['Save']);
    renderAdminScreen(<JobSchedulePage />, 'ScheduleJob');
    await userEvent.click((await screen.findAllByRole('button', { name: add }))[0]);
    const dialog = await screen.findByRole('dialog');
    const address = within(dialog).getByLabelText(label).closest('.ant-select') as HTMLElement;
    // The new job starts on a task; clearing it leaves nothing chosen.
    await userEvent.hover(address);
    await userEvent.click(address.querySelector('.ant-select-clear')!);
    await waitFor(() => expect(within(dialog).getByText(message)).toBeTruthy());
  });
});

describe('job schedule form: a save the server refuses for one field', () => {
  it('marks the name a taken one is refused on (data.Field Name), not a toast', async () => {
    mockServer.use(http.post(`${API}/SysJob/AddOrModifySave`, () => HttpResponse.json({ code: 409, msg: '已有名为“日志清理”的作业', data: { Field: 'Name' } }, { status: 409 })));
    grantButtons('ScheduleJob', ['Save']);
    renderAdminScreen(<JobSchedulePage />, 'ScheduleJob');
    await userEvent.click((await screen.findAllByRole('button', { name: /新\s*增/ }))[0]);
    const dialog = await screen.findByRole('dialog');
    await userEvent.type(within(dialog).getByLabelText('作业名称'), '日志清理');
    await userEvent.type(within(dialog).getByLabelText('间隔(秒)'), '3600');
    await userEvent.click(within(dialog).getByRole('button', { name: /确\s*[定认]/ }));
    await expectFieldMarked(dialog, '作业名称', '已有名为“日志清理”的作业');
  });
});

describe('job schedule pager', () => {
  it.each([
    ['zh-chs', '共 1 条'],
    ['en', '1 row'],
  ] as const)('in %s, tells the total as the grids do, not ProTable\'s "x-y of n items"', async (language, total) => {
    const job = {
      ID: 'job-1', Name: '日志清理', Address: 'log-cleanup', Cron: null, IntervalSeconds: 3600, Enabled: true, ExecType: 'SERIAL', Params: {}, Remark: null,
      RetryDelaySeconds: 60, RetryLimit: 0, RunCount: 0, SuccessCount: 0, FailureCount: 0, Status: 'NOT_STARTED', LastRunAt: null, NextRunAt: null,
    };
    mockServer.use(http.post(`${API}/SysJob/LoadData`, () => wrapped([job], { count: 1 })));
    await changeLanguage(language);
    renderAdminScreen(<JobSchedulePage />, 'ScheduleJob');
    await waitFor(() => expect(document.querySelector('.ant-pagination-total-text')?.textContent).toBe(total));
  });
});
