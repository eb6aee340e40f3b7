/**
 * Upload refusals in mock mode: a file too large or of the wrong type is refused by the mocks with the reference
 * server's words and place (src/shared/upload-rules.ts, one rule for both): the answer's data names the request's
 * file field, so a form with that upload field marks it. Through the portal's own fetchers, with real multipart
 * forms (./nodeUploads: Node's FormData and File while a test uploads, jsdom's cannot travel).
 */
import { beforeEach, describe, expect, it } from 'vitest';
import { importSearchConfig } from '../../../src/grid/api/listParam';
import { importRecords } from '../../../src/grid/master/masterApi';
import { importExcel, saveToolFile } from '../../../src/features/admin/toolsApi';
import { partEntity } from '../../../src/shared/masterdata/entities/part';
import { changeLanguage } from '../../../src/core/i18n';
import { DEMO_LIST, resetGridTestState, signIn } from '../grid/gridTestKit';
import { refusalAt } from './refusal';
import { nodeFile, useNodeFormData } from './nodeUploads';

const fileOf = (name: string, size: number, type = 'application/octet-stream') => nodeFile(new Uint8Array(size), name, type);
const MB = 1024 * 1024;
const onFile = { Field: 'file' };

useNodeFormData();

beforeEach(async () => {
  await resetGridTestState();
  signIn('ADMIN', 'org-f01');
});

const toolFields = { NAME: 'PDA安装包', VERSION: '1.2.0', REMARK: '', PUBLISHED: 'Y' as const };

describe('upload refusals on the mocks name the file field', () => {
  it('a tools file over 50 MB or of another type', async () => {
    expect(await refusalAt(saveToolFile(toolFields, fileOf('big.apk', 50 * MB + 1), { silent: true }))).toEqual({
      msg: '文件类型或大小错误：文件不能超过 50 MB',
      at: onFile,
    });
    const script = await refusalAt(saveToolFile(toolFields, fileOf('run.sh', 10), { silent: true }));
    expect(script.msg).toMatch(/^文件类型或大小错误：不支持 “\.sh” 文件，允许的类型：\.apk /);
    expect(script.at).toEqual(onFile);
  }, 30_000);

  it('a master-data import and an Excel import over 10 MB or not an xlsx, in the caller language', async () => {
    expect(await refusalAt(importRecords(partEntity, fileOf('parts.xlsx', 10 * MB + 1)))).toEqual({ msg: '文件类型或大小错误：文件不能超过 10 MB', at: onFile });
    expect(await refusalAt(importRecords(partEntity, fileOf('parts.csv', 10)))).toEqual({ msg: '文件类型或大小错误：请上传 .xlsx 文件', at: onFile });
    expect(await refusalAt(importExcel('Part', fileOf('parts.xlsx', 10 * MB + 1)))).toEqual({ msg: '文件类型或大小错误：文件不能超过 10 MB', at: onFile });
    await changeLanguage('en');
    try {
      expect(await refusalAt(importExcel('Part', fileOf('parts.csv', 10)))).toEqual({ msg: 'Wrong file type or size: upload an .xlsx file', at: onFile });
    } finally {
      await changeLanguage('zh-chs');
    }
  }, 30_000);

  it('a search-configuration file that is not JSON, or a JSON file over 1 MB', async () => {
    expect(await refusalAt(importSearchConfig(DEMO_LIST, fileOf('高级查询配置.xlsx', 10)))).toEqual({ msg: '上传失败：文件类型或大小错误，请上传 .json 文件', at: onFile });
    expect(await refusalAt(importSearchConfig(DEMO_LIST, fileOf('高级查询配置.json', MB + 1, 'application/json')))).toEqual({
      msg: '文件类型或大小错误：文件不能超过 1 MB',
      at: onFile,
    });
  }, 30_000);
});
