/** The Lot acceptance rate screen on the reference server (written by `npm run gen -- page`; add its own rules here). */
import { describePageOnServer } from '../support/pages.ts';
import { qualityAcceptanceRatePage } from '../../../src/shared/pages/quality-acceptance-rate.ts';

describePageOnServer(qualityAcceptanceRatePage);
