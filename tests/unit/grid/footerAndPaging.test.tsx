/** Spec §9 footer rows and page sizes, §5 the custom page-size dialog. */
import { beforeEach, describe, expect, it } from 'vitest';
import Decimal from 'decimal.js';
import { screen, waitFor, within } from '@testing-library/react';
import userEvent from '@testing-library/user-event';
import { http, HttpResponse } from 'msw';
import { DEMO_REELS_MOCK_LIST } from '../../../mocks/scenarios/listparam';
import { mockServer } from '../../../mocks/node';
import { resolveApiBase } from '../../../src/api/base';
import { useSettingsStore } from '../../../src/core/settings/settingsStore';
import { changeLanguage } from '../../../src/core/i18n';
import {
  DEMO_PATH,
  buttonNamed,
  recordRequests,
  renderGrid,
  resetGridTestState,
  signIn,
  waitForRows,
} from './gridTestKit';

beforeEach(async () => {
  await resetGridTestState();
  signIn();
});

const user = () => userEvent.setup({ delay: null });
const grid = () => screen.getByTestId('data-grid');
const headers = () => [...grid().querySelectorAll('.ant-table-thead th')].map((th) => th.textContent ?? '');
/** Footer row by its label: the label and each column's figure, in column order. */
const footerRow = (label: string) => {
  const row = [...grid().querySelectorAll<HTMLElement>('.ant-table-summary tr')].find((tr) => tr.textContent?.startsWith(label));
  return row ? [...row.querySelectorAll('td')].map((td) => td.textContent ?? '') : undefined;
};
const footerFigure = (label: string, column: string) => footerRow(label)?.[headers().indexOf(column)];

/** What the signed-in user (organisation org-f01) sees of the demo list. */
const visibleReels = DEMO_REELS_MOCK_LIST.rows.filter((row) => row.org_id === 'org-f01');

describe('footer rows', () => {
  it('show 合计 and 平均 of the whole result, not just the page', async () => {
    renderGrid();
    await waitForRows();
    const quantities = visibleReels.map((row) => new Decimal(row.qty as number));
    const sum = Decimal.sum(...quantities);
    // Grouped digits in the user's locale (spec §9 figures; issue 12 defect 17), decimals as computed.
    const grouped = (figure: Decimal) => new Intl.NumberFormat('zh-CN', { maximumFractionDigits: 20 }).format(figure.toNumber());
    await waitFor(() => expect(footerFigure('合计', '数量')).toBe(grouped(sum)));
    expect(sum.toNumber()).toBeGreaterThan(999);
    expect(footerFigure('合计', '数量')).toContain(',');
    expect(footerFigure('平均', '数量')).toBe(grouped(sum.dividedBy(quantities.length).toDecimalPlaces(2)));
    expect(visibleReels.length).toBeGreaterThan(200);
    // 单价 is set to average only; rows without a price are left out of it.
    const prices = visibleReels.filter((row) => row.unit_price != null).map((row) => new Decimal(row.unit_price as string));
    expect(footerFigure('平均', '单价')).toBe(Decimal.sum(...prices).dividedBy(prices.length).toDecimalPlaces(2).toString());
    expect(footerFigure('合计', '单价')).toBe('');
  });

  it('without server figures, add up the page precisely and skip rows without a value', async () => {
    mockServer.use(
      http.post(`${resolveApiBase()}/ListParam/QueryData`, () =>
        HttpResponse.json({
          code: 200,
          msg: '',
          count: 3,
          data: {
            KEY_FIELD: 'reel_id',
            rows: [
              { reel_id: 'R1', qty: '0.1', unit_price: null },
              { reel_id: 'R2', qty: '0.2', unit_price: '1.005' },
              { reel_id: 'R3', qty: null, unit_price: '' },
            ],
          },
        }),
      ),
    );
    renderGrid();
    await waitForRows();
    await waitFor(() => expect(footerFigure('合计', '数量')).toBe('0.3'));
    expect(footerFigure('平均', '数量')).toBe('0.15');
    expect(footerFigure('平均', '单价')).toBe('1.01');
  });
});

