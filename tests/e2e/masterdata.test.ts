/**
 * Master data on the real server (issue 6; spec §2 master data, §5 rules and upload checks, §8
 * notices): a part created through the screen's form, found with the grid's advanced search,
 * edited, exported to xlsx (the downloaded file read back with exceljs), an import with one bad
 * row refused with its per-row report and nothing written, a storage location that a locator
 * uses refused for deletion, and a vendor code another vendor has marked on its field in the record form
 * (in both languages). One administrator login for the whole file, in Chinese but for that last.
 */
import { describe, expect, inject, test } from 'vitest';
import ExcelJS from 'exceljs';
import { translate } from '../../src/shared/messages/catalogue';
import { vendorEntity } from '../../src/shared/masterdata/entities/vendor';
import { adminSessionPerFile } from './adminSession';
import { expectOneBadRowReport } from './importReport';
import { masterScreen, sheetRows } from './masterPage';
import { arrived, menuTitle, openScreen, saveSettledScreenshot, visibleText } from './shellPage';

const portalUrl = inject('portalUrl');

const MASTER_DATA = menuTitle('MasterData').zh;
const PARTS = menuTitle('MasterPart').zh;
const STORAGE_LOCATIONS = menuTitle('MasterStorageLocation').zh;

/** Codes unique to this run, so a rerun against the same database starts clean. */
const RUN = Date.now().toString(36).toUpperCase();

const session = adminSessionPerFile(portalUrl);

// ---- driving the screen --------------------------------------------------------------------------

const { grid, gridRows, gridRow, toolbarButton, dialog, cellText, searchGrid, pickOption, saveForm } = masterScreen(() => session.page);

// ---- tests ---------------------------------------------------------------------------------------

describe('parts', () => {
  test('a part created through the form is found with the search, edited, and exported to an xlsx that holds it', async () => {
    const code = `E2E-${RUN}-1`;
    await openScreen(session.page, MASTER_DATA, PARTS);

    await toolbarButton('新增').click();
    const addForm = dialog(`${PARTS} - 新增`);
    // The form opens with the caret in its first field: a person (or a scanner) types the code straight away.
    const codeField = addForm.getByLabel('料号', { exact: true });
    await expect.poll(() => codeField.evaluate((element) => element === document.activeElement)).toBe(true);
    await session.page.keyboard.type(code);
    expect(await codeField.inputValue()).toBe(code);
    await addForm.getByLabel('品名', { exact: true }).fill('端到端测试电容');
    await addForm.getByLabel('规格', { exact: true }).fill('0402 1uF 10V');
    await pickOption(addForm, '单位', '个');
    await addForm.getByLabel('最小包装量', { exact: true }).fill('500');
    await saveSettledScreenshot(session.page, 'masterdata-part-add-form');
    await saveForm(addForm);

    await searchGrid('料号', code);
    await expect.poll(() => gridRows().count()).toBe(1);
    await expect.poll(() => gridRow(code).textContent()).toContain('端到端测试电容');

    await gridRow(code).getByRole('checkbox', { name: '选择此行' }).check();
    await toolbarButton('修改').click();
    const editForm = dialog(`${PARTS} - 修改`);
    expect(await editForm.getByLabel('料号', { exact: true }).inputValue()).toBe(code);
    await editForm.getByLabel('品名', { exact: true }).fill('端到端测试电容（已改）');
    await saveForm(editForm);
    await expect.poll(() => gridRow(code).textContent()).toContain('端到端测试电容（已改）');
    await saveSettledScreenshot(session.page, 'masterdata-part-found-and-edited');

    const downloading = session.page.waitForEvent('download');
    await toolbarButton('导出Excel').click();
    const download = await downloading;
    expect(download.suggestedFilename()).toBe(`${PARTS}.xlsx`);
    const rows = await sheetRows(download);
    // The export is the grid's current search: the header and the one part found.
    expect(rows).toHaveLength(2);
    expect(rows[0].slice(0, 4)).toEqual(['料号', '品名', '规格', '单位']);
    expect(rows[1].slice(0, 4)).toEqual([code, '端到端测试电容（已改）', '0402 1uF 10V', 'PCS']);
    // A new part starts in use (启用 was left as the form offered it), not needing IQC.
    expect(rows[1][rows[0].indexOf('启用')]).toBe('Y');
    expect(rows[1][rows[0].indexOf('需要IQC')]).toBe('N');
  });

  test('an import with one bad row shows the per-row error report and writes none of the rows', async () => {
    const goodCodes = [`E2E-${RUN}-IMP-1`, `E2E-${RUN}-IMP-2`];
    const workbook = new ExcelJS.Workbook();
    const sheet = workbook.addWorksheet('物料');
    sheet.addRow(['料号', '品名', '规格', '单位', '最小包装量']);
    sheet.addRow([goodCodes[0], '导入电阻', '0603 1K', 'REEL', 5000]);
    sheet.addRow([`E2E-${RUN}-IMP-BAD`, '导入坏行', '0603 2K', 'NO-SUCH-UNIT', 5000]);
    sheet.addRow([goodCodes[1], '导入电感', '0805 10uH', 'REEL', 2000]);
    const file = Buffer.from(await workbook.xlsx.writeBuffer());

    await openScreen(session.page, MASTER_DATA, PARTS);
    const choosing = session.page.waitForEvent('filechooser');
    await toolbarButton('导入Excel').click();
    await (await choosing).setFiles({ name: 'parts.xlsx', mimeType: 'application/vnd.openxmlformats-officedocument.spreadsheetml.sheet', buffer: file });

    const report = dialog('导入失败');
    // Its unit is not a unit.
    await expectOneBadRowReport(report, 'NO-SUCH-UNIT');
    await saveSettledScreenshot(session.page, 'masterdata-part-import-report');

    const downloading = session.page.waitForEvent('download');
    await report.getByRole('button', { name: '下载错误报告' }).click();
    const reportRowsInFile = await sheetRows(await downloading);
    expect(reportRowsInFile[0]).toContain('错误信息');
    expect(reportRowsInFile).toHaveLength(4);
    expect(reportRowsInFile[2].at(-1)).toContain('NO-SUCH-UNIT');
    expect(reportRowsInFile[1].at(-1)).toBe('');

    await report.getByRole('button', { name: /^确\s*定$/ }).click();
    await report.waitFor({ state: 'hidden' });
    await searchGrid('料号', `E2E-${RUN}-IMP`);
    // The list of 400 demo parts empties once the search runs: neither good row was written.
    await grid().locator('.ant-table-placeholder').waitFor();
    expect(await gridRows().count()).toBe(0);
  });
});

