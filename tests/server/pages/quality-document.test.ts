/** The Inspection documents screen on the reference server (written by `npm run gen -- page`; add its own rules here). */
import { describePageOnServer } from '../support/pages.ts';
import { qualityDocumentPage } from '../../../src/shared/pages/quality-document.ts';

describePageOnServer(qualityDocumentPage);
