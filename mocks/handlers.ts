/**
 * Every mock handler, in match order: the stateful scenarios first, then the generated,
 * schema-valid example answer for every other contract operation (so a call added to the
 * contract is answered in mock mode before anyone writes its scenario).
 */
import { generatedHandlers } from './generated/handlers';
import { adminHandlers } from './scenarios/admin';
import { sessionHandlers } from './scenarios/session';
import { DEMO_REELS_MOCK_LIST, listParamHandlers } from './scenarios/listparam';
import { BILL_MOCK_LISTS, billHandlers } from './scenarios/bills';
import { toolsHandlers } from './scenarios/tools';
import { MASTER_MOCK_LISTS, masterDataHandlers } from './scenarios/masterdata';
import { barcodeHandlers } from './scenarios/barcodes';
import { organizationHandlers } from './scenarios/organizations';
import { HOME_MOCK_LISTS } from './scenarios/home-lists';
import { homeHandlers } from './scenarios/home';
import { configHandlers } from './scenarios/config';
import { PAGE_MOCK_LISTS } from './scenarios/pages';
import { labelHandlers } from './scenarios/labels';
import { jobHandlers } from './scenarios/jobs';
import { shelfHandlers } from './scenarios/shelves';
import { REPORT_MOCK_LISTS, reportHandlers } from './scenarios/reports';
import { portalHandlers } from './scenarios/portal';
import { qualityHandlers, withQualityRows } from './scenarios/quality';

export function mockHandlers(baseUrl: string) {
  return [...sessionHandlers(baseUrl), ...listParamHandlers(baseUrl, [DEMO_REELS_MOCK_LIST, ...BILL_MOCK_LISTS, ...MASTER_MOCK_LISTS, ...HOME_MOCK_LISTS, ...PAGE_MOCK_LISTS.map(withQualityRows), ...REPORT_MOCK_LISTS]), ...masterDataHandlers(baseUrl), ...barcodeHandlers(baseUrl), ...billHandlers(baseUrl), ...toolsHandlers(baseUrl), ...adminHandlers(baseUrl), ...organizationHandlers(baseUrl), ...homeHandlers(baseUrl), ...configHandlers(baseUrl), ...labelHandlers(baseUrl), ...jobHandlers(baseUrl), ...shelfHandlers(baseUrl), ...reportHandlers(baseUrl), ...qualityHandlers(baseUrl), ...portalHandlers(baseUrl), ...generatedHandlers(baseUrl)];
}
