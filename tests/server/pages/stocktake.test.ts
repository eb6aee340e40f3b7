/** The Stocktaking screen on the reference server (written by `npm run gen -- page`; add its own rules here). */
import { describePageOnServer } from '../support/pages.ts';
import { stocktakePage } from '../../../src/shared/pages/stocktake.ts';

describePageOnServer(stocktakePage);
