/** The Defect Pareto screen on the mocks (written by `npm run gen -- page`; add the screen's own behaviour here). */
import { describeGeneratedPage } from './pageTestKit';
import { qualityDefectParetoPage } from '../../../src/shared/pages/quality-defect-pareto';

describeGeneratedPage(qualityDefectParetoPage, () => import('../../../src/features/quality/pages/QualityDefectParetoPage'));
