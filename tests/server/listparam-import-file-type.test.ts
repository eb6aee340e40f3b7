/**
 * The search-configuration import given a file that is not JSON (issue 12.14): the product's file-type message, not the
 * contract's raw validation text; a file too large says the limit. Either refusal names the file field (data.Field).
 */
import { expect, it } from 'vitest';
import { DEMO_REELS_LIST_ROUTE } from '../../server/db/seed/demo-list-data.ts';
import { adminToken, xlsxOf } from './support/masterdata.ts';
import { describeServer } from './support/test-server.ts';

function importForm(listRoute: string, fileName: string, type: string, bytes: Buffer) {
  const boundary = 'listparam-file-type-boundary';
  const head = Buffer.from(
    `--${boundary}\r\nContent-Disposition: form-data; name="LIST_ROUTE"\r\n\r\n${listRoute}\r\n` +
      `--${boundary}\r\nContent-Disposition: form-data; name="file"; filename="${fileName}"\r\nContent-Type: ${type}\r\n\r\n`,
  );
  return { payload: Buffer.concat([head, bytes, Buffer.from(`\r\n--${boundary}--\r\n`)]), headers: { 'content-type': `multipart/form-data; boundary=${boundary}` } };
}

describeServer('search-configuration import of a wrong file type', {}, (server) => {
  it('answers the product file-type message in the caller language for an xlsx or a text file', async () => {
    const token = await adminToken(server);
    const xlsx = importForm(DEMO_REELS_LIST_ROUTE, '高级查询配置.xlsx', 'application/vnd.openxmlformats-officedocument.spreadsheetml.sheet', await xlsxOf(['a'], [['b']]));
    const answer = await server.call('POST', '/ListParam/Import', { token, payload: xlsx.payload, headers: xlsx.headers });
    expect(answer.status).toBe(400);
    expect(answer.body.msg).toBe('上传失败：文件类型或大小错误，请上传 .json 文件');

    const text = importForm(DEMO_REELS_LIST_ROUTE, 'notes.txt', 'text/plain', Buffer.from('hello'));
    const english = await server.call('POST', '/ListParam/Import', { token, language: 'en', payload: text.payload, headers: text.headers });
    expect(english.body.msg).toBe('Upload failed: wrong file type or size, upload a .json file');
    // Placed on the upload's file field (the form's data.Field).
    expect(answer.body.data).toEqual({ Field: 'file' });
    expect(english.body.data).toEqual({ Field: 'file' });
  }, 60_000);

  it('refuses a JSON file over 1 MB and any file over 10 MB, placed on the file field', async () => {
    const token = await adminToken(server);
    const json = importForm(DEMO_REELS_LIST_ROUTE, '高级查询配置.json', 'application/json', Buffer.from(`[${' '.repeat(1024 * 1024)}]`));
    const tooLarge = await server.call('POST', '/ListParam/Import', { token, payload: json.payload, headers: json.headers });
    expect(tooLarge.status).toBe(400);
    expect(tooLarge.body).toEqual({ code: 400, msg: '文件类型或大小错误：文件不能超过 1 MB', data: { Field: 'file' } });

    const huge = importForm(DEMO_REELS_LIST_ROUTE, '高级查询配置.json', 'application/json', Buffer.alloc(10 * 1024 * 1024 + 1, 0x20));
    const english = await server.call('POST', '/ListParam/Import', { token, language: 'en', payload: huge.payload, headers: huge.headers });
    expect(english.status).toBe(400);
    expect(english.body).toEqual({ code: 400, msg: 'Wrong file type or size: the file must not exceed 10 MB', data: { Field: 'file' } });
  }, 60_000);
});
