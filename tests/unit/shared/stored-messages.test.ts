/**
 * Messages kept to be put in words later (a job run's failure, a posting's last error): rendered in
 * the reader's language, nested and listed; what a stored row holds that is no message of this
 * catalogue falls back to the words stored beside it.
 */
import { describe, expect, it } from 'vitest';
import { renderStoredMessage, translate, type MessageRef } from '../../../src/shared/messages/catalogue';

const undelivered: MessageRef = {
  message: 'erpPostingsUndelivered',
  params: { count: 2, detail: { message: 'erpCallFailed', params: { detail: { message: 'erpAnswerNotJson', params: { call: 'POST /postings' } } } } },
};

describe('stored messages', () => {
  it('are put in the reader’s language, nested messages and lists included', () => {
    expect(translate('en', undelivered.message, undelivered.params)).toBe('2 postings not delivered to the ERP: The ERP call failed: POST /postings: the answer is not JSON');
    expect(translate('zh-chs', undelivered.message, undelivered.params)).toBe('2 条过账未送达ERP：ERP调用失败：POST /postings：应答不是 JSON');
    const listed: MessageRef = { message: 'erpSyncProblems', params: { count: 2, detail: { items: [{ message: 'erpPoWithoutNo' }, { message: 'erpPoKindInvalid', params: { po: 'P1' } }] } } };
    expect(translate('en', listed.message, listed.params)).toBe('2 ERP documents could not be imported: a purchase order without PoNo; PO P1: Kind must be ASN or IN');
    expect(translate('zh-chs', listed.message, listed.params)).toBe('2 张ERP单据未能导入：一张采购订单没有 PoNo；采购订单 P1：Kind 须为 ASN 或 IN');
  });

  it('say a count of one in the singular in English, and Chinese the same way for any count', () => {
    const one = { ...undelivered.params, count: 1 };
    expect(translate('en', 'erpPostingsUndelivered', one)).toMatch(/^1 posting not delivered to the ERP: /);
    expect(translate('zh-chs', 'erpPostingsUndelivered', one)).toMatch(/^1 条过账未送达ERP：/);
    expect(translate('en', 'auxReceived', { count: 1 })).toBe('1 container received');
    expect(translate('en', 'auxReceived', { count: 0 })).toBe('0 containers received');
    expect(translate('en', 'auxReceived', { count: 3 })).toBe('3 containers received');
  });

  it('render from what a row holds (JSON read back), in either language', () => {
    const stored: unknown = JSON.parse(JSON.stringify(undelivered));
    expect(renderStoredMessage('en', stored, 'words')).toMatch(/^2 postings not delivered to the ERP: /);
    expect(renderStoredMessage('zh-chs', stored, 'words')).toMatch(/^2 条过账未送达ERP：/);
  });

  it('fall back to the stored words for a row from before, a message this catalogue does not have, or anything malformed', () => {
    for (const stored of [
      null,
      undefined,
      'erpCallFailed',
      { message: 'noSuchMessageAnyMore' },
      { message: 'erpCallFailed', params: { detail: { message: 'noSuchMessageAnyMore' } } },
      { message: 'erpCallFailed', params: { detail: { items: 'not a list' } } },
      { message: 'erpCallFailed', params: ['not', 'an', 'object'] },
      { message: 'toString' },
    ]) {
      expect(renderStoredMessage('en', stored, 'the words stored beside it')).toBe('the words stored beside it');
    }
  });
});
