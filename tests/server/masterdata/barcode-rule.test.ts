/** Barcode parsing rules through the shared CRUD mechanism (written by `npm run gen -- master`; add entity-specific rules here). */
import { expect, it } from 'vitest';
import { describeMasterEntity, adminToken } from '../support/masterdata.ts';
import { describeServer } from '../support/test-server.ts';
import { barcodeRuleEntity } from '../../../src/shared/masterdata/entities/barcode-rule.ts';

describeMasterEntity(barcodeRuleEntity);

describeServer('barcode rule settings', {}, (server) => {
  it('a save whose settings its kind cannot use is refused, naming the setting, in both languages; long settings are kept', async () => {
    const token = await adminToken(server);
    const save = (code: string, kind: string, settings: string, language?: 'en') =>
      server.call('POST', '/BarcodeRule/AddOrModifySave', {
        token,
        language,
        body: { code, name: code, vendor_code: null, priority: 1, kind, settings, enabled: true },
      });
    const broken = await save('BR-BAD-1', 'REGEX', '{"pattern":"(unclosed"}');
    expect([broken.status, broken.body.msg]).toEqual([400, '条码解析规则 BR-BAD-1 的设置无效：pattern']);
    const notJson = await save('BR-BAD-2', 'DELIMITED', 'delimiter=|', 'en');
    expect([notJson.status, notJson.body.msg]).toEqual([400, 'The settings of the barcode parsing rule BR-BAD-2 are invalid: JSON']);
    const badField = await save('BR-BAD-3', 'FIXED', JSON.stringify({ fields: { Quantity: { start: 1, length: 2 } } }), 'en');
    expect(badField.body.msg).toBe('The settings of the barcode parsing rule BR-BAD-3 are invalid: fields.Quantity');

    const longPattern = `^(?<PartCode>${'[A-Z0-9-]'.repeat(40)}+)\\*(?<Qty>\\d+)$`;
    const settings = JSON.stringify({ pattern: longPattern });
    expect(settings.length).toBeGreaterThan(200);
    const kept = await save('BR-LONG', 'REGEX', settings);
    expect(kept.status, JSON.stringify(kept.body)).toBe(200);
    expect(kept.body.data.settings).toBe(settings);
  });
});
