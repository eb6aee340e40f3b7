/**
 * The Inspection documents screen on the mocks (mocks/scenarios/quality.ts): the generated page's
 * checks, then a document opened from its row — the plan per defect class with its code letter, the
 * sample reels, the results editor (Enter walks the cells, a value out of limits is marked, the
 * judgment follows what is typed), Save results and Judge with §5's description rule; a rejected
 * document's scrap bill made from the drawer.
 */
import { act, waitFor, within } from '@testing-library/react';
import userEvent from '@testing-library/user-event';
import { beforeEach, describe, expect, it } from 'vitest';
import { http, HttpResponse } from 'msw';
import { mockServer } from '../../../mocks/node';
import { toastTexts } from '../fieldMarks';
import { describeGeneratedPage } from './pageTestKit';
import { qualityDocumentPage } from '../../../src/shared/pages/quality-document';
import QualityDocumentPage from '../../../src/features/quality/pages/QualityDocumentPage';
import { changeLanguage } from '../../../src/core/i18n';
import { MenuRouteContext } from '../../../src/core/navigation/menuRouteContext';
import { bodyRows, cellTexts, expectToast, modalTitled, recordRequests, renderInRouter, resetGridTestState, signIn, waitForRows } from '../grid/gridTestKit';
import { menuPageRoute } from '../menuRoutes';

describeGeneratedPage(qualityDocumentPage, () => import('../../../src/features/quality/pages/QualityDocumentPage'));

const route = menuPageRoute('QualityDocument', 'quality/document', '检验单', 'Inspection documents');

const PENDING = 'IQC202611010001';

async function openDocument(code: string) {
  renderInRouter(
    <MenuRouteContext.Provider value={route}>
      <QualityDocumentPage />
    </MenuRouteContext.Provider>,
    '/quality/document',
  );
  await waitForRows();
  const row = bodyRows().find((r) => cellTexts(r).includes(code))!;
  expect(row, code).toBeTruthy();
  await userEvent.setup({ delay: null }).click(within(row).getByText(code));
  return waitFor(() => {
    const drawer = document.querySelector<HTMLElement>('.ant-drawer-content');
    expect(drawer?.textContent).toContain(`检验单 ${code}`);
    expect(drawer?.textContent).toContain('样本字码');
    return drawer!;
  });
}

const planRows = (drawer: HTMLElement) =>
  [...drawer.querySelectorAll<HTMLElement>('.ant-card')].find((card) => card.textContent?.startsWith('抽样方案'))!.querySelectorAll('tbody tr');

