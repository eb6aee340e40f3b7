/**
 * The Inspection reports screen (/quality/report): the judged inspection documents (view
 * iqc_documents_judged, declared in src/shared/pages/quality-report.ts) as a DataGrid; a row click or
 * 查看报告 shows the document's printable inspection report (InspectionReportDialog) in the user's language;
 * 导出Excel exports the grid's search (Iqc/ListExport).
 */
import { useMemo, useState } from 'react';
import { PrinterOutlined } from '@ant-design/icons';
import { useTranslation } from 'react-i18next';
import { ListRoutePage } from '../../../grid/ListRoutePage';
import type { GridRowAction } from '../../../grid/DataGrid';
import type { GridRow } from '../../../grid/model/types';
import { useGridFeedback } from '../../../grid/hooks/useGridFeedback';
import { qualityReportPage } from '../../../shared/pages/quality-report';
import { documentCellRenderers } from '../components/cells';
import { InspectionReportDialog } from '../components/InspectionReport';
import { ListExportButton } from '../components/ListExportButton';

const keyOf = (row: GridRow) => String(row.id ?? row.doc_code);

export default function QualityReportPage() {
  const { t } = useTranslation('quality');
  const { t: tGrid } = useTranslation('grid');
  const feedback = useGridFeedback();
  const [reportId, setReportId] = useState<string | null>(null);
  const renderers = useMemo(() => documentCellRenderers(t), [t]);

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
        page={qualityReportPage}
        rowActions={[print]}
        onRowClick={(row) => setReportId(keyOf(row))}
        cellRenderers={renderers}
        toolbarExtra={<ListExportButton page={qualityReportPage} testId="quality-report-export" />}
      />
      <InspectionReportDialog id={reportId} onClose={() => setReportId(null)} />
    </>
  );
}
