/**
 * Whole-record rules an entity's declaration names by key (`recordCheck`), beyond what its fields'
 * types and flags say: kept here so declarations stay plain data, and run by checkRecordValues for a
 * save and an import alike, on the server and in the mocks.
 */
import { ruleSettingsProblem } from '../barcodes/rules.ts';
import type { MessageKey, MessageParams } from '../messages/catalogue.ts';
import type { RecordValues } from './record-values.ts';

export interface RecordProblem {
  field: string;
  key: MessageKey;
  params: MessageParams;
}

const text = (value: unknown) => (typeof value === 'string' ? value : value === null || value === undefined ? '' : String(value));

export const RECORD_CHECKS = {
  /** A barcode parsing rule's settings must be usable by its kind (src/shared/barcodes/rules.ts). */
  barcodeRule: (values: RecordValues): RecordProblem | null => {
    const rule = { code: text(values.code), name: text(values.name), kind: text(values.kind), settings: values.settings === null ? null : text(values.settings) };
    const detail = ruleSettingsProblem(rule);
    return detail ? { field: 'settings', key: 'barcodeRuleSettingsInvalid', params: { rule: rule.code, detail } } : null;
  },
} satisfies Record<string, (values: RecordValues) => RecordProblem | null>;