describe('the total', () => {
  const totalText = () => grid().querySelector('.ant-pagination-total-text')?.textContent ?? '';
  const answerWithCount = (extra: object) =>
    mockServer.use(
      http.post(`${resolveApiBase()}/ListParam/QueryData`, () =>
        HttpResponse.json({ code: 200, msg: '', count: 1_234_567, ...extra, data: { KEY_FIELD: 'reel_id', rows: [{ reel_id: 'R1', qty: '1' }] } }),
      ),
    );

  it('is shown as 约 N 条 when the server says its count is an estimate', async () => {
    answerWithCount({ countIsEstimate: true });
    renderGrid();
    await waitForRows();
    await waitFor(() => expect(totalText()).toBe('约 1234567 条'));
  });

  it('is shown as 共 N 条 when the count is exact', async () => {
    answerWithCount({});
    renderGrid();
    await waitForRows();
    await waitFor(() => expect(totalText()).toBe('共 1234567 条'));
  });

  it.each([
    [1, '1 row'],
    [2, '2 rows'],
  ])('reads in English as a plural only when there is more than one row (%i)', async (count, shown) => {
    await changeLanguage('en');
    answerWithCount({ count });
    renderGrid();
    await waitForRows();
    await waitFor(() => expect(totalText()).toBe(shown));
  });
});

describe('page sizes', () => {
  /** The pager's page sizes as numbers (their label comes from antd's locale). */
  const pagerSizes = async () => {
    // A dialog that just closed leaves pointer-events on the body for a moment; this is a plain click.
    const u = userEvent.setup({ delay: null, pointerEventsCheck: 0 });
    await u.click(within(grid().querySelector('.ant-pagination-options') as HTMLElement).getByRole('combobox'));
    return [...document.querySelectorAll('.ant-select-dropdown:not(.ant-select-dropdown-hidden) .ant-select-item-option')].map((o) =>
      Number.parseInt(o.textContent ?? '', 10),
    );
  };

  it('are 200, 500 and 1000 by default, asking 200 rows first', async () => {
    const queries = recordRequests('/ListParam/QueryData') as { Limit: number }[];
    renderGrid();
    await waitForRows();
    expect(queries[0].Limit).toBe(200);
    expect(await pagerSizes()).toEqual([200, 500, 1000]);
  });

  async function openPageSizes() {
    renderGrid();
    await waitForRows();
    await user().click(buttonNamed('自定义分页'));
    return screen.findByRole('dialog', { name: '自定义分页' });
  }

  it('a custom size must be given: 请输入页数', async () => {
    const u = user();
    const dialog = await openPageSizes();
    await u.clear(within(dialog).getByRole('spinbutton', { name: '第1项页数' }));
    await u.click(within(dialog).getByRole('button', { name: /确\s?定/ }));
    expect(await within(dialog).findByText('请输入页数')).toBeTruthy();
  });

  it('a custom size is a multiple of 10 from 10 to 10000', async () => {
    const u = user();
    const dialog = await openPageSizes();
    for (const bad of ['15', '0', '10010', '25.5']) {
      const input = within(dialog).getByRole('spinbutton', { name: '第1项页数' });
      await u.clear(input);
      await u.type(input, bad);
      await u.click(within(dialog).getByRole('button', { name: /确\s?定/ }));
      expect(await within(dialog).findByText('页数须为10到10000之间10的整数倍')).toBeTruthy();
    }
  });

  it('custom sizes may not repeat: 不能含有重复页数项', async () => {
    const u = user();
    const dialog = await openPageSizes();
    const second = within(dialog).getByRole('spinbutton', { name: '第2项页数' });
    await u.clear(second);
    await u.type(second, '200');
    await u.click(within(dialog).getByRole('button', { name: /确\s?定/ }));
    expect((await within(dialog).findAllByText('不能含有重复页数项')).length).toBeGreaterThan(0);
    expect(useSettingsStore.getState().pageSizes[DEMO_PATH]).toBeUndefined();
  });

  it('saved custom sizes are offered on that route path only', async () => {
    const u = user();
    const dialog = await openPageSizes();
    await u.click(within(dialog).getByRole('button', { name: /新增页数/ }));
    await u.type(within(dialog).getByRole('spinbutton', { name: '第4项页数' }), '50');
    await u.click(within(dialog).getByRole('button', { name: /确\s?定/ }));
    await waitFor(() => expect(screen.queryByRole('dialog', { name: '自定义分页' })).toBeNull());
    expect(useSettingsStore.getState().pageSizes[DEMO_PATH]).toEqual([50, 200, 500, 1000]);
    expect(await pagerSizes()).toEqual([50, 200, 500, 1000]);
    expect(useSettingsStore.getState().pageSizes['/grid/other']).toBeUndefined();
  });
});
