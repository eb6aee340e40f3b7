/**
 * The lot acceptance rate screen (/quality/acceptance-rate; issue 19 reports): per vendor and month the lots judged, accepted,
 * rejected and loosely accepted and the rate accepted (view iqc_acceptance_rates, declared in
 * src/shared/pages/quality-acceptance-rate.ts) as a DataGrid; 导出Excel exports its search (Iqc/ListExport).
 */
import { ListRoutePage } from '../../../grid/ListRoutePage';
import { qualityAcceptanceRatePage } from '../../../shared/pages/quality-acceptance-rate';
import { ListExportButton } from '../components/ListExportButton';

export default function QualityAcceptanceRatePage() {
  return <ListRoutePage page={qualityAcceptanceRatePage} toolbarExtra={<ListExportButton page={qualityAcceptanceRatePage} testId="quality-acceptance-rate-export" />} />;
}
