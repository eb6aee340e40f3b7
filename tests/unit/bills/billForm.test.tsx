/**
 * The bill form works from the type's declaration: its header fields (the required ones refused when
 * empty), its line columns, and Bill/Save's body with quantities as exact decimal text; a save the server
 * refuses for one field marks that field (the mocks answer with the server's shared save rules).
 */
import { beforeEach, describe, expect, it, vi } from 'vitest';
import { screen, waitFor, within } from '@testing-library/react';
import userEvent from '@testing-library/user-event';
import { http, HttpResponse } from 'msw';
import { mockServer } from '../../../mocks/node';
import { BillForm } from '../../../src/features/bills/components/BillForm';
import type { Bill } from '../../../src/features/bills/api';
import { BILL_TYPE_DECLARATIONS } from '../../../src/shared/bills/types';
import { queryRows } from '../../../src/grid/api/listParam';
import { vendorEntity } from '../../../src/shared/masterdata/entities/vendor';
import { API, renderAdminScreen, wrapped } from '../admin/adminTestKit';
import { resetGridTestState, signIn } from '../grid/gridTestKit';
import { expectFieldMarked, fieldErrors } from '../fieldMarks';

let saved: unknown[];
beforeEach(async () => {
  await resetGridTestState();
  saved = [];
  mockServer.use(
    http.post(`${API}/Bill/Save`, async ({ request }) => {
      saved.push(await request.json());
      return wrapped({ Id: '41', BillCode: 'WO202611240007', Status: 'EDITING' });
    }),
  );
});

const WO = BILL_TYPE_DECLARATIONS.find((type) => type.code === 'WO')!;
const ASN = BILL_TYPE_DECLARATIONS.find((type) => type.code === 'ASN')!;
const GG = BILL_TYPE_DECLARATIONS.find((type) => type.code === 'GG')!;
const user = () => userEvent.setup({ delay: null });

