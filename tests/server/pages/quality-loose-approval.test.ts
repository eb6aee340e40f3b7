/** The Loose-acceptance approval screen on the reference server (written by `npm run gen -- page`; add its own rules here). */
import { describePageOnServer } from '../support/pages.ts';
import { qualityLooseApprovalPage } from '../../../src/shared/pages/quality-loose-approval.ts';

describePageOnServer(qualityLooseApprovalPage);
