/** The Stocktaking screen on the mocks (written by `npm run gen -- page`; add the screen's own behaviour here). */
import { describeGeneratedPage } from './pageTestKit';
import { stocktakePage } from '../../../src/shared/pages/stocktake';

describeGeneratedPage(stocktakePage, () => import('../../../src/features/stocktake/pages/StocktakePage'));
