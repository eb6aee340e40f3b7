/** The job schedule screen (作业调度) as a user works it, on the server (jobs.test.ts) and on the mocks (tester-mocks.test.ts). */
import type { Page } from 'playwright-core';
import { expect } from 'vitest';
import { arrived, menuTitle, openScreen } from './shellPage';

const OK = /^确\s*[定认]$|^OK$/;

export const openJobSchedule = (page: Page) => openScreen(page, menuTitle('Schedule').zh, menuTitle('ScheduleJob').zh);

/** The job's row in the grid. */
export const jobRow = (page: Page, name: string) => page.locator('.ant-table-row').filter({ visible: true }).filter({ hasText: name });

/**
 * Adds a job with a cron expression through 新增: a bad cron first, whose refusal the form shows in words, then
 * `cron` (daily at 03:30), whose five next run times the form lists; `beforeSave` runs with the form filled.
 */
export async function addCronJob(page: Page, name: string, beforeSave?: () => Promise<unknown>) {
  await page.getByRole('button', { name: /新\s*增/ }).filter({ visible: true }).click();
  const form = await arrived(page.getByRole('dialog'));
  await form.getByLabel('作业名称').fill(name);
  await form.getByText('Cron', { exact: true }).click();
  await form.getByLabel('Cron 表达式').fill('61 3 * * *');
  await form.getByText(/Cron 表达式“61 3 \* \* \*”无效/).waitFor();
  await form.getByLabel('Cron 表达式').fill('30 3 * * *');
  const nextRuns = form.getByTestId('job-next-runs');
  await nextRuns.waitFor();
  expect(await nextRuns.locator('li').count()).toBe(5);
  expect(await nextRuns.locator('li').first().textContent()).toMatch(/ 03:30:00$/);
  await beforeSave?.();
  await form.getByRole('button', { name: OK }).click();
  await form.waitFor({ state: 'hidden' });
  await jobRow(page, name).waitFor();
}

/** Runs the job now and waits until its run log shows the manual run succeeded (reopening the log while the run is queued). */
export async function runNowAndSeeItsRun(page: Page, name: string, afterwards?: () => Promise<unknown>) {
  const row = jobRow(page, name);
  await row.getByRole('button', { name: '立即运行' }).click();
  // As a user does: the log is opened once the run is acknowledged, after which the grid reloads its rows.
  await page.getByText('已安排立即运行').waitFor();
  await row.getByRole('button', { name: '运行日志' }).click();
  const drawer = page.locator('.ant-drawer').filter({ hasText: name });
  await drawer.waitFor();
  for (let tries = 0; tries < 30 && !(await drawer.getByText('成功').isVisible()); tries++) {
    await page.keyboard.press('Escape');
    await drawer.waitFor({ state: 'hidden' });
    await page.waitForTimeout(500);
    await row.getByRole('button', { name: '运行日志' }).click();
    await drawer.waitFor();
    await page.waitForTimeout(300);
  }
  expect(await drawer.getByText('成功').isVisible()).toBe(true);
  expect(await drawer.getByText('手动').isVisible()).toBe(true);
  await afterwards?.();
  await page.keyboard.press('Escape');
  await drawer.waitFor({ state: 'hidden' });
}
