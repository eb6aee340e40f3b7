/** The Solder paste screen on the mocks (written by `npm run gen -- page`; add the screen's own behaviour here). */
import { describeGeneratedPage } from './pageTestKit';
import { solderPastePage } from '../../../src/shared/pages/solder-paste';

describeGeneratedPage(solderPastePage, () => import('../../../src/features/warehouse/pages/SolderPastePage'));
