/** The Reel barcode generation screen on the mocks (written by `npm run gen -- page`; add the screen's own behaviour here). */
import { describeGeneratedPage } from './pageTestKit';
import { reelLabelsPage } from '../../../src/shared/pages/reel-labels';

describeGeneratedPage(reelLabelsPage, () => import('../../../src/features/stock/pages/ReelLabelsPage'));
