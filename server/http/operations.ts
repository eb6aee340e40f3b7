/**
 * Handler types derived from the generated contract types (src/api/schema.d.ts): a handler gets its
 * operation's body and query types and must return its operation's 200 body. Other statuses are
 * thrown as Problem (server/http/problem.ts).
 */
import type { FastifyReply, FastifyRequest } from 'fastify';
import type { operations } from '../../src/api/schema';

export type OperationId = keyof operations;

type OrUnknown<T> = [T] extends [never] ? unknown : T;

type BodyOf<Op extends OperationId> = OrUnknown<
  NonNullable<operations[Op]['requestBody']> extends { content: { 'application/json': infer Body } } ? Body : never
>;
type QueryOf<Op extends OperationId> = OrUnknown<NonNullable<operations[Op]['parameters']['query']>>;
type OkBodyOf<Op extends OperationId> = operations[Op]['responses'] extends {
  200: { content: { 'application/json': infer Body } };
}
  ? Body
  : never;

export type OperationHandler<Op extends OperationId> = (
  request: FastifyRequest<{ Body: BodyOf<Op>; Querystring: QueryOf<Op> }>,
  reply: FastifyReply,
) => Promise<OkBodyOf<Op>>;

export type OperationHandlers = { [Op in OperationId]: OperationHandler<Op> };
