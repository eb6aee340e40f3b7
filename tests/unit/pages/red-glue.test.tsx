/** The Red glue screen on the mocks (written by `npm run gen -- page`; add the screen's own behaviour here). */
import { describeGeneratedPage } from './pageTestKit';
import { redGluePage } from '../../../src/shared/pages/red-glue';

describeGeneratedPage(redGluePage, () => import('../../../src/features/warehouse/pages/RedGluePage'));