describe('an inspection document opened on the 检验单 screen', () => {
  beforeEach(resetGridTestState);

  it('shows the lot, the plan per check item with its code letter, the sample reels, and coded values by their labels', async () => {
    signIn('ADMIN');
    const drawer = await openDocument(PENDING);
    // 1000 items at level II: code letter J, 80 items; class B at AQL 0.65: Ac 1 Re 2; class C at 2.5: Ac 5 Re 6 (ISO 2859-1 Table II-A).
    await waitFor(() => expect(planRows(drawer)).toHaveLength(2));
    expect([...planRows(drawer)].map((tr) => cellTexts(tr as HTMLElement))).toEqual([
      ['阻值', '计量', 'B', '0.65', 'J', '80', '1', '2', '正常检验'],
      ['外观', '计数', 'C', '2.5', 'J', '80', '5', '6', '正常检验'],
    ]);
    expect(drawer.textContent).toContain('需抽样的料卷（1 / 10）');
    expect(within(drawer).getByTestId('sample-reels').textContent).toBe(`${PENDING}-R001 × 100`);
    expect(drawer.textContent).toContain('待检验');
    expect(drawer.textContent).not.toContain('PENDING');
    // 50 measurement cells at most, though the sample is 80.
    expect(within(drawer).getAllByLabelText(/^阻值 第 \d+ 个测量值$/)).toHaveLength(50);

    await act(() => changeLanguage('en'));
    await waitFor(() => expect(drawer.textContent).toContain('Code letter'));
    expect(drawer.textContent).toContain('Pending');
  });

  it('judges live as measurements are typed (Enter moves on, out of limits marked), saves them, and a reject needs the description (§5)', async () => {
    const u = userEvent.setup({ delay: null });
    const saves = recordRequests('/Iqc/SaveResults');
    const judgments = recordRequests('/Iqc/Judge');
    signIn('ADMIN');
    const drawer = await openDocument(PENDING);
    const cell = (n: number) => within(drawer).getByLabelText(`阻值 第 ${n} 个测量值`) as HTMLInputElement;

    await u.click(cell(1));
    await u.keyboard('10{Enter}');
    expect(document.activeElement).toBe(cell(2));
    await u.keyboard('10.8{Enter}');
    expect(document.activeElement).toBe(cell(3));
    expect(cell(2).getAttribute('aria-invalid')).toBe('true');
    expect(cell(1).getAttribute('aria-invalid')).toBe('false');
    // One defect in class B (Re 2): still accepted.
    expect(within(drawer).getByTestId('judgment-RES').textContent).toContain('合格');
    await u.keyboard('9.1');
    // Two defects: class B rejected, the item fails.
    await waitFor(() => expect(within(drawer).getByTestId('judgment-RES').textContent).toContain('不合格'));
    expect(drawer.textContent).toContain('计算结果：拒收');
    await u.type(within(drawer).getByLabelText('外观 不良数'), '0');

    await u.click(within(drawer).getByRole('button', { name: /保存结果/ }));
    await expectToast('检验结果已保存');
    await waitFor(() => expect(saves).toHaveLength(1));
    expect(saves[0]).toEqual({ Id: `org-f01-iqc-1`, Items: [{ CheckItemCode: 'RES', Measurements: [10, 10.8, 9.1] }, { CheckItemCode: 'VIS', Defects: 0 }] });

    await u.click(within(drawer).getByRole('button', { name: /判\s*定/ }));
    const dialog = await modalTitled(`判定检验单 ${PENDING}`);
    expect(dialog.textContent).toContain('计算结果：拒收');
    await u.click(within(dialog).getByRole('button', { name: /确\s*认/ }));
    await waitFor(() => expect(dialog.textContent).toContain('包含拒收时，描述不能为空'));
    expect(judgments).toHaveLength(0);
    await u.type(within(dialog).getByLabelText('描述'), '阻值超差 2 pcs');
    await u.click(within(dialog).getByRole('button', { name: /确\s*认/ }));
    await expectToast('检验单已判定');
    expect(judgments[0]).toEqual({ Id: 'org-f01-iqc-1', Result: 'REJECT', Description: '阻值超差 2 pcs', OverrideReason: null });
    await waitFor(() => expect(drawer.querySelector('.ant-descriptions')?.textContent).toContain('已拒收'));
    // Judged: the editor is read-only and the actions are gone.
    expect(cell(1).disabled).toBe(true);
    expect(within(drawer).queryByRole('button', { name: /保存结果/ })).toBeNull();
  }, 60_000);

  it('refuses a mistyped measurement on its cell, naming the item and the cell, in the user’s language, and sends nothing', async () => {
    const u = userEvent.setup({ delay: null });
    const saves = recordRequests('/Iqc/SaveResults');
    signIn('ADMIN');
    const drawer = await openDocument(PENDING);
    const cell = (n: number) => within(drawer).getByLabelText(`阻值 第 ${n} 个测量值`) as HTMLInputElement;
    await u.type(within(drawer).getByLabelText('外观 不良数'), '0');
    await u.click(cell(1));
    await u.keyboard('10{Enter}1o.2{Enter}9.9');

    await u.click(within(drawer).getByRole('button', { name: /保存结果/ }));
    await waitFor(() => expect(document.querySelector('.ant-tooltip')?.textContent).toBe('检验项目 阻值 第 2 个测量值「1o.2」不是数字'));
    expect(document.activeElement).toBe(cell(2));
    expect(cell(2).getAttribute('aria-invalid')).toBe('true');
    expect(saves).toHaveLength(0);

    await act(() => changeLanguage('en'));
    await u.click(within(drawer).getByRole('button', { name: /Save results/ }));
    await waitFor(() => expect(document.querySelector('.ant-tooltip:not(.ant-tooltip-hidden)')?.textContent).toBe('Measurement 2 of the check item 阻值 is not a number: "1o.2"'));
    expect(saves).toHaveLength(0);

    // Corrected, the mark goes and the save sends every value.
    const second = within(drawer).getByLabelText('阻值 measurement 2');
    await u.clear(second);
    await u.type(second, '10.2');
    await waitFor(() => expect(document.querySelector('.ant-tooltip:not(.ant-tooltip-hidden)')).toBeNull());
    await u.click(within(drawer).getByRole('button', { name: /Save results/ }));
    await waitFor(() => expect(saves).toHaveLength(1));
    expect(saves[0]).toEqual({ Id: 'org-f01-iqc-1', Items: [{ CheckItemCode: 'RES', Measurements: [10, 10.2, 9.9] }, { CheckItemCode: 'VIS', Defects: 0 }] });
  }, 60_000);

  it('marks the cell a server refusal places on (LineNo, Field Measurements, Cell), counting only the cells sent, with no toast', async () => {
    // The screen refuses a mistyped value itself first; this is the server's refusal of a value the screen let through.
    const u = userEvent.setup({ delay: null });
    const saves = recordRequests('/Iqc/SaveResults');
    mockServer.use(
      http.post('*/Iqc/SaveResults', () => {
        return HttpResponse.json({ code: 400, msg: '检验项目 阻值 第 2 个测量值「11」不是数字', data: { LineNo: 1, Field: 'Measurements', Cell: 2 } }, { status: 400 });
      }),
    );
    signIn('ADMIN');
    const drawer = await openDocument(PENDING);
    const cell = (n: number) => within(drawer).getByLabelText(`阻值 第 ${n} 个测量值`) as HTMLInputElement;
    await u.type(within(drawer).getByLabelText('外观 不良数'), '0');
    // The second cell left blank: the second value sent is the third cell's.
    await u.click(cell(1));
    await u.keyboard('10{Enter}{Enter}11{Enter}12');
    await u.click(within(drawer).getByRole('button', { name: /保存结果/ }));
    await waitFor(() => expect(saves).toHaveLength(1));
    expect(saves[0]).toEqual({ Id: 'org-f01-iqc-1', Items: [{ CheckItemCode: 'RES', Measurements: [10, 11, 12] }, { CheckItemCode: 'VIS', Defects: 0 }] });
    await waitFor(() => expect(document.querySelector('.ant-tooltip:not(.ant-tooltip-hidden)')?.textContent).toBe('检验项目 阻值 第 2 个测量值「11」不是数字'));
    expect(document.activeElement).toBe(cell(3));
    expect(toastTexts()).toEqual([]);
  }, 60_000);

  it('shows the SPC X̄-R chart of a variable item across lots with this lot’s typed values, out-of-control points highlighted', async () => {
    const u = userEvent.setup({ delay: null });
    signIn('ADMIN');
    const drawer = await openDocument(PENDING);
    await u.click(within(drawer).getByLabelText('阻值 第 1 个测量值'));
    await u.keyboard('10{Enter}10.1{Enter}9.9');
    await u.click(within(drawer).getByRole('button', { name: /SPC 控制图/ }));
    const chart = await within(drawer).findByTestId('spc-RES');
    // 12 earlier lots of the mocks plus this one, subgroups of 3 (this lot's count); the 9th lot's mean 10.42 is beyond
    // its UCL (rule 1) and the 8 lots before it all lie below the raised centre line (rule 4).
    const points = () => [...within(chart).getByTestId('spc-xbar').querySelectorAll('circle')];
    await waitFor(() => expect(points()).toHaveLength(13));
    expect(points().flatMap((c, i) => (c.getAttribute('data-out') ? [i] : []))).toEqual([7, 8]);
    expect(chart.textContent).toContain('子组容量 n = 3');
    expect(chart.textContent).toContain('失控点：2');
    expect(chart.textContent).toContain('违反判异准则 1');
    expect(points()[12].textContent).toBe(`${PENDING} (本批): 10.0000`);
    // The lot's point follows what is typed.
    await u.clear(within(drawer).getByLabelText('阻值 第 3 个测量值'));
    await u.type(within(drawer).getByLabelText('阻值 第 3 个测量值'), '10.3');
    await waitFor(() => expect(points()[12].textContent).toBe(`${PENDING} (本批): 10.1333`));
  }, 60_000);

  it('a result other than the computed one needs the reason, and a reject its description, before anything is sent', async () => {
    const u = userEvent.setup({ delay: null });
    const judgments = recordRequests('/Iqc/Judge');
    signIn('ADMIN');
    const drawer = await openDocument(PENDING);
    await u.click(within(drawer).getByLabelText('阻值 第 1 个测量值'));
    await u.keyboard('10{Enter}10.1');
    await u.type(within(drawer).getByLabelText('外观 不良数'), '1');
    await waitFor(() => expect(drawer.textContent).toContain('计算结果：接收'));
    await u.click(within(drawer).getByRole('button', { name: /保存结果/ }));
    await expectToast('检验结果已保存');

    await u.click(within(drawer).getByRole('button', { name: /判\s*定/ }));
    const dialog = await modalTitled(`判定检验单 ${PENDING}`);
    expect(within(dialog).queryByLabelText('改判原因')).toBeNull();
    await u.click(within(dialog).getByText('拒收'));
    await u.click(within(dialog).getByRole('button', { name: /确\s*认/ }));
    // Each field's message appears when its own check has answered: wait for both.
    await waitFor(() => {
      expect(dialog.textContent).toContain('包含拒收时，描述不能为空');
      expect(dialog.textContent).toContain('检验结果与系统判定不同，请输入改判原因');
    });
    expect(judgments).toHaveLength(0);
    await u.type(within(dialog).getByLabelText('描述'), '外观不良 1 pcs，客户要求从严');
    await u.type(within(dialog).getByLabelText('改判原因'), '客户投诉批次');
    await u.click(within(dialog).getByRole('button', { name: /确\s*认/ }));
    await expectToast('检验单已判定');
    expect(judgments[0]).toEqual({ Id: 'org-f01-iqc-1', Result: 'REJECT', Description: '外观不良 1 pcs，客户要求从严', OverrideReason: '客户投诉批次' });
  }, 60_000);

  it('a rejected document offers its return and scrap bills; the bill made, its code shows on the document', async () => {
    const u = userEvent.setup({ delay: null });
    const makes = recordRequests('/Iqc/MakeBill');
    signIn('ADMIN');
    const drawer = await openDocument('IQC202611010004');
    expect(within(drawer).getByRole('button', { name: /生成退货单/ })).toBeTruthy();
    await u.click(within(drawer).getByRole('button', { name: /生成报废单/ }));
    const confirm = await waitFor(() => {
      const popup = document.querySelector<HTMLElement>('.ant-popconfirm:not(.ant-popover-hidden)');
      expect(popup?.textContent).toContain('按检验单 IQC202611010004 生成报废单（BB），报废待检料卷？');
      return popup!;
    });
    await u.click(within(confirm).getByRole('button', { name: /确\s*定|OK/ }));
    await expectToast('已生成单据 BB');
    expect(makes).toEqual([{ DocumentId: 'org-f01-iqc-4', BillType: 'BB' }]);
    await waitFor(() => expect(within(drawer).getByTestId('made-bill').textContent).toMatch(/^退货\/报废单 BB\d{12}$/));
    expect(within(drawer).queryByRole('button', { name: /生成退货单/ })).toBeNull();
  }, 60_000);
});
