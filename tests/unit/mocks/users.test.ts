/**
 * 用户管理's export on the mocks (issue 16: it downloaded a 0-byte xlsx, the generated answer): a real
 * workbook of the users the search finds, with the reference server's columns (src/shared/admin-rules/users.ts).
 */
import ExcelJS from 'exceljs';
import { describe, expect, it } from 'vitest';
import { exportUsers } from '../../../src/features/admin/api';
import { changeLanguage } from '../../../src/core/i18n';
import { USER_EXPORT_COLUMNS } from '../../../src/shared/admin-rules/users';
import { eachTestAsAdminWithAnswersChecked } from './watchAnswers';

const sheetOf = async (blob: Blob) => {
  const workbook = new ExcelJS.Workbook();
  await workbook.xlsx.load(await blob.arrayBuffer());
  return workbook.worksheets[0].getSheetValues().slice(1).map((row) => (row as unknown[]).slice(1));
};

eachTestAsAdminWithAnswersChecked();

describe('the user export on the mocks', () => {
  it('is a real xlsx of the searched users, its header in the caller’s language', async () => {
    const rows = await sheetOf(await exportUsers({ Key: 'oper' }));
    expect(rows[0]).toEqual(USER_EXPORT_COLUMNS.map((column) => column.zh));
    expect(rows.slice(1).map((row) => row.slice(0, 3))).toEqual([['operator', '操作员', '仓库操作员']]);

    await changeLanguage('en');
    const all = await sheetOf(await exportUsers({}));
    expect(all[0].slice(0, 2)).toEqual(['User name', 'Name']);
    expect(all.slice(1).map((row) => row[0])).toEqual(['ADMIN', 'operator']);
  });
});
