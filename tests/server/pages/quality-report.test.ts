/** The Inspection reports screen on the reference server (written by `npm run gen -- page`; add its own rules here). */
import { describePageOnServer } from '../support/pages.ts';
import { qualityReportPage } from '../../../src/shared/pages/quality-report.ts';

describePageOnServer(qualityReportPage);
