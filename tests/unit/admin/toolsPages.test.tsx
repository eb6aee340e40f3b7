/**
 * Tools files, download centre and Excel import screens against the mock back end
 * (mocks/scenarios/tools.ts): uploads are checked for type and size before anything is sent
 * (spec §5), a saved tool file appears in the list and, published, in the download centre, a
 * download is saved under the file's own name, and an import shows its per-row report or its count.
 * jsdom's FormData cannot travel through Node's fetch (it arrives as text), so the upload answers
 * are scripted here; the mock scenario reads the real form in the browser (`npm run dev:mock`).
 */
import { afterEach, beforeEach, describe, expect, it, vi } from 'vitest';
import { screen, waitFor, within } from '@testing-library/react';
import userEvent from '@testing-library/user-event';
import { http, HttpResponse } from 'msw';
import { mockServer } from '../../../mocks/node';
import { changeLanguage } from '../../../src/core/i18n';
import DownloadPage from '../../../src/features/admin/pages/DownloadPage';
import ExcelImportPage from '../../../src/features/admin/pages/ExcelImportPage';
import ToolsFilePage from '../../../src/features/admin/pages/ToolsFilePage';
import { API, grantButtons, renderAdminScreen } from './adminTestKit';
import { expectFieldMarked } from '../fieldMarks';

let saved: string[];

beforeEach(() => {
  saved = [];
  vi.spyOn(HTMLAnchorElement.prototype, 'click').mockImplementation(function (this: HTMLAnchorElement) {
    saved.push(this.download);
  });
  URL.createObjectURL = vi.fn(() => 'blob:mock');
  URL.revokeObjectURL = vi.fn();
});
afterEach(() => vi.restoreAllMocks());

async function openUploadDialog() {
  renderAdminScreen(<ToolsFilePage />, 'AdminToolsFile');
  expect(await screen.findByText('打印代理-2.0.1.zip')).toBeTruthy();
  await userEvent.click(screen.getByRole('button', { name: /新\s*增/ }));
  return screen.findByRole('dialog');
}

async function fillAndSubmit(dialog: HTMLElement, file: File) {
  await userEvent.type(within(dialog).getByLabelText('名称'), 'PDA安装包');
  await userEvent.type(within(dialog).getByLabelText('版本号'), '1.2.0');
  const input = dialog.querySelector('input[type=file]') as HTMLInputElement;
  await userEvent.upload(input, file, { applyAccept: false });
  await userEvent.click(within(dialog).getByRole('button', { name: /确\s*[定认]|OK|Submit/ }));
}

describe('tools files', () => {
  beforeEach(() => grantButtons('AdminToolsFile', ['Save', 'Delete']));

  it('refuses a file of another type before sending anything, in the user language', async () => {
    const sent = vi.fn();
    mockServer.use(http.post(`${API}/SysToolsFile/AddOrModifySave`, () => void sent()));
    const dialog = await openUploadDialog();
    await fillAndSubmit(dialog, new File(['echo hi'], 'run.sh'));
    expect(await within(dialog).findByText(/^文件类型或大小错误：不支持 “\.sh” 文件，允许的类型：\.apk /)).toBeTruthy();
    expect(sent).not.toHaveBeenCalled();
  });

  it('refuses a file over 50 MB before sending anything', async () => {
    const dialog = await openUploadDialog();
    const big = new File(['x'], 'big.apk');
    Object.defineProperty(big, 'size', { value: 50 * 1024 * 1024 + 1 });
    await fillAndSubmit(dialog, big);
    expect(await within(dialog).findByText('文件类型或大小错误：文件不能超过 50 MB')).toBeTruthy();
  });

  it('uploads a tool file and lists it', async () => {
    const row = {
      ID: 'tool-new', NAME: 'PDA安装包', VERSION: '1.2.0', REMARK: '', PUBLISHED: 'Y', FILE_NAME: 'PDA安装包-1.2.0.apk', FILE_SIZE: 9,
      CONTENT_TYPE: 'application/vnd.android.package-archive', SHA256: '0'.repeat(64), UPLOADED_BY: 'ADMIN', UPDATED_AT: '2026-02-01T00:00:00.000Z',
    };
    let uploaded = false;
    mockServer.use(
      http.post(`${API}/SysToolsFile/AddOrModifySave`, ({ request }) => {
        uploaded = request.headers.get('content-type')?.startsWith('multipart/form-data') ?? false;
        return HttpResponse.json({ code: 200, msg: '保存成功', data: row });
      }),
      http.post(`${API}/SysToolsFile/LoadData`, () => HttpResponse.json({ code: 200, msg: '', data: uploaded ? [row] : [{ ...row, ID: 'tool-demo', FILE_NAME: '打印代理-2.0.1.zip' }], count: 1 })),
    );
    const dialog = await openUploadDialog();
    await fillAndSubmit(dialog, new File(['apk bytes'], 'PDA安装包-1.2.0.apk'));
    await screen.findByText('保存成功');
    expect(await screen.findByText('PDA安装包-1.2.0.apk')).toBeTruthy();
  });

  it('hides upload and delete without the Save and Delete buttons', async () => {
    grantButtons('AdminToolsFile', []);
    renderAdminScreen(<ToolsFilePage />, 'AdminToolsFile');
    expect(await screen.findByText('打印代理-2.0.1.zip')).toBeTruthy();
    expect(screen.queryByRole('button', { name: /新\s*增/ })).toBeNull();
    expect(screen.queryByRole('button', { name: /删\s*除/ })).toBeNull();
    expect(screen.getByRole('button', { name: /下\s*载/ })).toBeTruthy();
  });
});

