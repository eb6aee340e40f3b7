/** The Moisture-sensitive run-card history screen on the mocks (written by `npm run gen -- page`; add the screen's own behaviour here). */
import { describeGeneratedPage } from './pageTestKit';
import { msdRunCardPage } from '../../../src/shared/pages/msd-run-card';

describeGeneratedPage(msdRunCardPage, () => import('../../../src/features/msd/pages/MsdRunCardPage'));
