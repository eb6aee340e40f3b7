/** The Solder paste screen on the reference server (written by `npm run gen -- page`; add its own rules here). */
import { describePageOnServer } from '../support/pages.ts';
import { solderPastePage } from '../../../src/shared/pages/solder-paste.ts';

describePageOnServer(solderPastePage);
