/**
 * Scenarios a tester switches on in mock mode without a rebuild (issue 16): `?scenario=<switch>[,<switch>...]` in
 * the address (kept for the tab until `?scenario=none`), or the mock tools panel. Switches:
 *
 *   error:<status>[@<call>]       every call (or the one call, e.g. error:500@/User/GetOrgInfo) answers that HTTP
 *                                 status with the §8 problem body
 *   wrapped-error[@<call>]        HTTP 200 with the wrapper's code 500 and a message
 *   legacy-error[@<call>]         HTTP 200 in the legacy shape with ErrorInfo.Status true and a message
 *   empty                         list calls (LoadData, QueryData, LoadDataSub, List, ...) answer no rows
 *   slow:<ms>                     every answer comes that many milliseconds late
 *   expired                       the next call finds the session expired (401) and the session is gone
 *   captcha:on | captcha:off      the login asks for the verification code, or not
 *
 * The error and list answers have the shapes the contract and the reference server use, so the portal's own
 * error handling (the §8 catalogue) is what the tester sees.
 */
import { delay, getResponse, http, HttpResponse, type RequestHandler } from 'msw';
import { getMockDb } from './db';
import { languageOf, translate } from '../src/shared/messages/catalogue';
import { refusalBody } from '../src/shared/messages/refusal';

export interface TesterScenario {
  error?: { status: number; shape: 'problem' | 'wrapped' | 'legacy'; call?: string };
  empty?: boolean;
  delayMs?: number;
  expireNext?: boolean;
  captcha?: boolean;
}

const STORAGE_KEY = 'portal-mock-scenario';

/** What a switch list means; an unknown switch is an error that names it (a typo must not pass silently). */
export function parseScenario(text: string): TesterScenario {
  const scenario: TesterScenario = {};
  for (const raw of text.split(',').map((part) => part.trim()).filter(Boolean)) {
    const [head, call] = raw.split('@') as [string, string | undefined];
    const [name, argument] = head.split(':') as [string, string | undefined];
    if (name === 'none') continue;
    if (name === 'error' && /^[1-5]\d\d$/.test(argument ?? '')) scenario.error = { status: Number(argument), shape: 'problem', call };
    else if (name === 'wrapped-error' && argument === undefined) scenario.error = { status: 200, shape: 'wrapped', call };
    else if (name === 'legacy-error' && argument === undefined) scenario.error = { status: 200, shape: 'legacy', call };
    else if (name === 'empty' && argument === undefined && !call) scenario.empty = true;
    else if (name === 'slow' && /^\d{1,6}$/.test(argument ?? '') && !call) scenario.delayMs = Number(argument);
    else if (name === 'expired' && argument === undefined && !call) scenario.expireNext = true;
    else if (name === 'captcha' && (argument === 'on' || argument === 'off') && !call) scenario.captcha = argument === 'on';
    else throw new Error(`Unknown mock scenario switch "${raw}" (see mocks/tester-scenarios.ts)`);
  }
  return scenario;
}

let active: TesterScenario = {};
let activeText = '';

export const activeScenarioText = () => activeText;

/** Switches the tab to a scenario (an empty text: none). Captcha switches change the mock db at once. */
export function switchScenario(text: string): void {
  const scenario = parseScenario(text);
  if (scenario.captcha !== undefined) getMockDb().captchaEnabled = scenario.captcha;
  active = scenario;
  activeText = text === 'none' ? '' : text;
  if (activeText) sessionStorage.setItem(STORAGE_KEY, activeText);
  else sessionStorage.removeItem(STORAGE_KEY);
}

/** At start: the address's ?scenario= (which replaces the tab's), else the tab's own from before a reload. */
export function scenarioAtStart(): void {
  const fromAddress = new URLSearchParams(window.location.search).get('scenario');
  const text = fromAddress ?? sessionStorage.getItem(STORAGE_KEY) ?? '';
  try {
    switchScenario(text);
  } catch (error) {
    switchScenario('');
    console.error(error);
    window.alert(String(error instanceof Error ? error.message : error));
  }
}

const LIST_CALLS = /\/(LoadData|QueryData|LoadDataSub|List|GetAll|LoadTree|LoadData2Tree|GetSelectPageList)$/;

/** The rows of an answer emptied, whatever its shape (grid page, wrapper list, legacy Result list). */
function emptied(body: unknown): unknown {
  if (!body || typeof body !== 'object') return body;
  const answer = body as Record<string, unknown>;
  if (Array.isArray(answer.Result)) return { ...answer, Result: [], TotalCount: 0 };
  if (Array.isArray(answer.data)) return { ...answer, data: [], ...('count' in answer ? { count: 0 } : {}) };
  const data = answer.data as Record<string, unknown> | null | undefined;
  if (data && Array.isArray(data.rows)) return { ...answer, data: { ...data, rows: [], ...(data.aggregates ? { aggregates: {} } : {}) }, count: 0 };
  return body;
}

const say = (request: Request, zh: string, en: string) => (request.headers.get('Accept-Language') === 'en' ? en : zh);

/** The handler that plays the scenario; it goes first and answers nothing when the scenario leaves a call alone. */
export function testerScenarioHandler(apiBase: string, handlers: () => readonly RequestHandler[]) {
  const callOf = (request: Request) => new URL(request.url).pathname.replace(new URL(apiBase, window.location.origin).pathname, '');
  return http.all(`${apiBase}/*`, async ({ request }) => {
    if (active.delayMs) await delay(active.delayMs);
    const call = callOf(request);
    if (active.expireNext && call !== '/Auth/GetPublicKey' && call !== '/Captcha/Get') {
      // Once: the tab's switches go on without 'expired'.
      switchScenario(activeText.split(',').filter((part) => part.trim() !== 'expired').join(','));
      getMockDb().sessions.clear();
      return HttpResponse.json(refusalBody(401, say(request, '登录已过期，请重新登录', 'Login expired, please log in again')), { status: 401 });
    }
    const error = active.error;
    if (error && (!error.call || error.call === call)) {
      const message = say(request, `模拟的错误（${call}）`, `Simulated error (${call})`);
      if (error.shape === 'wrapped') return HttpResponse.json(refusalBody(500, message));
      if (error.shape === 'legacy') return HttpResponse.json({ TotalCount: 0, ErrorInfo: { Status: true, Message: message }, Result: null });
      // A 404 is an address the server does not have, answered with the server's own words for it, so the portal
      // shows §8's 404 (请求地址出错 with the url) rather than a record's "not found" reason.
      const problem = error.status === 404 ? translate(languageOf(request.headers.get('Accept-Language') ?? undefined), 'notFound') : message;
      return HttpResponse.json(refusalBody(error.status, problem), { status: error.status });
    }
    if (active.empty && LIST_CALLS.test(call)) {
      const real = await getResponse(handlers().slice(), request.clone());
      if (!real || !real.headers.get('content-type')?.includes('json')) return real;
      return HttpResponse.json(emptied(await real.json()) as Record<string, unknown>, { status: real.status });
    }
    return undefined;
  });
}
