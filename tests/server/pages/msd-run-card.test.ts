/** The Moisture-sensitive run-card history screen on the reference server (written by `npm run gen -- page`; add its own rules here). */
import { describePageOnServer } from '../support/pages.ts';
import { msdRunCardPage } from '../../../src/shared/pages/msd-run-card.ts';

describePageOnServer(msdRunCardPage);
