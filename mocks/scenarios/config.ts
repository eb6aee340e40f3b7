/**
 * The environment config screen (SysEnvConfig/List, Add, Update, Delete) and the system-app screen
 * (SysApp/List) in mock mode, as the reference server answers them (server/modules/config/env-config.ts,
 * server/modules/apps/handlers.ts): over the mock db's environmentVariables and childApps, the rows
 * SysEnvConfig/GetEnvVars and SysApp/GetAll read (./session.ts), so a row added here is one ADMIN's
 * environment selector offers. A row's UrlPrefix must be an http or https URL (src/shared/http-url.ts).
 */
import type { components } from '../../src/api/schema';
import { isHttpUrl } from '../../src/shared/http-url';
import { Refusal } from '../../src/shared/messages/refusal';
import { createContractHttp } from '../generated/handlers';
import { envVarsInOrder, childAppsInOrder, getMockDb } from '../db';
import { legacyOk, okWith as ok, signedInAnswer } from './answers';

type EnvConfigSave = components['schemas']['EnvConfigSaveRequest'];
type EnvConfigList = components['schemas']['EnvConfigListRequest'];

const page = <T>(rows: T[], { Page, Limit }: { Page: number; Limit: number }) => rows.slice((Page - 1) * Limit, Page * Limit);

/** The row to write, checked: a valid URL and no other row with the same environment and variable. */
function checked(body: EnvConfigSave, exceptId: string | undefined) {
  if (!isHttpUrl(body.UrlPrefix)) throw new Refusal(400, 'envConfigUrlInvalid', {}, { Field: 'UrlPrefix' });
  const fields = { EnvName: body.EnvName.trim(), VarName: body.VarName.trim(), UrlPrefix: body.UrlPrefix.trim(), Enabled: body.Enabled ?? 'Y' };
  if (getMockDb().environmentVariables.some((row) => row.EnvName === fields.EnvName && row.VarName === fields.VarName && row.ID !== exceptId)) {
    throw new Refusal(409, 'envConfigExists', { env: fields.EnvName, name: fields.VarName }, { Field: 'VarName' });
  }
  return fields;
}

function listEnvConfig(request: Request, body: EnvConfigList) {
  const found = envVarsInOrder().filter((row) => (!body.Data?.EnvName || row.EnvName === body.Data.EnvName) && (!body.Data?.VarName || row.VarName === body.Data.VarName));
  return { ...ok(request, page(found, body)), count: found.length };
}

function addEnvConfig(request: Request, body: EnvConfigSave) {
  if (body.ID) throw new Refusal(400, 'badRequest');
  const row = { ID: crypto.randomUUID(), ...checked(body, undefined) };
  getMockDb().environmentVariables.push(row);
  return ok(request, row, 'masterSaved');
}

function updateEnvConfig(request: Request, body: EnvConfigSave) {
  const row = getMockDb().environmentVariables.find((r) => r.ID === body.ID);
  if (!body.ID || !row) throw new Refusal(404, 'masterNotFound');
  Object.assign(row, checked(body, body.ID));
  return ok(request, row, 'masterSaved');
}

function deleteEnvConfig(request: Request, id: string | null) {
  const db = getMockDb();
  const index = db.environmentVariables.findIndex((row) => row.ID === id);
  if (index < 0) throw new Refusal(404, 'masterNotFound');
  db.environmentVariables.splice(index, 1);
  return ok(request, null, 'masterDeleted');
}

export function configHandlers(baseUrl: string) {
  const http = createContractHttp(baseUrl);
  return [
    http.post('/SysEnvConfig/List', signedInAnswer(async (_caller, request) => listEnvConfig(request, (await request.json()) as EnvConfigList))),
    http.post('/SysEnvConfig/Add', signedInAnswer(async (_caller, request) => addEnvConfig(request, (await request.json()) as EnvConfigSave))),
    http.post('/SysEnvConfig/Update', signedInAnswer(async (_caller, request) => updateEnvConfig(request, (await request.json()) as EnvConfigSave))),
    http.get('/SysEnvConfig/Delete', signedInAnswer((_caller, request) => deleteEnvConfig(request, new URL(request.url).searchParams.get('id')))),
    // The system-app screen: every child app with its order and login flag, paged (legacy shape).
    http.post('/SysApp/List', signedInAnswer(async (_caller, request) => {
      const apps = childAppsInOrder();
      return legacyOk(page(apps, (await request.json()) as { Page: number; Limit: number }), apps.length);
    })),
  ];
}