describe('storage locations', () => {
  test('deleting a storage location that a locator uses says it is in use, and the location stays', async () => {
    await openScreen(session.page, MASTER_DATA, STORAGE_LOCATIONS);
    await searchGrid('存储地点(SIC)', 'RAW01');
    await expect.poll(() => gridRows().count()).toBe(1);

    await gridRow('RAW01').getByRole('checkbox', { name: '选择此行' }).check();
    await toolbarButton('删除').click();
    await (await arrived(session.page.getByRole('dialog').filter({ hasText: '确定要删除所选记录吗？' }))).getByRole('button', { name: /^确\s*定$/ }).click();
    await visibleText(session.page, '该记录正在使用中，不能删除').first().waitFor();
    await saveSettledScreenshot(session.page, 'masterdata-storage-location-in-use');

    await session.page.reload();
    await searchGrid('存储地点(SIC)', 'RAW01');
    await expect.poll(() => gridRows().count()).toBe(1);
    expect(await cellText(gridRow('RAW01'), '名称')).toBe('原材料一仓');
    // Yes/no fields read as in the Excel export.
    // A yes/no column says so in the user's language; the Excel export keeps Y/N.
    expect(await cellText(gridRow('RAW01'), '启用')).toBe('是');
  });
});

describe.each(['zh-chs', 'en'] as const)('a save refused for one field, in %s', (language) => {
  test('a vendor code another vendor has is said under the code field, with the cursor in it, and nothing typed is lost', async () => {
    const { page } = session;
    await page.context().addCookies([{ name: 'language', value: language, url: portalUrl }]);
    await page.reload();
    const title = (code: string) => menuTitle(code)[language === 'en' ? 'en' : 'zh'];
    const label = (name: string) => vendorEntity.fields.find((field) => field.name === name)!.label[language];
    await openScreen(page, title('MasterData'), title('MasterVendor'));

    await toolbarButton(language === 'en' ? 'Add' : '新增').click();
    const form = dialog(`${vendorEntity.title[language]} - ${language === 'en' ? 'Add' : '新增'}`);
    await form.getByLabel(label('code'), { exact: true }).fill('V0001');
    await form.getByLabel(label('name'), { exact: true }).fill(`E2E ${RUN}`);
    await form.getByRole('button', { name: /^(确\s*[定认]|OK)$/ }).click();

    const codeField = form.getByLabel(label('code'), { exact: true });
    const reason = translate(language, 'masterUnique', { field: label('code'), value: 'V0001' });
    await expect.poll(() => codeField.locator('xpath=ancestor::div[contains(@class,"ant-form-item ")][1]').locator('.ant-form-item-explain-error').allTextContents()).toEqual([reason]);
    await expect.poll(() => codeField.evaluate((element) => element === document.activeElement)).toBe(true);
    // Said on the field, not in a toast as well; the form stays open with what was typed.
    expect(await page.locator('.ant-message-notice').count()).toBe(0);
    expect(await form.getByLabel(label('name'), { exact: true }).inputValue()).toBe(`E2E ${RUN}`);
    await saveSettledScreenshot(page, `masterdata-duplicate-code-${language}`);

    await form.getByRole('button', { name: /^(取\s*消|Cancel)$/ }).click();
    await form.waitFor({ state: 'hidden' });
  });
});

describe('equipment', () => {
  test('the record form\'s lookup shows names only in the lookup\'s order, and its empty date and select say 请选择 (screenshot masterdata-equipment-form-zh-chs)', async () => {
    const page = session.page;
    const EQUIPMENT = menuTitle('WarehouseEquipment').zh;
    await openScreen(page, menuTitle('Warehouse').zh, EQUIPMENT);
    await toolbarButton('新增').click();
    const form = dialog(`${EQUIPMENT} - 新增`);
    const status = form.locator('.ant-form-item', { has: page.getByLabel('状态', { exact: true }) });
    await expect.poll(() => status.locator('.ant-select-selection-item').textContent()).toBe('正常');
    await form.getByRole('button', { name: /^确\s*定$/ }).click();
    await form.getByText('请选择入厂日期', { exact: true }).waitFor();
    await form.getByText('请输入设备名称', { exact: true }).waitFor();
    await status.locator('.ant-select-selector').click();
    const options = page.locator('.ant-select-dropdown:not(.ant-select-dropdown-hidden) .ant-select-item-option');
    await options.first().waitFor();
    // Names only, in the lookup's own order (the spec's), from the real server's sort.
    await expect.poll(() => options.allTextContents()).toEqual(['正常', '闲置', '待修', '维修中', '报废']);
    await saveSettledScreenshot(page, 'masterdata-equipment-form-zh-chs');
    await page.keyboard.press('Escape');
    await page.keyboard.press('Escape');
  });
});
