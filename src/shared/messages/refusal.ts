import type { MessageKey, MessageParams } from './catalogue.ts';

/**
 * The one place of the request a refusal is about (contract components ProblemPlace), in the request's
 * wire names: the field (`VendorCode`, `PartCode`, `Qty` ...) and, for a field of a line, the line's number
 * (LineNo, as the server numbers the lines), and for one value of a list field its position in the list
 * (Cell, from 1). A form marks that field (that value's cell) with the refusal's message.
 */
export interface RefusalPlace {
  LineNo?: number;
  Field?: string;
  Cell?: number;
}

/**
 * A request a shared rule refuses: the HTTP status and the catalogue message (with its parameters)
 * the answer carries, and the place of the request it is about when it is about one (the answer's
 * `data`). The server answers it as any of its Problems; the mocks answer it the same way.
 */
export class Refusal extends Error {
  constructor(
    readonly statusCode: number,
    readonly messageKey: MessageKey,
    readonly params: MessageParams = {},
    readonly at?: RefusalPlace,
  ) {
    super(messageKey);
  }
}

/** A refusal's answer body (the contract's Problem): the wrapper with `msg` its text, `data` its place or null. */
export function refusalBody(code: number, msg: string): { code: number; msg: string; data: null };
export function refusalBody(code: number, msg: string, at: RefusalPlace | undefined): { code: number; msg: string; data: RefusalPlace | null };
export function refusalBody(code: number, msg: string, at?: RefusalPlace) {
  return { code, msg, data: at ?? null };
}
