/**
 * The shared master-record rules the server and the mocks both apply (src/shared/masterdata/record-values.ts):
 * a new record's starting values for the fields it leaves out, and which references may not be saved.
 */
import { describe, expect, it } from 'vitest';
import { checkRecordValues, omitsInitialValues, referenceProblems, withInitialValues } from '../../../src/shared/masterdata/record-values';
import type { MasterCodeState } from '../../../src/shared/masterdata/code-state';
import type { FieldDeclaration } from '../../../src/shared/masterdata/declaration';
import { partEntity } from '../../../src/shared/masterdata/entities/part';
import { partMappingEntity } from '../../../src/shared/masterdata/entities/part-mapping';

describe('a new record’s starting values', () => {
  it('fill the fields left out (absent), never an explicit false or blank', () => {
    expect(omitsInitialValues(partEntity, { code: 'P', name: 'n', unit: 'PCS' })).toBe(true);
    expect(withInitialValues(partEntity, { code: 'P', name: 'n', unit: 'PCS' }).enabled).toBe(true);
    expect(withInitialValues(partEntity, { code: 'P', enabled: false }).enabled).toBe(false);
    expect(withInitialValues(partEntity, { code: 'P', enabled: null }).enabled).toBeNull();
    expect(omitsInitialValues(partEntity, { enabled: '' })).toBe(false);
    // Checked as any input: a flag left out of an input without them is off.
    expect(checkRecordValues(partEntity, { code: 'P', name: 'n', unit: 'PCS' }, 'zh-chs').values.enabled).toBe(false);
    expect(checkRecordValues(partEntity, withInitialValues(partEntity, { code: 'P', name: 'n', unit: 'PCS' }), 'zh-chs').values.enabled).toBe(true);
  });
});

describe('references that may not be saved', () => {
  const states: Record<string, MasterCodeState> = { 'P-ON': 'enabled', 'P-OFF': 'disabled' };
  const stateOf = (_field: FieldDeclaration, value: string) => states[value] ?? 'missing';
  const mapping = (part: string) => ({ old_part_code: 'OLD', new_part_code: part, effective_date: null, remark: null });

  it('a missing one always; a disabled one when newly chosen (a new record, or a changed value), in the caller’s language', () => {
    expect(referenceProblems(partMappingEntity, mapping('NONE'), mapping('NONE'), stateOf, 'zh-chs')).toEqual([{ field: 'new_part_code', message: '新料号 “NONE” 不存在' }]);
    expect(referenceProblems(partMappingEntity, mapping('P-OFF'), undefined, stateOf, 'zh-chs')).toEqual([{ field: 'new_part_code', message: '新料号 “P-OFF” 已停用' }]);
    expect(referenceProblems(partMappingEntity, mapping('P-OFF'), mapping('P-ON'), stateOf, 'en')).toEqual([{ field: 'new_part_code', message: 'New part number "P-OFF" is disabled' }]);
    expect(referenceProblems(partMappingEntity, mapping('P-OFF'), mapping('P-OFF'), stateOf, 'zh-chs')).toEqual([]);
    expect(referenceProblems(partMappingEntity, mapping('P-ON'), undefined, stateOf, 'zh-chs')).toEqual([]);
  });
});
