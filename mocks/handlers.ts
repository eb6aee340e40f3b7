/**
 * Every mock handler, in match order: the stateful scenarios first, then the generated,
 * schema-valid example answer for every other contract operation (so a call added to the
 * contract is answered in mock mode before anyone writes its scenario).
 */
import { resolveApiBase } from '../src/api/base';
import { generatedHandlers } from './generated/handlers';
import { adminHandlers } from './scenarios/admin';
import { sessionHandlers } from './scenarios/session';
import { listParamHandlers } from './scenarios/listparam';
import { toolsHandlers } from './scenarios/tools';

export function mockHandlers(baseUrl: string = resolveApiBase()) {
  return [...sessionHandlers(baseUrl), ...listParamHandlers(baseUrl), ...toolsHandlers(baseUrl), ...adminHandlers(baseUrl), ...generatedHandlers(baseUrl)];
}
