/**
 * What a master–detail screen (issue 14: a bill's lines, reels and log under its grid) asks of the
 * DataGrid: conditions the page fixes and the user cannot remove, selection and row-click
 * callbacks, and the page's own cells for some columns.
 */
import { useState } from 'react';
import { beforeEach, describe, expect, it, vi } from 'vitest';
import { act, render, screen, waitFor, within } from '@testing-library/react';
import userEvent from '@testing-library/user-event';
import { DEMO_REELS_MOCK_LIST } from '../../../mocks/scenarios/listparam';
import { DataGrid } from '../../../src/grid/DataGrid';
import { newSearchCondition, withField } from '../../../src/grid/logic/conditions';
import { ALL_GRID_BUTTON_CODES } from '../../../src/grid/model/codes';
import type { GridRow, QueryCondition, SearchFieldSetting } from '../../../src/grid/model/types';
import { useAdvancedSearchStore } from '../../../src/grid/state/advancedSearchStore';
import { useSettingsStore } from '../../../src/core/settings/settingsStore';
import { DEMO_LIST, DEMO_PATH, Providers, bodyRows, cellTexts, recordRequests, renderGrid, resetGridTestState, signIn, waitForRows } from './gridTestKit';

type QueryBody = { conditions: QueryCondition[] };

beforeEach(async () => {
  await resetGridTestState();
  signIn();
});

const user = () => userEvent.setup({ delay: null });
const grid = () => screen.getByTestId('data-grid');
const shownTotal = () => Number(/共\s*(\d+)\s*条/.exec(grid().querySelector('.ant-pagination-total-text')?.textContent ?? '')?.[1]);
const reelIdOf = (row: HTMLElement) => cellTexts(row)[1];
const activePage = () => grid().querySelector('.ant-pagination-item-active')?.textContent;

/** What the signed-in user (organisation org-f01) sees of the demo list. */
const visibleReels = DEMO_REELS_MOCK_LIST.rows.filter((row) => row.org_id === 'org-f01');
const frozen = visibleReels.filter((row) => row.status === 'FROZEN');

/** The page's own condition: only frozen reels (状态 is a configured search field of the list). */
const FROZEN_ONLY: QueryCondition = { ORD_ID: 1, PARAM_NAME: 'status', FIELD_NAME: 'status', DATA_TYPE: 8, ACTION_TYPE: 1, IS_PAGING: 'N', PARAM_VALUE: ['FROZEN'] };

/** A page that renders the grid again with the conditions it is given (`setFixed`), as a page re-rendering would. */
let setFixed: (conditions: QueryCondition[]) => void = () => {};
function PageWithFixedConditions({ initial }: { initial: QueryCondition[] }) {
  const [fixed, set] = useState(initial);
  setFixed = set;
  return <DataGrid listRoute={DEMO_LIST} routePath={DEMO_PATH} title="料盘清单" buttonCodes={ALL_GRID_BUTTON_CODES} bodyHeight={400} fixedConditions={fixed} />;
}

describe('fixed conditions', () => {
  it('are sent with every request and limit the rows to them', async () => {
    const queries = recordRequests('/ListParam/QueryData') as QueryBody[];
    renderGrid({ fixedConditions: [FROZEN_ONLY] });
    await waitForRows();
    await waitFor(() => expect(shownTotal()).toBe(frozen.length));
    expect(frozen.length).toBeGreaterThan(0);
    expect(frozen.length).toBeLessThan(visibleReels.length);
    expect(queries.length).toBeGreaterThan(0);
    for (const query of queries) expect(query.conditions).toEqual([FROZEN_ONLY]);
    expect(bodyRows().map(reelIdOf)).toEqual(frozen.slice(0, bodyRows().length).map((row) => row.reel_id));
  });

  it('stay under the user’s search, and when the user clears it', async () => {
    const queries = recordRequests('/ListParam/QueryData') as QueryBody[];
    renderGrid({ fixedConditions: [FROZEN_ONLY] });
    await waitForRows();
    const setting = { PARAM_NAME: 'reelId', FIELD_NAME: 'reel_id', DATA_TYPE: 1, ACTION_TYPE: 10, IS_PAGING: 'N' } as SearchFieldSetting;
    // Reel codes are R and nine digits: this prefix is the ten reels around the first frozen one.
    const prefix = String(frozen[0].reel_id).slice(0, 9);
    act(() => useAdvancedSearchStore.getState().searched(DEMO_PATH, [{ ...withField(newSearchCondition(), setting), value: prefix }]));
    const both = frozen.filter((row) => String(row.reel_id).startsWith(prefix));
    await waitFor(() => expect(shownTotal()).toBe(both.length));
    expect(both.length).toBeLessThan(frozen.length);
    expect(queries.at(-1)?.conditions).toEqual([
      FROZEN_ONLY,
      expect.objectContaining({ ORD_ID: 2, PARAM_NAME: 'reelId', ACTION_TYPE: 10, PARAM_VALUE: prefix }),
    ]);

    // Right-click on 高级查询: the user's search is cleared, the page's condition is not.
    act(() => useAdvancedSearchStore.getState().clear(DEMO_PATH));
    await waitFor(() => expect(shownTotal()).toBe(frozen.length));
    expect(queries.at(-1)?.conditions).toEqual([FROZEN_ONLY]);
  });

  it('the same conditions passed anew keep the page; other conditions start again at page 1', async () => {
    const u = user();
    const queries = recordRequests('/ListParam/QueryData') as (QueryBody & { Page: number })[];
    const scrapped = visibleReels.filter((row) => row.status === 'SCRAPPED');
    const scrappedOnly = { ...FROZEN_ONLY, PARAM_VALUE: ['SCRAPPED'] };
    useSettingsStore.getState().setPageSizes(DEMO_PATH, [10]);
    expect(scrapped.length).toBeGreaterThan(10);
    render(
      <Providers>
        <PageWithFixedConditions initial={[scrappedOnly]} />
      </Providers>,
    );
    await waitForRows();
    await waitFor(() => expect(shownTotal()).toBe(scrapped.length));
    await u.click(within(grid().querySelector('.ant-pagination')!).getByTitle('2'));
    await waitFor(() => expect(activePage()).toBe('2'));
    await waitFor(() => expect(queries.at(-1)?.Page).toBe(2));
    const secondPage = bodyRows().map(reelIdOf);

    // A page re-rendering passes a new list of the same conditions.
    act(() => setFixed([{ ...scrappedOnly }]));
    expect(activePage()).toBe('2');
    expect(bodyRows().map(reelIdOf)).toEqual(secondPage);

    act(() => setFixed([FROZEN_ONLY]));
    await waitFor(() => expect(shownTotal()).toBe(frozen.length));
    expect(activePage()).toBe('1');
    expect(queries.at(-1)).toEqual(expect.objectContaining({ Page: 1, conditions: [FROZEN_ONLY] }));
  });
});

