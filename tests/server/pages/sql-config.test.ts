/** The SQL configuration screen on the reference server (written by `npm run gen -- page`; add its own rules here). */
import { describePageOnServer } from '../support/pages.ts';
import { sqlConfigPage } from '../../../src/shared/pages/sql-config.ts';

describePageOnServer(sqlConfigPage);
