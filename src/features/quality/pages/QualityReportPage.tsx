/**
 * The Inspection reports screen (/quality/report): the judged inspection documents (view
 * iqc_documents_judged, declared in src/shared/pages/quality-report.ts) as a DataGrid; a row click or
 * 查看报告 shows the document's printable inspection report (InspectionReportDialog) in the user's language;
 * 导出Excel exports the grid's search (Iqc/ReportExport).
 */
import { useMemo, useState } from 'react';
import { FileExcelOutlined, PrinterOutlined } from '@ant-design/icons';
import { Button } from 'antd';
import { useLocation } from 'react-router-dom';
import { useTranslation } from 'react-i18next';
import { ListRoutePage } from '../../../grid/ListRoutePage';
import type { GridRowAction } from '../../../grid/DataGrid';
import type { GridRow } from '../../../grid/model/types';
import { useGridFeedback } from '../../../grid/hooks/useGridFeedback';
import { downloadBlob } from '../../../grid/logic/download';
import { searchConditionsOf, useRouteSearch } from '../../../grid/state/advancedSearchStore';
import { useLanguage } from '../../../core/i18n/localizedTitle';
import { qualityReportPage } from '../../../shared/pages/quality-report';
import { exportReport } from '../api';
import { documentCellRenderers } from '../components/cells';
import { InspectionReportDialog } from '../components/InspectionReport';

const keyOf = (row: GridRow) => String(row.id ?? row.doc_code);

export default function QualityReportPage() {
  const { t } = useTranslation('quality');
  const { t: tGrid } = useTranslation('grid');
  const feedback = useGridFeedback();
  const [reportId, setReportId] = useState<string | null>(null);
  const renderers = useMemo(() => documentCellRenderers(t), [t]);
  const language = useLanguage();
  const routeSearch = useRouteSearch(useLocation().pathname);
  const [exporting, setExporting] = useState(false);

  // The grid's search as it stands, exported by the server (Iqc/ReportExport) with captions and labels in the user's language.
  const exportList = async () => {
    setExporting(true);
    try {
      downloadBlob(await exportReport({ conditions: searchConditionsOf(routeSearch) }), `${qualityReportPage.title[language]}.xlsx`);
    } catch {
      // The api layer showed the server's message.
    } finally {
      setExporting(false);
    }
  };

  const print: GridRowAction = {
    key: 'report',
    label: t('report.open'),
    icon: <PrinterOutlined />,
    onClick: (rows) =>
      rows.length === 1 ? setReportId(keyOf(rows[0])) : feedback.warning(tGrid(rows.length ? 'rowAction.selectOne' : 'rowAction.selectFirst', { count: rows.length })),
  };

  return (
    <>
      <ListRoutePage
        listRoute={qualityReportPage.link}
        rowActions={[print]}
        onRowClick={(row) => setReportId(keyOf(row))}
        cellRenderers={renderers}
        toolbarExtra={
          <Button icon={<FileExcelOutlined />} loading={exporting} onClick={() => void exportList()} data-testid="quality-report-export">
            {t('report.export')}
          </Button>
        }
      />
      <InspectionReportDialog id={reportId} onClose={() => setReportId(null)} />
    </>
  );
}
