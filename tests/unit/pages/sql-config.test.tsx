/** The SQL configuration screen on the mocks (written by `npm run gen -- page`; add the screen's own behaviour here). */
import { describeGeneratedPage } from './pageTestKit';
import { sqlConfigPage } from '../../../src/shared/pages/sql-config';

describeGeneratedPage(sqlConfigPage, () => import('../../../src/features/reports/pages/SqlConfigPage'));
