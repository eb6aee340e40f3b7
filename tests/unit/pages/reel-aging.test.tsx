/** The Reel aging screen on the mocks (written by `npm run gen -- page`; add the screen's own behaviour here). */
import { describeGeneratedPage } from './pageTestKit';
import { reelAgingPage } from '../../../src/shared/pages/reel-aging';

describeGeneratedPage(reelAgingPage, () => import('../../../src/features/warehouse/pages/ReelAgingPage'));
