/** The Defect Pareto screen on the reference server (written by `npm run gen -- page`; add its own rules here). */
import { describePageOnServer } from '../support/pages.ts';
import { qualityDefectParetoPage } from '../../../src/shared/pages/quality-defect-pareto.ts';

describePageOnServer(qualityDefectParetoPage);
