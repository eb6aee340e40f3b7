/**
 * The Inspection reports screen on the mocks (mocks/scenarios/quality.ts): the generated page's checks,
 * then the judged documents only, and a document's printable report in the user's language — header,
 * plan with code letter, measurements with those out of limits marked, the judgment with who and when.
 */
import { act, screen, waitFor, within } from '@testing-library/react';
import userEvent from '@testing-library/user-event';
import { beforeEach, describe, expect, it, vi } from 'vitest';
import { describeGeneratedPage } from './pageTestKit';
import { qualityReportPage } from '../../../src/shared/pages/quality-report';
import QualityReportPage from '../../../src/features/quality/pages/QualityReportPage';
import { changeLanguage } from '../../../src/core/i18n';
import { MenuRouteContext } from '../../../src/core/navigation/menuRouteContext';
import ExcelJS from 'exceljs';
import { bodyRows, cellTexts, recordRequests, renderInRouter, resetGridTestState, signIn, waitForRows } from '../grid/gridTestKit';
import { menuPageRoute } from '../menuRoutes';

describeGeneratedPage(qualityReportPage, () => import('../../../src/features/quality/pages/QualityReportPage'));

const route = menuPageRoute('QualityReport', 'quality/report', '检验报告', 'Inspection reports');

describe('inspection reports', () => {
  beforeEach(resetGridTestState);

  it('lists the judged documents only and prints a document’s report in the user’s language', async () => {
    const u = userEvent.setup({ delay: null });
    signIn('ADMIN');
    renderInRouter(
      <MenuRouteContext.Provider value={route}>
        <QualityReportPage />
      </MenuRouteContext.Provider>,
      '/quality/report',
    );
    await waitForRows();
    expect(bodyRows().map((row) => cellTexts(row).find((text) => text.startsWith('IQC')))).toEqual(['IQC202611010003', 'IQC202611010004', 'IQC202611010005']);

    const rejected = bodyRows()[0];
    await u.click(within(rejected).getByText('IQC202611010003'));
    const report = await screen.findByTestId('inspection-report');
    const field = (key: string) => report.querySelector(`[data-field="${key}"]`)?.textContent;
    expect(report.textContent).toContain('来料检验报告');
    expect([field('docCode'), field('lotSize'), field('severity'), field('status'), field('result'), field('description'), field('judgedBy')]).toEqual([
      'IQC202611010003', '3200', '正常检验', '已拒收', '拒收', '阻值超差', 'ADMIN',
    ]);
    // 3200 items at level II: code letter K, 125 items, class B at AQL 0.65: Ac 2 Re 3; 9.2 and 10.7 are outside 9.5–10.5.
    const resistance = [...report.querySelectorAll('tbody tr')].find((tr) => tr.textContent?.startsWith('阻值'))!;
    expect([...resistance.querySelectorAll('td')].slice(0, 8).map((td) => td.textContent)).toEqual(['阻值', '计量', 'B', '0.65', 'K', '125', '2', '3']);
    expect([...resistance.querySelectorAll('.qc-out-of-limit')].map((el) => el.textContent?.replace(/^, /, ''))).toEqual(['9.2', '10.7']);

    // The report prints alone: the print styles apply only while its print runs.
    let markedWhilePrinting = false;
    const print = vi.spyOn(window, 'print').mockImplementation(() => {
      markedWhilePrinting = document.body.classList.contains('qc-printing');
    });
    await u.click(within(report.closest('.ant-modal') as HTMLElement).getByRole('button', { name: /打印报告/ }));
    expect(print).toHaveBeenCalledTimes(1);
    expect([markedWhilePrinting, document.body.classList.contains('qc-printing')]).toEqual([true, false]);
    print.mockRestore();

    await act(() => changeLanguage('en'));
    await waitFor(() => expect(report.textContent).toContain('Incoming inspection report'));
    expect(report.querySelector('[data-field="status"]')?.textContent).toBe('Rejected');
    expect(report.textContent).toContain('Sampling plan (ISO 2859-1)');
  }, 60_000);

  it('exports the judged documents as xlsx with the captions and coded values in the user’s language', async () => {
    const u = userEvent.setup({ delay: null });
    const requests = recordRequests('/Iqc/ListExport');
    const blobs: Blob[] = [];
    Object.assign(URL, { createObjectURL: vi.fn((blob: Blob) => (blobs.push(blob), 'blob:report')), revokeObjectURL: vi.fn() });
    signIn('ADMIN');
    await act(() => changeLanguage('en'));
    renderInRouter(
      <MenuRouteContext.Provider value={route}>
        <QualityReportPage />
      </MenuRouteContext.Provider>,
      '/quality/report',
    );
    await waitForRows();
    await u.click(screen.getByTestId('quality-report-export'));
    await waitFor(() => expect(blobs).toHaveLength(1));
    expect(requests).toEqual([{ LIST_ROUTE: '/quality/report', conditions: [] }]);
    const workbook = new ExcelJS.Workbook();
    await workbook.xlsx.load(await blobs[0].arrayBuffer());
    const rows: unknown[][] = [];
    workbook.worksheets[0].eachRow((row) => rows.push((row.values as unknown[]).slice(1)));
    expect(rows[0].slice(0, 2)).toEqual(['Inspection no.', 'Receipt bill']);
    expect(rows.slice(1).map((row) => row[0])).toEqual(['IQC202611010003', 'IQC202611010004', 'IQC202611010005']);
    expect(rows[1]).toEqual(expect.arrayContaining(['Rejected', 'Reject', 'Normal']));
  }, 60_000);
});
