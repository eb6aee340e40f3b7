/** The Reel barcode generation screen on the reference server (written by `npm run gen -- page`; add its own rules here). */
import { describePageOnServer } from '../support/pages.ts';
import { reelLabelsPage } from '../../../src/shared/pages/reel-labels.ts';

describePageOnServer(reelLabelsPage);
