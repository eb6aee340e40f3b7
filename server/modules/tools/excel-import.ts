/**
 * Excel import (spec §2 administration: Excel导入): one page to bulk-load any master-data entity.
 * It does not import anything itself: the template is the entity's columns (the same header the
 * entity's export writes) and the upload is run by the entity's own `/<resource>/Import` handler of
 * the shared CRUD mechanism (server/crud), so the checks, the per-row error report and the
 * all-or-nothing write are exactly the master-data screens' ones.
 */
import type { FastifyReply, FastifyRequest } from 'fastify';
import { accessControl } from '../../access.ts';
import { listContractOperations, loadContract, type Permission } from '../../contract.ts';
import { masterEntities } from '../../../src/shared/masterdata/entities/index.ts';
import type { EntityDeclaration } from '../../../src/shared/masterdata/declaration.ts';
import type { ServerContext } from '../../context.ts';
import { masterDataHandlers } from '../../crud/handlers.ts';
import { streamWorkbook, XLSX_TYPE } from '../../crud/excel.ts';
import { exactHandlers, type OperationHandlers } from '../../http/operations.ts';
import { Problem } from '../../http/problem.ts';
import { ok } from '../../http/responses.ts';
import { languageOf, translate } from '../../../src/shared/messages/catalogue.ts';
import { contentDisposition } from './tool-files.ts';

export function excelImportHandlers(ctx: ServerContext) {
  const crud = masterDataHandlers(ctx, masterEntities);
  const importPermissions = new Map<string, Permission>(listContractOperations(loadContract()).map((op) => [op.operationId, op.permission]));
  const targets = new Map(
    masterEntities.filter((e) => `${e.resource}Import` in crud && importPermissions.has(`${e.resource}Import`)).map((e) => [e.resource, e]),
  );
  const checkAccess = accessControl(ctx);

  /** Whether the caller may call the entity's own Import: the access check run on its x-permission. */
  async function mayImport(request: FastifyRequest, reply: FastifyReply, entity: EntityDeclaration): Promise<boolean> {
    const permission = importPermissions.get(`${entity.resource}Import`);
    const asImport = { headers: request.headers, routeOptions: { url: `/${entity.resource}/Import`, config: { permission } }, auth: null };
    try {
      await checkAccess.call(request.server, asImport as unknown as FastifyRequest, reply);
      return true;
    } catch (error) {
      if (error instanceof Problem && error.statusCode === 403) return false;
      throw error;
    }
  }

  /** The target named, which must exist and be one the caller may import into (else 404 / 403). */
  async function targetOf(request: FastifyRequest, reply: FastifyReply, resource: string): Promise<EntityDeclaration> {
    const entity = targets.get(resource);
    if (!entity) throw new Problem(404, 'excelImportUnknownTarget', { target: resource });
    if (!(await mayImport(request, reply, entity))) throw new Problem(403, 'accessDenied');
    return entity;
  }

  return exactHandlers({
    ExcelImportTargets: async (request, reply) => {
      const language = languageOf(request.headers['accept-language']);
      const allowed: EntityDeclaration[] = [];
      for (const entity of targets.values()) if (await mayImport(request, reply, entity)) allowed.push(entity);
      return ok(
        allowed.map((e) => ({
          RESOURCE: e.resource,
          TITLE: e.title[language],
          MENU_CODE: e.menuCode,
          FIELDS: e.fields.map((f) => ({ NAME: f.name, LABEL: f.label[language], REQUIRED: Boolean(f.required) })),
        })),
      );
    },

    ExcelImportTemplate: async (request, reply) => {
      const entity = await targetOf(request, reply, request.query.target);
      const language = languageOf(request.headers['accept-language']);
      const fileName = `${translate(language, 'excelImportTemplateName', { title: entity.title[language] })}.xlsx`;
      reply.header('content-type', XLSX_TYPE);
      reply.header('content-disposition', contentDisposition(fileName));
      // The header row alone: the same columns an export of the entity has, which its Import reads.
      return reply.send(streamWorkbook(entity, language, (async function* () {})(), () => null));
    },

    ExcelImportImport: async (request, reply) => {
      const { target } = request.body as { target: string };
      const entity = await targetOf(request, reply, target);
      // The entity's own Import reads the same `file` part from the body.
      return crud[`${entity.resource}Import`](request, reply);
    },
  } satisfies Partial<OperationHandlers>);
}
