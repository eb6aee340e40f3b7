/** Schema-valid example bodies for every operation's 200 response, made with openapi-sampler. */
import OpenAPISampler from 'openapi-sampler';
import { listOperations } from './generate.ts';

export function sampleOperations(contract: Record<string, any>): Record<string, unknown> {
  const out: Record<string, unknown> = {};
  for (const { operationId, op } of listOperations(contract)) {
    const schema = op.responses?.['200']?.content?.['application/json']?.schema;
    if (!schema) continue;
    const sample = OpenAPISampler.sample(schema, { skipReadOnly: true, quiet: true }, contract);
    out[operationId] = dropCircularStubs(sample);
  }
  return out;
}

/** openapi-sampler stops a recursive schema (a menu's children) with `{}`; an empty list is the valid leaf. */
function dropCircularStubs(value: unknown): unknown {
  if (Array.isArray(value)) {
    return value
      .filter((v) => !(v && typeof v === 'object' && !Array.isArray(v) && Object.keys(v).length === 0))
      .map(dropCircularStubs);
  }
  if (value && typeof value === 'object') {
    return Object.fromEntries(Object.entries(value).map(([k, v]) => [k, dropCircularStubs(v)]));
  }
  return value;
}
