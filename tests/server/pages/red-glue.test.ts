/** The Red glue screen on the reference server (written by `npm run gen -- page`; add its own rules here). */
import { describePageOnServer } from '../support/pages.ts';
import { redGluePage } from '../../../src/shared/pages/red-glue.ts';

describePageOnServer(redGluePage);
