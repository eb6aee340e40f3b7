/**
 * The job schedule screen on the real server (issue 18; 作业调度): ADMIN adds a job with a cron
 * expression and sees its next run times in the form (a bad one explained instead), runs it now and
 * sees the run in the run log drawer. One ADMIN login, in Chinese.
 */
import { expect, inject, test } from 'vitest';
import { adminSessionPerFile } from './adminSession';
import { addCronJob, jobRow, openJobSchedule, runNowAndSeeItsRun } from './jobsPage';
import { saveSettledScreenshot } from './shellPage';

const portalUrl = inject('portalUrl');

const session = adminSessionPerFile(portalUrl);

test('a job made with a cron expression shows its next run times, runs now and shows the run in its log', async () => {
  const page = session.page;
  // A name of this try's own: a retry that found the first try's job would be refused as a duplicate name.
  const name = `清理日志-${Date.now().toString(36).toUpperCase()}`;
  await openJobSchedule(page);
  await addCronJob(page, name, () => saveSettledScreenshot(page, 'job-schedule-form'));
  expect(await jobRow(page, name).textContent()).toContain('未启动');
  await runNowAndSeeItsRun(page, name, () => saveSettledScreenshot(page, 'job-schedule-run-log'));
});
