/**
 * An answer carrying JSON the database wrote already (a list page's rows, `row_to_json`), placed into
 * the answer as text instead of being parsed into objects and serialised again (issue 15): at 10,000
 * rows that round trip cost the server's one thread ~50 ms of parsing, ~25 ms of serialising, a
 * 3.5 MB string flattened for its length and most of ~170 ms of garbage collection per page
 * (a CPU profile of ListParam/QueryData on the embedded database).
 */
import type { FastifyReply } from 'fastify';

/** Stands for the raw text while the rest of the answer is serialised; nothing else can hold it. */
const MARKER = '\u0000raw-json\u0000';
const MARKER_JSON = JSON.stringify(MARKER);

/** JSON text, valid as written (the database's own output), that serialises as itself. */
export class RawJson {
  constructor(readonly text: string) {}

  toJSON(): string {
    return MARKER;
  }
}

/** The JSON array of the given JSON texts, as one raw value. */
export const rawJsonArray = (items: readonly string[]): RawJson => new RawJson(`[${items.join(',')}]`);

/**
 * Sends `body` as JSON with its one RawJson value written as it is. The caller's handler returns the
 * reply sent (the contract's shape is the body's, with the raw value in its place).
 */
export function sendWithRawJson(reply: FastifyReply, body: object, raw: RawJson): FastifyReply {
  const text = JSON.stringify(body);
  const at = text.indexOf(MARKER_JSON);
  if (at < 0 || text.indexOf(MARKER_JSON, at + 1) >= 0) throw new Error('sendWithRawJson: the body must hold the raw value exactly once');
  return reply.type('application/json; charset=utf-8').send(text.slice(0, at) + raw.text + text.slice(at + MARKER_JSON.length));
}
