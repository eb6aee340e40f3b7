/**
 * How a stateful mock answers a signed-in call, in one place: the caller is checked as the server's
 * access layer does (./session.ts authorize), the work's result is the 200 answer, and a Refusal of a
 * shared rule becomes the server's error answer with the catalogue's message in the caller's
 * language. Answers are plain Responses: the contract's typed responses cannot express one shared
 * error path, so tests/server/mocks-contract.test.ts and the mock unit tests check them instead.
 */
import type { MockSession } from '../db';
import { languageOf, translate, type Language, type MessageKey, type MessageParams } from '../../src/shared/messages/catalogue';
import { Refusal, refusalBody } from '../../src/shared/messages/refusal';
import type { DemoUser } from './demo-data';
import { authorize } from './session';

/** An Excel workbook's content type (exports). */
export const XLSX_TYPE = 'application/vnd.openxmlformats-officedocument.spreadsheetml.sheet';

export const json = (status: number, body: unknown) => new Response(JSON.stringify(body), { status, headers: { 'Content-Type': 'application/json' } });

export const languageOfRequest = (request: Request): Language => languageOf(request.headers.get('Accept-Language') ?? undefined);

export const textOf = (request: Request, key: MessageKey, params?: MessageParams) => translate(languageOfRequest(request), key, params);

/** A shared rule's refusal answered as the server answers it: its status, its message in the caller's language, its place. */
export const refusalAnswer = (request: Request, refusal: Refusal) =>
  json(refusal.statusCode, refusalBody(refusal.statusCode, textOf(request, refusal.messageKey, refusal.params), refusal.at));

/** The wrapped 200 answer, its message the catalogue's `key` in the caller's language (none without a key). */
export const okWith = (request: Request, data: unknown, key?: MessageKey) => ({ code: 200, msg: key ? textOf(request, key) : '', data });

/** The signed-in caller of a call: their session and user, the organisation they act in and their language. */
export interface SignedIn {
  session: MockSession;
  user: DemoUser;
  orgId: string;
  language: Language;
}

/** The answer of `work` for the signed-in caller (a Response as it is, anything else as the 200 JSON body). */
export async function answerSignedIn(request: Request, work: (caller: SignedIn) => unknown): Promise<Response> {
  const auth = authorize(request);
  if ('status' in auth) return json(auth.status, refusalBody(auth.status, auth.msg));
  const language = languageOfRequest(request);
  const caller: SignedIn = { ...auth, orgId: request.headers.get('OrganizeId') ?? auth.session.organizationId, language };
  try {
    const result = await work(caller);
    return result instanceof Response ? result : json(200, result);
  } catch (error) {
    if (!(error instanceof Refusal)) throw error;
    return refusalAnswer(request, error);
  }
}

/** The legacy success shape (spec §7, the server's legacyOk): TotalCount the rows of a list, else 0 unless given. */
export const legacyOk = <T>(result: T, totalCount = Array.isArray(result) ? result.length : 0) => ({
  Result: result,
  TotalCount: totalCount,
  ErrorInfo: { Status: false, Message: '' },
});

/**
 * A typed contract handler (createContractHttp) answering for the signed-in caller through
 * answerSignedIn: `run`'s result is the 200 body, a Refusal the server's error answer.
 */
export function signedInAnswer(run: (caller: SignedIn, request: Request) => Promise<unknown> | unknown) {
  return async <R>({ request, response }: { request: Request; response: { untyped: (r: Response) => R } }): Promise<R> =>
    response.untyped(await answerSignedIn(request, (caller) => run(caller, request)));
}
