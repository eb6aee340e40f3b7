/** The Lot acceptance rate screen on the mocks (written by `npm run gen -- page`; add the screen's own behaviour here). */
import { describeGeneratedPage } from './pageTestKit';
import { qualityAcceptanceRatePage } from '../../../src/shared/pages/quality-acceptance-rate';

describeGeneratedPage(qualityAcceptanceRatePage, () => import('../../../src/features/quality/pages/QualityAcceptanceRatePage'));