describe('bill form', () => {
  it('shows the type’s header fields and line columns, refuses a missing required field, and saves the bill', async () => {
    const onSaved = vi.fn();
    renderAdminScreen(<BillForm declaration={WO} open onOpenChange={() => {}} onSaved={onSaved} />, 'BillWO');
    const drawer = await screen.findByRole('dialog');
    // WO's header: work order and its line are required; no vendor field on an issue bill.
    expect(within(drawer).getByLabelText('工单号')).toBeTruthy();
    expect(within(drawer).queryByLabelText('供应商')).toBeNull();
    const headers = [...drawer.querySelectorAll('[data-testid="bill-form-lines"] thead.ant-table-thead th')].map((th) => th.textContent);
    expect(headers).toEqual(['#', '* 料号', '* 数量', '来源存储地点', '来源库位', '来源事业部', '']);

    await user().type(within(drawer).getByLabelText('第 1 行 料号'), 'CAP-00008');
    await user().type(within(drawer).getByLabelText('第 1 行 数量'), '12500.5');
    await user().click(within(drawer).getByRole('button', { name: /保\s*存/ }));
    await waitFor(() => expect(drawer.textContent).toContain('请输入工单号'));
    expect(saved).toEqual([]);

    await user().type(within(drawer).getByLabelText('工单号'), 'MO-1');
    await user().type(within(drawer).getByLabelText('工单行号'), '10');
    await user().click(within(drawer).getByRole('button', { name: /保\s*存/ }));
    await waitFor(() => expect(onSaved).toHaveBeenCalledWith({ Id: '41', BillCode: 'WO202611240007', Status: 'EDITING' }));
    expect(saved).toEqual([
      {
        RequestKey: expect.stringMatching(/^[0-9a-f]{32}$/),
        BillType: 'WO',
        Description: null,
        CompanyCode: null,
        Mo: 'MO-1',
        MoLine: '10',
        EvidenceNo: null,
        ErpBillType: null,
        Lines: [{ PartCode: 'CAP-00008', Qty: '12500.5' }],
      },
    ]);
  });

  it('suggests the organisation\'s vendors by code and name; Escape keeps the text typed, a suggestion picked its code', async () => {
    renderAdminScreen(<BillForm declaration={ASN} open onOpenChange={() => {}} onSaved={() => {}} />, 'BillASN');
    const drawer = await screen.findByRole('dialog');
    const vendor = within(drawer).getByLabelText('供应商') as HTMLInputElement;
    expect(vendor.placeholder).toBe('输入代码或名称');
    await user().type(vendor, 'v000');
    // The mocks' vendors (code and name), asked for once the typing pauses.
    const options = await screen.findAllByRole('option', {}, { timeout: 5000 });
    expect(options.length).toBeGreaterThan(1);
    const suggestions = [...document.querySelectorAll('.ant-select-item-option')].map((o) => o.textContent);
    expect(suggestions[0]).toMatch(/^V000\d \S+/);
    // Escape closes the suggestions and keeps the text typed; picking one takes its code.
    await user().keyboard('{Escape}');
    expect(vendor.value).toBe('v000');
    await user().click(vendor);
    await waitFor(() => expect(document.querySelectorAll('.ant-select-item-option').length).toBeGreaterThan(1));
    await user().click(document.querySelectorAll<HTMLElement>('.ant-select-item-option')[1]);
    await waitFor(() => expect(vendor.value).toBe(suggestions[1]!.split(' ')[0]));
  });

  it('refuses a quantity that is not a positive number before anything is sent', async () => {
    renderAdminScreen(<BillForm declaration={WO} open onOpenChange={() => {}} onSaved={() => {}} />, 'BillWO');
    const drawer = await screen.findByRole('dialog');
    await user().type(within(drawer).getByLabelText('工单号'), 'MO-1');
    await user().type(within(drawer).getByLabelText('工单行号'), '10');
    await user().type(within(drawer).getByLabelText('第 1 行 料号'), 'CAP-00008');
    await user().type(within(drawer).getByLabelText('第 1 行 数量'), '0');
    await user().click(within(drawer).getByRole('button', { name: /保\s*存/ }));
    await waitFor(() => expect(drawer.textContent).toContain('数量须大于 0'));
    expect(saved).toEqual([]);
  });

  it('shows one message for a bad quantity cell, not several stacked, and checks a given MPQ the same way', async () => {
    renderAdminScreen(<BillForm declaration={ASN} open onOpenChange={() => {}} onSaved={() => {}} />, 'BillASN');
    const drawer = await screen.findByRole('dialog');
    const errorsOf = (label: string) => fieldErrors(drawer, label);
    await user().type(within(drawer).getByLabelText('第 1 行 数量'), '-1');
    await user().type(within(drawer).getByLabelText('第 1 行 最小包装量'), '0');
    await user().click(within(drawer).getByRole('button', { name: /保\s*存/ }));
    // Each cell's rules are worked on their own: wait for each message (a loaded machine shows them apart).
    await waitFor(() => expect(errorsOf('第 1 行 数量')).toEqual(['数量须大于 0']));
    await waitFor(() => expect(errorsOf('第 1 行 最小包装量')).toEqual(['最小包装量须大于 0']));

    await user().clear(within(drawer).getByLabelText('第 1 行 数量'));
    await user().type(within(drawer).getByLabelText('第 1 行 数量'), '1x');
    await waitFor(() => expect(errorsOf('第 1 行 数量')).toEqual(['数量须为数字']));
    await user().clear(within(drawer).getByLabelText('第 1 行 数量'));
    await waitFor(() => expect(errorsOf('第 1 行 数量')).toEqual(['请输入数量']));
    expect(saved).toEqual([]);
  });

  it('counts the description\'s and the move reason\'s characters against their limit as they are typed', async () => {
    renderAdminScreen(<BillForm declaration={GG} open onOpenChange={() => {}} onSaved={() => {}} />, 'BillGG');
    const drawer = await screen.findByRole('dialog');
    const countOf = (label: string) => within(drawer).getByLabelText(label).closest('.ant-input-affix-wrapper')?.querySelector('.ant-input-show-count-suffix')?.textContent;
    await user().type(within(drawer).getByLabelText('描述'), 'Line 3 stop');
    expect(countOf('描述')).toBe('11 / 200');
    expect(countOf('移动原因')).toBe('0 / 200');
  });

  it("numbers each line as messages do (its LineNo, a new one the number it will get), not by its place, so '第 3 行' is the row marked 3", async () => {
    // An edited bill whose line 2 was removed: its rows are lines 1 and 3.
    const line = (LineNo: number, PartCode: string) => ({ LineNo, PartCode, Qty: '10' });
    const edited = { Id: '7', BillCode: 'WO202611240003', BillType: 'WO', Mo: 'MO-1', MoLine: '10', Lines: [line(1, 'CAP-00001'), line(3, 'CAP-00003')] } as unknown as Bill;
    mockServer.use(
      http.post(`${API}/Bill/Save`, () => HttpResponse.json({ code: 400, msg: '第 3 行：料号 CAP-00003 不存在', data: { LineNo: 3, Field: 'PartCode' } }, { status: 400 })),
    );
    renderAdminScreen(<BillForm declaration={WO} bill={edited} open onOpenChange={() => {}} onSaved={() => {}} />, 'BillWO');
    const drawer = await screen.findByRole('dialog');
    const numbers = () => [...drawer.querySelectorAll('[data-testid="bill-form-lines"] tbody tr.ant-table-row')].map((row) => row.querySelector('td')!.textContent);
    expect(numbers()).toEqual(['1', '3']);
    expect((within(drawer).getByLabelText('第 3 行 料号') as HTMLInputElement).value).toBe('CAP-00003');
    // A new row gets the number after the highest, as Bill/Save numbers it.
    await user().click(within(drawer).getByRole('button', { name: /添加明细行/ }));
    expect(numbers()).toEqual(['1', '3', '4']);
    expect(within(drawer).getByLabelText('第 4 行 料号')).toBeTruthy();
    expect(within(drawer).getByRole('button', { name: '删除第 4 行' })).toBeTruthy();
    await user().click(within(drawer).getByRole('button', { name: '删除第 4 行' }));

    await user().click(within(drawer).getByRole('button', { name: /保\s*存/ }));
    await expectFieldMarked(drawer, '第 3 行 料号', '第 3 行：料号 CAP-00003 不存在');
  });

  describe('a save the server refuses for one field (the mocks\' Bill/Save, the shared save rules)', () => {
    // The mocks' own Bill/Save, not this file's recording one.
    beforeEach(() => mockServer.resetHandlers());

    it('marks the refused line\'s cell with the server\'s reason and puts the cursor there, keeping what was typed', async () => {
      const onSaved = vi.fn();
      renderAdminScreen(<BillForm declaration={ASN} open onOpenChange={() => {}} onSaved={onSaved} />, 'BillASN');
      const drawer = await screen.findByRole('dialog');
      await user().type(within(drawer).getByLabelText('供应商'), 'V0001');
      await user().type(within(drawer).getByLabelText('第 1 行 料号'), 'P0001');
      await user().type(within(drawer).getByLabelText('第 1 行 数量'), '10');
      await user().type(within(drawer).getByLabelText('第 1 行 目标存储地点'), 'SL0001');
      await user().click(within(drawer).getByRole('button', { name: /添加明细行/ }));
      await user().type(within(drawer).getByLabelText('第 2 行 料号'), 'NO-SUCH-PART');
      await user().type(within(drawer).getByLabelText('第 2 行 数量'), '5');
      await user().type(within(drawer).getByLabelText('第 2 行 目标存储地点'), 'SL0001');
      await user().click(within(drawer).getByRole('button', { name: /保\s*存/ }));

      // Said on the cell, not toasted as well; nothing else marked, nothing typed lost, the form still open.
      await expectFieldMarked(drawer, '第 2 行 料号', '第 2 行：料号 NO-SUCH-PART 不存在');
      expect(fieldErrors(drawer, '第 1 行 料号')).toEqual([]);
      expect((within(drawer).getByLabelText('第 1 行 目标存储地点') as HTMLInputElement).value).toBe('SL0001');
      expect((within(drawer).getByLabelText('第 2 行 数量') as HTMLInputElement).value).toBe('5');
      expect(onSaved).not.toHaveBeenCalled();
      expect(screen.getByRole('dialog')).toBe(drawer);

      // Corrected, the cell's message goes and the bill saves.
      await user().clear(within(drawer).getByLabelText('第 2 行 料号'));
      await user().type(within(drawer).getByLabelText('第 2 行 料号'), 'P0002');
      await waitFor(() => expect(fieldErrors(drawer, '第 2 行 料号')).toEqual([]));
      await user().click(within(drawer).getByRole('button', { name: /保\s*存/ }));
      await waitFor(() => expect(onSaved).toHaveBeenCalledWith(expect.objectContaining({ Status: 'EDITING' })));
    });

    it('marks a refused header field: a vendor that is disabled', async () => {
      signIn('ADMIN');
      const vendors = (await queryRows(vendorEntity.listRoute, { conditions: [], Page: 1, Limit: 1000, wantAggregates: false })).rows;
      const disabled = String(vendors.find((row) => row.enabled === false)!.code);
      renderAdminScreen(<BillForm declaration={ASN} open onOpenChange={() => {}} onSaved={() => {}} />, 'BillASN');
      const drawer = await screen.findByRole('dialog');
      await user().type(within(drawer).getByLabelText('供应商'), disabled);
      await user().keyboard('{Escape}');
      await user().type(within(drawer).getByLabelText('第 1 行 料号'), 'P0001');
      await user().keyboard('{Escape}');
      await user().type(within(drawer).getByLabelText('第 1 行 数量'), '10');
      await user().type(within(drawer).getByLabelText('第 1 行 目标存储地点'), 'SL0001');
      await user().keyboard('{Escape}');
      await user().click(within(drawer).getByRole('button', { name: /保\s*存/ }));
      await expectFieldMarked(drawer, '供应商', `供应商 ${disabled} 已停用`);
    });
  });
});
