/**
 * The defect Pareto screen (/quality/defect-pareto; issue 19 reports): per defect class and check item the defects found
 * on judged lots, most first, with their share and cumulative share (view iqc_defect_pareto, declared in
 * src/shared/pages/quality-defect-pareto.ts) as a DataGrid; 导出Excel exports its search (Iqc/ListExport).
 */
import { ListRoutePage } from '../../../grid/ListRoutePage';
import { qualityDefectParetoPage } from '../../../shared/pages/quality-defect-pareto';
import { ListExportButton } from '../components/ListExportButton';

export default function QualityDefectParetoPage() {
  return <ListRoutePage page={qualityDefectParetoPage} toolbarExtra={<ListExportButton page={qualityDefectParetoPage} testId="quality-defect-pareto-export" />} />;
}
