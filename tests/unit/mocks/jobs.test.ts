/**
 * The job schedule (作业调度) on the mocks (issue 16: it answered schema samples — a job named 示例名称
 * at the address 广东省深圳市宝安区 — and a save changed nothing): jobs are kept with the reference
 * server's rules and messages (src/shared/jobs/schedule.ts), in the contract's shapes.
 */
import { describe, expect, it } from 'vitest';
import { changeLanguage } from '../../../src/core/i18n';
import { translate } from '../../../src/shared/messages/catalogue';
import { deleteJob, loadJobRuns, loadJobs, loadJobTasks, previewJobTimes, runJobNow, saveJob, startJob, stopJob } from '../../../src/features/admin/jobsApi';
import { refusal } from './refusal';
import { eachTestAsAdminWithAnswersChecked } from './watchAnswers';

eachTestAsAdminWithAnswersChecked();

describe('the job schedule on the mocks', () => {
  it('starts with no jobs, as the server; a saved job is listed, edited, started, run, stopped and deleted', async () => {
    expect((await loadJobs()).total).toBe(0);
    const saved = await saveJob({ Name: ' 清理日志 ', Address: 'log-cleanup', ExecType: 'SERIAL', Cron: '30 3 * * *', Params: { days: 30 } });
    expect(saved).toMatchObject({ Name: '清理日志', Status: 'NOT_STARTED', Enabled: false, Cron: '30 3 * * *', IntervalSeconds: null, RetryLimit: 2 });
    await saveJob({ Name: '回显', Address: 'echo', ExecType: 'PARALLEL', IntervalSeconds: 60 });
    expect((await loadJobs()).rows.map((job) => job.Name)).toEqual(['回显', '清理日志']);

    await saveJob({ ID: saved!.ID, Name: '清理日志', Address: 'log-cleanup', ExecType: 'SERIAL', Cron: '0 4 * * *' });
    const started = await startJob(saved!.ID);
    expect(started).toMatchObject({ Status: 'BEGUN', Enabled: true, Cron: '0 4 * * *' });
    expect(new Date(started!.NextRunAt!).getHours()).toBe(4);

    const ran = await runJobNow(saved!.ID);
    expect(ran).toMatchObject({ RunCount: 1, SuccessCount: 1, Status: 'SUCCESS' });
    const runs = await loadJobRuns(saved!.ID, 1, 20);
    expect(runs.rows.map((run) => [run.Trigger, run.Status])).toEqual([['MANUAL', 'SUCCESS']]);

    expect(await stopJob(saved!.ID)).toMatchObject({ Status: 'STOPPED', Enabled: false, NextRunAt: null });
    await deleteJob(saved!.ID);
    expect((await loadJobs()).rows.map((job) => job.Name)).toEqual(['回显']);
    expect(await refusal(deleteJob(saved!.ID))).toBe('作业不存在');
  });

  it('refuses a bad cron, two triggers or none, an unknown address and a taken name, in the caller’s language', async () => {
    const job = { Name: '同步', Address: 'erp-sync', ExecType: 'SERIAL' as const, IntervalSeconds: 60 };
    expect(await refusal(saveJob({ ...job, Cron: '* * * * *' }))).toBe(translate('zh-chs', 'jobTriggerRequired'));
    expect(await refusal(saveJob({ ...job, IntervalSeconds: null, Cron: '61 3 * * *' }))).toMatch(/^Cron 表达式“61 3 \* \* \*”无效：/);
    expect(await refusal(saveJob({ ...job, Address: 'format-disk' }))).toBe('地址“format-disk”不是内置任务');
    const saved = await saveJob(job);
    expect(await refusal(saveJob(job))).toBe('已有名为“同步”的作业');
    // Every reserved address is built now (the ERP bridge): the job starts.
    expect(await startJob(saved!.ID)).toMatchObject({ Status: 'BEGUN', Enabled: true });
    expect((await loadJobTasks())!.map((task) => [task.Address, task.Implemented])).toEqual([['log-cleanup', true], ['echo', true], ['erp-outbox-delivery', true], ['erp-sync', true], ['shelf-life-warnings', true]]);
    await changeLanguage('en');
    expect(await refusal(saveJob({ ...job, Name: 'another', Address: 'format-disk' }))).toBe('The address "format-disk" is not a built-in task');
    expect(await previewJobTimes({ Cron: '* * * * * *' })).toEqual({ error: expect.stringMatching(/^The cron expression "\* \* \* \* \* \*" is invalid: 5 fields expected/) });
    const preview = await previewJobTimes({ IntervalSeconds: 60 });
    expect('times' in preview && preview.times.length).toBe(5);
  });
});
