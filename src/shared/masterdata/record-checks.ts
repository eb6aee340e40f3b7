/**
 * Whole-record rules an entity's declaration names by key (`recordCheck`), beyond what its fields'
 * types and flags say: kept here so declarations stay plain data, and run by checkRecordValues for a
 * save and an import alike, on the server and in the mocks.
 */
import { ruleSettingsProblem } from '../barcodes/rules.ts';
import { AQL_VALUES, SAMPLE_SIZES, aqlColumn, type CodeLetter } from '../quality/iso2859.ts';
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
  /**
   * A check item's limits (issue 19): lower ≤ upper, the nominal between them, and a variable (measured)
   * item has at least one limit to judge a measurement by.
   */
  qualityCheckItem: (values: RecordValues): RecordProblem | null => {
    const number = (name: string) => (values[name] === null || values[name] === undefined ? null : Number(values[name]));
    const [lower, upper, nominal] = [number('lower_limit'), number('upper_limit'), number('nominal')];
    const item = text(values.code);
    if (lower !== null && upper !== null && lower > upper) return { field: 'upper_limit', key: 'qualityLimitsReversed', params: { item, lower, upper } };
    if (nominal !== null && ((lower !== null && nominal < lower) || (upper !== null && nominal > upper))) {
      return { field: 'nominal', key: 'qualityNominalOutside', params: { item, nominal } };
    }
    if (values.kind === 'VARIABLE' && lower === null && upper === null) return { field: 'lower_limit', key: 'qualityVariableNeedsLimit', params: { item } };
    return null;
  },
  /** An AQL is one of ISO 2859-1's values (the columns of its tables). */
  qualityAql: (values: RecordValues): RecordProblem | null =>
    aqlColumn(Number(values.value)) < 0 ? { field: 'value', key: 'qualityAqlNotStandard', params: { aql: String(values.value), values: AQL_VALUES.join(', ') } } : null,
  /** A standard code letter's sample sizes are the standard's (empty where it has none); other codes are the plant's own. */
  qualitySampleCode: (values: RecordValues): RecordProblem | null => {
    const letter = text(values.code) as CodeLetter;
    if (SAMPLE_SIZES.TIGHTENED[letter] === undefined) return null;
    for (const [field, severity] of [['normal_size', 'NORMAL'], ['tightened_size', 'TIGHTENED'], ['reduced_size', 'REDUCED']] as const) {
      const given = values[field] === null || values[field] === undefined ? null : Number(values[field]);
      const standard = SAMPLE_SIZES[severity][letter] ?? null;
      if (given !== null && given !== standard) return { field, key: 'qualitySampleSizeNotStandard', params: { letter, size: given, standard: standard ?? '-' } };
    }
    return null;
  },
  /** A sample scheme names an AQL for at least one defect class. */
  qualitySampleScheme: (values: RecordValues): RecordProblem | null =>
    ['aql_a', 'aql_b', 'aql_c', 'aql_d', 'aql_e', 'aql_f'].some((name) => values[name] !== null && values[name] !== undefined && values[name] !== '')
      ? null
      : { field: 'aql_a', key: 'qualitySchemeNoAql', params: { scheme: text(values.code) } },
  /** A portal card whose data source is a custom report names the report (other sources ignore the field). */
  portalCard: (values: RecordValues): RecordProblem | null =>
    values.source === 'REPORT' && !text(values.report_code).trim() ? { field: 'report_code', key: 'portalCardReportRequired', params: {} } : null,
  /** Spec §5: scrap time not earlier than entry time; a scrapped piece of equipment has its scrap date. */
  equipment: (values: RecordValues): RecordProblem | null => {
    const entry = text(values.entry_date);
    const scrap = text(values.scrap_date);
    if (entry && scrap && scrap < entry) return { field: 'scrap_date', key: 'equipmentScrapBeforeEntry', params: {} };
    if (values.status === 'SCRAPPED' && !scrap) return { field: 'scrap_date', key: 'equipmentScrapDateRequired', params: {} };
    return null;
  },
} satisfies Record<string, (values: RecordValues) => RecordProblem | null>;

