/**
 * The Excel import's per-row report (spec §5 upload checks) as the import screens and the master
 * data grids both show it, for a sheet whose one bad row is its third.
 */
import { expect } from 'vitest';
import type { Locator } from 'playwright-core';

/** Waits for the report and checks it names row 3 alone, with `badValue` in that row. */
export async function expectOneBadRowReport(report: Locator, badValue: string) {
  await report.waitFor();
  expect(await report.getByText('导入失败：1 行有错误，未写入任何数据，请下载错误报告').isVisible()).toBe(true);
  const reportRows = report.locator('.ant-table-tbody .ant-table-row');
  await expect.poll(() => reportRows.count()).toBe(1);
  // Row 3 of the sheet (the header is row 1) is the bad one.
  expect(await reportRows.first().locator('td').first().textContent()).toBe('3');
  expect(await reportRows.first().textContent()).toContain(badValue);
}
