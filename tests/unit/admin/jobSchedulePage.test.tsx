/**
 * The job schedule's form: its Address is a choice of built-in task, so an emptied one asks to
 * select it (in either language), not to enter it.
 */
import { afterEach, beforeEach, describe, expect, it } from 'vitest';
import { screen, waitFor, within } from '@testing-library/react';
import userEvent from '@testing-library/user-event';
import { http } from 'msw';
import { mockServer } from '../../../mocks/node';
import { jobTaskList } from '../../../src/shared/jobs/schedule';
import { changeLanguage } from '../../../src/core/i18n';
import JobSchedulePage from '../../../src/features/admin/pages/JobSchedulePage';
import { API, grantButtons, renderAdminScreen, wrapped } from './adminTestKit';

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
