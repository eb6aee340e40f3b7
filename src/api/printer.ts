/**
 * The local printer service (spec §7): a second API base on the user's own machine, typed by its
 * own small contract (openapi/printer/openapi.yaml -> ./printer-schema.d.ts). No portal headers
 * (no token: the service is not ours to authenticate against), the spec's 300 s timeout, and one
 * error type the print dialog turns into the spec §8 messages.
 */
import createClient from 'openapi-fetch';
import type { paths } from './printer-schema';

export const PRINTER_SERVICE_DEFAULT_URL = 'http://localhost:42737';
export const PRINTER_TIMEOUT_MS = 300_000;

/** Build-time override (VITE_PRINTER_SERVICE_URL) for a service on another port, e.g. in tests. */
export const printerServiceUrl = (): string => import.meta.env.VITE_PRINTER_SERVICE_URL || PRINTER_SERVICE_DEFAULT_URL;

/**
 * network: no answer at all (service not running, timeout) -> dictionary MesBatchManager._62.
 * refused: an answer with Code not 1 (or an unreadable one); `serviceMessage` is its Msg, if any.
 */
export class PrinterServiceError extends Error {
  override name = 'PrinterServiceError';
  constructor(
    readonly kind: 'network' | 'refused',
    readonly serviceMessage?: string,
  ) {
    super(serviceMessage || kind);
  }
}

const client = createClient<paths>({ fetch: (request) => globalThis.fetch(request) });

type PrinterCall<Data> = Promise<{ data?: { Code: number; Msg: string; Data: Data }; error?: unknown; response: Response }>;

async function unwrap<Data>(call: (init: { baseUrl: string; signal: AbortSignal }) => PrinterCall<Data>): Promise<Data> {
  let result: Awaited<PrinterCall<Data>>;
  try {
    result = await call({ baseUrl: printerServiceUrl(), signal: AbortSignal.timeout(PRINTER_TIMEOUT_MS) });
  } catch {
    throw new PrinterServiceError('network');
  }
  const body = (result.data ?? result.error) as { Code?: unknown; Msg?: unknown; Data?: Data } | undefined;
  if (!body || body.Code !== 1) throw new PrinterServiceError('refused', typeof body?.Msg === 'string' ? body.Msg : undefined);
  return body.Data as Data;
}

export const getCurrentPrinter = () => unwrap((init) => client.GET('/Printer/GetCurrentPrintName', init));
export const getPrinterList = () => unwrap((init) => client.GET('/Printer/GetPrintList', init));
export const setCurrentPrinter = (PrintName: string) =>
  unwrap((init) => client.POST('/Printer/SetPrintName', { ...init, body: { PrintName } }));
/** Sends a label document (PDF, or ZPL for a Zebra) to a printer of this machine; resolves to the job's name. */
export const printDocument = (PrintName: string, Format: 'pdf' | 'zpl', Content: string, Title?: string) =>
  unwrap((init) => client.POST('/Printer/Print', { ...init, body: { PrintName, Format, Content, Copies: 1, ...(Title ? { Title } : {}) } }));
