/**
 * The rack view (Shelf/Cells) on the mocks (issue 16: it answered one generated example whatever the rack): a
 * rack of the mocks' master data with its cells, so a rack and a cell added on their master screens show there.
 */
import { describe, expect, it } from 'vitest';
import { loadRecords, saveRecord } from '../../../src/grid/master/masterApi';
import { loadShelfCells } from '../../../src/features/warehouse/api';
import { rackEntity } from '../../../src/shared/masterdata/entities/rack';
import { rackCellEntity } from '../../../src/shared/masterdata/entities/rack-cell';
import { refusal } from './refusal';
import { eachTestAsAdminWithAnswersChecked } from './watchAnswers';

eachTestAsAdminWithAnswersChecked();

describe('the rack view on the mocks', () => {
  it('shows a rack added on the master screens with its cells in row and column order, dark and empty', async () => {
    const [rack] = await loadRecords(rackEntity, []);
    await saveRecord(rackEntity, { ...rack, id: undefined, version: undefined, code: 'TRK', name: '测试料架' });
    for (const [code, column] of [['TRK-02', 2], ['TRK-01', 1]] as const) {
      await saveRecord(rackCellEntity, { code, rack_code: 'TRK', row_no: 1, column_no: column, light_address: `T:${column}`, enabled: true });
    }
    const view = await loadShelfCells('TRK');
    expect(view).toMatchObject({ RackCode: 'TRK', RackName: '测试料架' });
    expect(view!.Cells.map((cell) => [cell.CellCode, cell.Address, cell.Light.On, cell.ReelCount])).toEqual([['TRK-01', 'T:1', false, 0], ['TRK-02', 'T:2', false, 0]]);
  });

  it('says an unknown rack does not exist', async () => {
    expect(await refusal(loadShelfCells('NOPE'))).toBe('电子料架 NOPE 不存在');
  });
});
