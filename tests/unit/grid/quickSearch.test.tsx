/**
 * The quick search above the grid (spec §3 IS_FAST_SEARCH; issue 12 defect 3): the fast-search
 * fields of the demo list (料盘号 text, 料号 dropdown, 状态 multi-select) are there without opening
 * the advanced search, Enter searches, and the advanced search's conditions still apply with them.
 */
import { beforeEach, describe, expect, it } from 'vitest';
import { screen, waitFor } from '@testing-library/react';
import userEvent from '@testing-library/user-event';
import { DEMO_REELS_MOCK_LIST } from '../../../mocks/scenarios/listparam';
import { changeLanguage } from '../../../src/core/i18n';
import { withField, newSearchCondition } from '../../../src/grid/logic/conditions';
import type { SearchFieldSetting } from '../../../src/grid/model/types';
import { useAdvancedSearchStore } from '../../../src/grid/state/advancedSearchStore';
import { DEMO_PATH, bodyRows, buttonNamed, cellTexts, recordRequests, renderGrid, resetGridTestState, signIn, waitForRows } from './gridTestKit';

type QueryBody = { conditions: { PARAM_NAME: string; ACTION_TYPE: number; PARAM_VALUE: unknown }[] };

beforeEach(async () => {
  await resetGridTestState();
  signIn();
});

const user = () => userEvent.setup({ delay: null });
const reelIdOf = (row: HTMLElement) => cellTexts(row)[1];
const wanted = DEMO_REELS_MOCK_LIST.rows.filter((row) => row.org_id === 'org-f01' && String(row.reel_id).startsWith('R00000010'));

describe('quick search', () => {
  it('shows the fast-search fields above the grid, each with the editor of its data type', async () => {
    renderGrid();
    await waitForRows();
    expect(screen.getByRole('textbox', { name: '快速查询 料盘号' })).toBeTruthy();
    expect(screen.getByRole('combobox', { name: '快速查询 料号' })).toBeTruthy();
    expect(screen.getByRole('combobox', { name: '快速查询 状态' })).toBeTruthy();
    // Not a fast-search field: only in the advanced search.
    expect(screen.queryByRole('textbox', { name: '快速查询 品名' })).toBeNull();
  });

  it('labels the fields in English with their columns’ English captions', async () => {
    await changeLanguage('en');
    renderGrid();
    await waitForRows();
    expect(screen.getByRole('textbox', { name: 'Quick search Reel ID' })).toBeTruthy();
    expect(screen.getByRole('combobox', { name: 'Quick search Status' })).toBeTruthy();
  });

  it('searches on Enter with the field’s own action (料盘号 starts with …)', async () => {
    const u = user();
    renderGrid();
    await waitForRows();
    const queries = recordRequests('/ListParam/QueryData') as QueryBody[];
    await u.type(screen.getByRole('textbox', { name: '快速查询 料盘号' }), 'R00000010{Enter}');
    await waitFor(() => expect(bodyRows().map(reelIdOf)).toEqual(wanted.map((row) => row.reel_id)));
    expect(wanted.length).toBeGreaterThan(0);
    expect(queries.at(-1)?.conditions).toEqual([expect.objectContaining({ PARAM_NAME: 'reelId', ACTION_TYPE: 10, PARAM_VALUE: 'R00000010' })]);
  });

  it('shows the last quick search again when the page is opened again', async () => {
    const u = user();
    const first = renderGrid();
    await waitForRows();
    await u.type(screen.getByRole('textbox', { name: '快速查询 料盘号' }), 'R00000010{Enter}');
    await waitFor(() => expect(bodyRows()).toHaveLength(wanted.length));
    first.unmount();
    renderGrid();
    await waitFor(() => expect(bodyRows()).toHaveLength(wanted.length));
    expect((screen.getByRole('textbox', { name: '快速查询 料盘号' }) as HTMLInputElement).value).toBe('R00000010');
  });

  it('searches together with the advanced search’s conditions', async () => {
    const qty = DEMO_REELS_MOCK_LIST.settings.find((s) => s.PARAM_NAME === 'qty') as SearchFieldSetting;
    useAdvancedSearchStore.getState().searched(DEMO_PATH, [{ ...withField(newSearchCondition(), qty), value: 4000 }]);
    const u = user();
    renderGrid();
    await waitForRows();
    const queries = recordRequests('/ListParam/QueryData') as QueryBody[];
    await u.type(screen.getByRole('textbox', { name: '快速查询 料盘号' }), 'R00000010');
    await u.click(buttonNamed('搜索'));
    const both = wanted.filter((row) => Number(row.qty) >= 4000);
    await waitFor(() => expect(bodyRows().map(reelIdOf)).toEqual(both.map((row) => row.reel_id)));
    expect(both.length).toBeLessThan(wanted.length);
    expect(queries.at(-1)?.conditions.map((c) => c.PARAM_NAME)).toEqual(['reelId', 'qty']);
  });
});
