/**
 * The API under /api: one route per contract operation, made by fastify-openapi-glue from the
 * bundled contract (so requests are validated against it before any handler runs), each carrying
 * the operation's x-permission for the access check that runs first on every API request.
 */
import type { FastifyInstance, onRouteHookHandler, RouteHandlerMethod, RouteOptions } from 'fastify';
import openapiGlue from 'fastify-openapi-glue';
import { accessControl, billAccessControl, listAccessControl } from './access.ts';
import { listContractOperations, type OpenApiDocument, type OpenApiOperation } from './contract.ts';
import type { ServerContext } from './context.ts';
import { Problem } from './http/problem.ts';
import { registerTextUploads } from './http/uploads.ts';
import { refuseNulBeforeBody, refuseNulInBody } from './http/validation.ts';
import { operationHandlers } from './modules/index.ts';
import { API_PREFIX } from '../src/shared/api-prefix.ts';

const notImplemented: RouteHandlerMethod = async () => {
  throw new Problem(501, 'notImplemented');
};

/**
 * Fastify checks a body schema keyed by content type only when the request declares that type, so
 * a request with no or another Content-Type would reach the handler unchecked. A required JSON body
 * is therefore checked whatever the request says it is.
 */
function checkRequiredJsonBodies(operationsWithRequiredBody: Set<string>): onRouteHookHandler {
  return (route) => {
    const schema = route.schema as { operationId?: string; body?: { content?: Record<string, { schema?: unknown }> } } | undefined;
    const json = schema?.body?.content?.['application/json']?.schema;
    if (json && schema.operationId && operationsWithRequiredBody.has(schema.operationId)) schema.body = json;
  };
}

/**
 * The contract as fastify-openapi-glue is given it: an answer keeps only its JSON schema. The glue
 * counts the media types of answers with those of request bodies, and so warned at every start that
 * no parser reads 'application/pdf', 'image/png'... although Fastify parses only requests. A file or a
 * stream is sent as bytes, never through a schema, so no check is lost, and a request body type that
 * has no parser is still warned about.
 */
export function contractForRoutes(contract: OpenApiDocument): OpenApiDocument {
  const paths = Object.fromEntries(
    Object.entries(contract.paths).map(([path, item]) => [path, Object.fromEntries(Object.entries(item).map(([method, operation]) => [method, withJsonAnswers(operation)]))]),
  );
  return { ...contract, paths };
}

/** A copy of an operation whose answers keep only their JSON content (a path item's other keys pass as they are). */
function withJsonAnswers(operation: unknown): unknown {
  const responses = (operation as Partial<OpenApiOperation> | null)?.responses;
  if (!responses) return operation;
  const answers = Object.entries(responses).map(([status, answer]) => {
    const content = (answer as { content?: Record<string, unknown> }).content;
    if (!content) return [status, answer];
    return [status, { ...(answer as object), content: Object.fromEntries(Object.entries(content).filter(([type]) => type === 'application/json')) }];
  });
  return { ...(operation as object), responses: Object.fromEntries(answers) };
}

export async function registerApi(app: FastifyInstance, ctx: ServerContext, contract: OpenApiDocument): Promise<void> {
  const operations = listContractOperations(contract);
  const permissions = new Map(operations.map((op) => [op.operationId, op.permission]));
  const withRequiredBody = new Set(
    operations.filter((op) => (op.operation.requestBody as { required?: boolean } | undefined)?.required).map((op) => op.operationId),
  );
  const handlers: Record<string, unknown> = operationHandlers(ctx);

  await app.register(
    async (api) => {
      api.decorateRequest('auth', null);
      api.addHook('onRequest', refuseNulBeforeBody);
      api.addHook('onRequest', accessControl(ctx));
      api.addHook('preHandler', listAccessControl(ctx));
      api.addHook('preHandler', billAccessControl(ctx));
      api.addHook('onRoute', checkRequiredJsonBodies(withRequiredBody));
      await registerTextUploads(api);
      // After the multipart parser's own hook, so form fields are checked too.
      api.addHook('preValidation', refuseNulInBody);
      await api.register(openapiGlue, {
        specification: contractForRoutes(contract),
        operationResolver: (operationId) =>
          ({
            // An operation added to the contract before its handler answers 501 (a test lists them).
            handler: (handlers[operationId] as RouteHandlerMethod | undefined) ?? notImplemented,
            config: { permission: permissions.get(operationId) },
          }) as RouteOptions,
      });
    },
    { prefix: API_PREFIX },
  );
}