describe('download centre', () => {
  it('lists the published tool files and saves a download under the file name', async () => {
    renderAdminScreen(<DownloadPage />, 'AdminDownload');
    expect(await screen.findByText('打印代理-2.0.1.zip')).toBeTruthy();
    await userEvent.click(screen.getByRole('button', { name: /下\s*载/ }));
    await waitFor(() => expect(saved).toEqual(['打印代理-2.0.1.zip']));
  });

  it('shows the English titles in English', async () => {
    await changeLanguage('en');
    renderAdminScreen(<DownloadPage />, 'AdminDownload');
    expect(await screen.findByText('Downloads')).toBeTruthy();
    expect(screen.getByRole('columnheader', { name: 'File name' })).toBeTruthy();
  });
});

describe('Excel import', () => {
  async function pickPart() {
    renderAdminScreen(<ExcelImportPage />, 'AdminExcelImport');
    const select = await screen.findByRole('combobox');
    await userEvent.click(select);
    await userEvent.click(await screen.findByTitle('物料'));
    expect(await screen.findByText('* 料号')).toBeTruthy();
  }
  const upload = async (name: string) => {
    const input = document.querySelector('input[type=file]') as HTMLInputElement;
    await userEvent.upload(input, new File(['xlsx'], name), { applyAccept: false });
  };

  const answerImport = (msg: string, data: unknown) =>
    mockServer.use(http.post(`${API}/ExcelImport/Import`, () => HttpResponse.json({ code: 200, msg, data })));

  it('shows the per-row report when a row fails', async () => {
    answerImport('导入失败：1 行有错误，未写入任何数据，请下载错误报告', { IMPORTED: 0, ERRORS: [{ ROW: 3, MESSAGE: '请输入料号' }], REPORT_FILE: 'UEsFBg==', REPORT_NAME: '物料-errors.xlsx' });
    await pickPart();
    await upload('parts-error.xlsx');
    const report = await screen.findByTestId('excel-import-errors');
    expect(within(report).getByText('导入失败：1 行有错误，未写入任何数据，请下载错误报告')).toBeTruthy();
    expect(within(report).getByText('请输入料号')).toBeTruthy();
    await userEvent.click(within(report).getByRole('button', { name: /下载错误报告/ }));
    await waitFor(() => expect(saved).toEqual(['物料-errors.xlsx']));
  });

  it('shows the count of a good import', async () => {
    answerImport('导入成功，共 1 行', { IMPORTED: 1, ERRORS: [] });
    await pickPart();
    await upload('parts.xlsx');
    expect((await screen.findByTestId('excel-import-result')).textContent).toContain('导入成功，共 1 行');
  });

  it('refuses a file that is not an xlsx before sending it', async () => {
    const sent = vi.fn();
    mockServer.use(http.post(`${API}/ExcelImport/Import`, () => void sent()));
    await pickPart();
    await upload('parts.csv');
    expect(await screen.findByText('文件类型或大小错误：请上传 .xlsx 文件')).toBeTruthy();
    expect(sent).not.toHaveBeenCalled();
  });

  it('downloads the template of the chosen target', async () => {
    await pickPart();
    await userEvent.click(screen.getByRole('button', { name: /下载模板/ }));
    await waitFor(() => expect(saved).toEqual(['物料导入模板.xlsx']));
  });

describe('tools files: a save the server refuses for one field', () => {
  beforeEach(() => grantButtons('AdminToolsFile', ['Save', 'Delete']));

  it('marks the version a name and version taken is refused on (data.Field VERSION), not a toast', async () => {
    mockServer.use(
      http.post(`${API}/SysToolsFile/AddOrModifySave`, () =>
        HttpResponse.json({ code: 409, msg: '工具文件 PDA安装包 的版本 1.2.0 已存在', data: { Field: 'VERSION' } }, { status: 409 }),
      ),
    );
    const dialog = await openUploadDialog();
    await fillAndSubmit(dialog, new File(['apk bytes'], 'pda.apk'));
    await expectFieldMarked(dialog, '版本号', '工具文件 PDA安装包 的版本 1.2.0 已存在');
    expect(screen.getByRole('dialog')).toBe(dialog);
  });

  it('marks the file field a file the server refuses (data.Field file: too large, wrong type) is placed on, not a toast', async () => {
    mockServer.use(
      http.post(`${API}/SysToolsFile/AddOrModifySave`, () =>
        HttpResponse.json({ code: 400, msg: '文件类型或大小错误：文件不能超过 50 MB', data: { Field: 'file' } }, { status: 400 }),
      ),
    );
    const dialog = await openUploadDialog();
    await fillAndSubmit(dialog, new File(['apk bytes'], 'pda.apk'));
    await expectFieldMarked(dialog, '文件', '文件类型或大小错误：文件不能超过 50 MB');
    expect(screen.getByRole('dialog')).toBe(dialog);
  });
});
});