describe('selection and row clicks', () => {
  it('report the selected rows whenever the selection changes', async () => {
    const u = user();
    const onSelectionChange = vi.fn<(rows: GridRow[]) => void>();
    renderGrid({ onSelectionChange });
    const [first, second] = await waitForRows();
    expect(onSelectionChange).not.toHaveBeenCalled();

    await u.click(within(first).getByRole('checkbox'));
    await waitFor(() => expect(onSelectionChange).toHaveBeenCalledTimes(1));
    expect(onSelectionChange.mock.lastCall?.[0].map((row) => row.reel_id)).toEqual([reelIdOf(first)]);

    await u.click(within(second).getByRole('checkbox'));
    await waitFor(() => expect(onSelectionChange).toHaveBeenCalledTimes(2));
    expect(onSelectionChange.mock.lastCall?.[0].map((row) => row.reel_id)).toEqual([reelIdOf(first), reelIdOf(second)]);

    await u.click(within(first).getByRole('checkbox'));
    await waitFor(() => expect(onSelectionChange).toHaveBeenCalledTimes(3));
    expect(onSelectionChange.mock.lastCall?.[0].map((row) => row.reel_id)).toEqual([reelIdOf(second)]);
  });

  it('report a clicked row, but not a click on its selection box', async () => {
    const u = user();
    const onRowClick = vi.fn<(row: GridRow) => void>();
    const onSelectionChange = vi.fn<(rows: GridRow[]) => void>();
    renderGrid({ onRowClick, onSelectionChange });
    const rows = await waitForRows();
    await u.click(rows[2].querySelectorAll('.ant-table-cell')[3]);
    expect(onRowClick).toHaveBeenCalledTimes(1);
    expect(onRowClick.mock.lastCall?.[0].reel_id).toBe(reelIdOf(rows[2]));
    // A row click is not a selection.
    expect(onSelectionChange).not.toHaveBeenCalled();

    await u.click(within(rows[1]).getByRole('checkbox'));
    await waitFor(() => expect(onSelectionChange).toHaveBeenCalledTimes(1));
    expect(onRowClick).toHaveBeenCalledTimes(1);
  });
});

describe('cell renderers', () => {
  it('show the page’s own cells for their columns and the grid’s formatting elsewhere', async () => {
    renderGrid({
      cellRenderers: { qty: (value, row) => <strong data-testid="own-cell">{`${String(row.reel_id)} × ${String(value)}`}</strong> },
    });
    const [first] = await waitForRows();
    const reel = visibleReels.find((row) => row.reel_id === reelIdOf(first))!;
    const headers = [...grid().querySelectorAll('.ant-table-thead th')].map((th) => th.textContent ?? '');
    const cells = cellTexts(first);
    expect(cells[headers.indexOf('数量')]).toBe(`${String(reel.reel_id)} × ${String(reel.qty)}`);
    expect(within(first).getByTestId('own-cell')).toBeTruthy();
    // 收货时间 keeps the grid's own formatting (its setting's YYYY-MM-DD), not the row's ISO text.
    const received = headers.indexOf('收货时间');
    expect(received).toBeGreaterThan(0);
    expect(cells[received]).toMatch(/^\d{4}-\d{2}-\d{2}$/);
    expect(cells[received]).not.toBe(reel.received_at);
  });
});
