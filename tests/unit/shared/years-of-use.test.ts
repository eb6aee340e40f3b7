import { describe, expect, it } from 'vitest';
import { yearsOfUse } from '../../../src/shared/equipment/years-of-use';
import { equipmentEntity } from '../../../src/shared/masterdata/entities/equipment';
import { headerFields, sheetHeader } from '../../../src/shared/masterdata/sheet-rows';

describe('years of use (the mock back end’s twin of md_equipment_list)', () => {
  const today = new Date('2026-11-28T15:00:00Z');

  it('counts from the entry date to the scrap date, or to today while in use, in years of 365.25 days', () => {
    expect(yearsOfUse('2020-03-01', '2024-09-01', today)).toBe(4.5);
    expect(yearsOfUse('2025-11-28', null, today)).toBe(1);
    expect(yearsOfUse('2026-11-28', '', today)).toBe(0);
    expect(yearsOfUse(null, null, today)).toBeNull();
    expect(yearsOfUse('not a date', null, today)).toBeNull();
  });

  it('is the equipment list’s derived column: exported after the fields, skipped (not refused) when imported again', () => {
    expect(sheetHeader(equipmentEntity, 'zh-chs').at(-1)).toBe('使用年限');
    expect(sheetHeader(equipmentEntity, 'en').at(-1)).toBe('Years of use');
    const fieldOf = headerFields(equipmentEntity);
    expect(fieldOf('使用年限')).toBeNull();
    expect(fieldOf('Years of use')).toBeNull();
    expect(fieldOf('设备编号')).toBe('equipment_no');
    expect(fieldOf('no such column')).toBeUndefined();
    expect(equipmentEntity.derived![0].of({ entry_date: '2020-03-01', scrap_date: '2024-09-01' }, today)).toBe(4.5);
  });
});
