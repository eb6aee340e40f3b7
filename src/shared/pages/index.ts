/**
 * Every screen made by `npm run gen -- page`, in the order they were generated. The generator
 * appends an import and an entry above the marker lines; keep them.
 */
import type { PageDeclaration } from './declaration';
import { reelAgingPage } from './reel-aging';
import { reelLabelsPage } from './reel-labels';
import { rackViewPage } from './rack-view';
import { qualityDocumentPage } from './quality-document';
import { stocktakePage } from './stocktake';
import { msdRunCardPage } from './msd-run-card';
import { solderPastePage } from './solder-paste';
import { redGluePage } from './red-glue';
import { sqlConfigPage } from './sql-config';
import { qualityLooseApprovalPage } from './quality-loose-approval';
import { qualityReportPage } from './quality-report';
import { qualityAcceptanceRatePage } from './quality-acceptance-rate';
import { qualityDefectParetoPage } from './quality-defect-pareto';
// plop:append-page-import

export const PAGE_DECLARATIONS: readonly PageDeclaration[] = [
  reelAgingPage,
  reelLabelsPage,
  rackViewPage,
  qualityDocumentPage,
  stocktakePage,
  msdRunCardPage,
  solderPastePage,
  redGluePage,
  sqlConfigPage,
  qualityLooseApprovalPage,
  qualityReportPage,
  qualityAcceptanceRatePage,
  qualityDefectParetoPage,
  // plop:append-page-declaration
];
