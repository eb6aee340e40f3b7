/**
 * Handler types derived from the generated contract types (src/api/schema.d.ts): a handler gets its
 * operation's body and query types and must return its operation's 200 body, exactly (a file
 * download returns the reply it sent). Other statuses are thrown as Problem (server/http/problem.ts).
 */
import type { FastifyReply, FastifyRequest } from 'fastify';
import type { operations } from '../../src/api/schema';

export type OperationId = keyof operations;

type OrUnknown<T> = [T] extends [never] ? unknown : T;

type BodyOf<Op extends OperationId> = OrUnknown<
  NonNullable<operations[Op]['requestBody']> extends { content: { 'application/json': infer Body } } ? Body : never
>;
type QueryOf<Op extends OperationId> = OrUnknown<NonNullable<operations[Op]['parameters']['query']>>;
export type OkBodyOf<Op extends OperationId> = operations[Op]['responses'] extends {
  200: { content: { 'application/json': infer Body } };
}
  ? Body
  : never;
/** What a handler resolves to: the 200 JSON body, or for an operation without one (a file) the reply it sent. */
export type ResultOf<Op extends OperationId> = [OkBodyOf<Op>] extends [never] ? FastifyReply : OkBodyOf<Op>;

export type OperationRequest<Op extends OperationId> = FastifyRequest<{ Body: BodyOf<Op>; Querystring: QueryOf<Op> }>;

export type OperationHandler<Op extends OperationId> = (request: OperationRequest<Op>, reply: FastifyReply) => Promise<ResultOf<Op>>;

export type OperationHandlers = { [Op in OperationId]: OperationHandler<Op> };

/** The keys of every member of a union (`keyof` of a union is only the keys all members share). */
type KeysOf<T> = T extends unknown ? keyof T : never;
/** Property K of the union's members that have it. */
type PropertyOf<T, K extends PropertyKey> = T extends unknown ? (K extends keyof T ? T[K] : never) : never;
type ItemOf<T> = T extends readonly (infer Item)[] ? Item : never;

/**
 * `Actual` with every property `Expected` does not declare, at any depth, turned into `never`. A
 * value is assignable to `Actual & Exact<Expected, Actual>` only when it carries no such property:
 * the check TypeScript leaves out for values that are not fresh object literals (database rows,
 * `ok(...)`'s generic data), so a field dropped from the contract but still computed is an error.
 */
export type Exact<Expected, Actual> = unknown extends Expected
  ? Actual
  : Actual extends readonly (infer Item)[]
    ? Exact<ItemOf<Expected>, Item>[]
    : Actual extends object
      ? { [K in keyof Actual]: K extends KeysOf<Expected> ? Exact<PropertyOf<Expected, K>, Actual[K]> : never }
      : Actual;

type ExactResults<H> = {
  [Op in keyof H]: Op extends OperationId
    ? H[Op] extends (...args: never[]) => Promise<infer Result>
      ? (request: OperationRequest<Op>, reply: FastifyReply) => Promise<Exact<ResultOf<Op>, Result>>
      : never
    : never;
};

/**
 * A module's handlers, each checked against its operation: `satisfies Partial<OperationHandlers>`
 * types the requests and asks for assignable results, this call then refuses any result property
 * the operation's 200 body does not declare. Written as
 * `exactHandlers({ OpId: async (request) => ..., } satisfies Partial<OperationHandlers>)`: without
 * the `satisfies` the handlers' parameters would have no type to take while the check is inferred.
 */
export function exactHandlers<H extends Partial<OperationHandlers>>(handlers: H & ExactResults<H>): H {
  return handlers;
}

/**
 * The same check for a result typed by a schema rather than by one operation (the master-data CRUD
 * makes the handlers of many operations at once): `const loaded = exactResult<Schema>();` then
 * `return loaded({...})`.
 */
export function exactResult<Expected>(): <Actual extends Expected>(result: Actual & Exact<Expected, Actual>) => Expected {
  return (result) => result;
}
