/**
 * The reference local print agent: the local printer service of spec §7 (GetCurrentPrintName,
 * GetPrintList, SetPrintName; Code 1 = success) on this machine's printers. Routes and request
 * validation come from the printer contract (openapi/printer/openapi.yaml, bundled by codegen), like
 * the reference server's. Printer/Print sends a label document (PDF, or ZPL for a Zebra) to a printer
 * through its spool (spool.ts: a folder, or CUPS). It listens on loopback only and answers browsers only from the portal
 * origins it is told about (CORS, including Chrome's private-network preflight), so another web
 * page cannot read or change the printer.
 */
import { readFileSync } from 'node:fs';
import Fastify, { type FastifyInstance, type FastifyReply, type FastifyRequest } from 'fastify';
import openapiGlue from 'fastify-openapi-glue';
import type { PrinterSource } from './printers.ts';
import type { PrintSpool } from './spool.ts';

export const PRINT_AGENT_DEFAULT_PORT = 42737;
export const DEFAULT_PORTAL_ORIGINS = ['http://localhost:8080', 'http://127.0.0.1:8080', 'http://localhost:5173', 'http://127.0.0.1:5173'];

export interface PrintAgentOptions {
  printers: PrinterSource;
  /** Browser origins allowed to call (the portal's). Requests without an Origin (curl, tests) pass. */
  allowedOrigins: readonly string[];
  /** The printer chosen before (e.g. from a state file); else the system default is current. */
  initialPrinter?: string;
  /** Called after each successful SetPrintName, to persist the choice. */
  onPrinterChosen?(name: string): void | Promise<void>;
  /** Where Printer/Print sends documents; without one, Printer/Print refuses (Code 0). */
  spool?: PrintSpool;
  clock?: () => Date;
}

/** A label document of 500 reels is a few MB of PDF; base64 adds a third. */
export const PRINT_BODY_LIMIT = 30 * 1024 * 1024;

interface PrintBody {
  PrintName: string;
  Format: 'pdf' | 'zpl';
  Content: string;
  Copies?: number;
  Title?: string;
}

const loadPrinterContract = () =>
  JSON.parse(readFileSync(new URL('../openapi/generated/printer-service.json', import.meta.url), 'utf8')) as Record<string, unknown>;

const ok = <Data>(Data: Data) => ({ Code: 1, Msg: '', Data });
const refused = (Msg: string) => ({ Code: 0, Msg, Data: '' });

function corsGuard(allowed: ReadonlySet<string>) {
  return async (request: FastifyRequest, reply: FastifyReply) => {
    const origin = request.headers.origin;
    if (!origin) return;
    if (!allowed.has(origin)) return reply.code(403).send(refused(`Origin ${origin} is not allowed`));
    reply.header('Access-Control-Allow-Origin', origin).header('Vary', 'Origin');
    if (request.method === 'OPTIONS') {
      reply
        .header('Access-Control-Allow-Methods', 'GET, POST, OPTIONS')
        .header('Access-Control-Allow-Headers', request.headers['access-control-request-headers'] ?? 'content-type')
        .header('Access-Control-Max-Age', '600');
      if (request.headers['access-control-request-private-network'] === 'true') reply.header('Access-Control-Allow-Private-Network', 'true');
      return reply.code(204).send();
    }
  };
}

export async function buildPrintAgent(options: PrintAgentOptions): Promise<FastifyInstance> {
  // The contract says additionalProperties: false; Fastify's default would strip, not refuse.
  const app = Fastify({ logger: false, bodyLimit: PRINT_BODY_LIMIT, ajv: { customOptions: { removeAdditional: false } } });
  let chosen = options.initialPrinter ?? '';

  app.addHook('onRequest', corsGuard(new Set(options.allowedOrigins)));
  // Preflights are answered by the guard above; this route only makes OPTIONS a known method.
  app.options('*', async (_request, reply) => reply.code(204).send());

  app.setErrorHandler((error: { statusCode?: number; message: string }, _request, reply) => {
    const status = error.statusCode && error.statusCode < 500 ? error.statusCode : 500;
    return reply.code(status).send(refused(error.message));
  });
  app.setNotFoundHandler((request, reply) => reply.code(404).send(refused(`No such call: ${request.method} ${request.url}`)));

  const current = async () => {
    const printers = await options.printers.list();
    if (chosen && printers.includes(chosen)) return chosen;
    const fallback = await options.printers.systemDefault();
    return printers.includes(fallback) ? fallback : '';
  };

  const handlers: Record<string, (request: FastifyRequest) => Promise<unknown>> = {
    PrinterGetCurrentPrintName: async () => ok(await current()),
    PrinterGetPrintList: async () => ok(await options.printers.list()),
    PrinterSetPrintName: async (request) => {
      const name = (request.body as { PrintName: string }).PrintName.trim();
      if (!(await options.printers.list()).includes(name)) return refused(`Printer not found: ${name}`);
      chosen = name;
      await options.onPrinterChosen?.(name);
      return ok(name);
    },
    PrinterPrint: async (request) => {
      const body = request.body as PrintBody;
      const printer = body.PrintName.trim();
      if (!(await options.printers.list()).includes(printer)) return refused(`Printer not found: ${printer}`);
      if (!options.spool) return refused('This print service cannot print');
      const content = Buffer.from(body.Content, 'base64');
      if (!content.length || content.toString('base64').replace(/=+$/, '') !== body.Content.replace(/\s+/g, '').replace(/=+$/, '')) return refused('Content is not base64');
      if (body.Format === 'pdf' && content.subarray(0, 5).toString('latin1') !== '%PDF-') return refused('Content is not a PDF document');
      if (body.Format === 'zpl' && !content.toString('utf8').includes('^XA')) return refused('Content is not a ZPL document');
      const title = body.Title?.trim() || `${body.Format}-${(options.clock?.() ?? new Date()).toISOString()}`;
      try {
        return ok(await options.spool.print({ printer, format: body.Format, content, copies: body.Copies ?? 1, title }));
      } catch (error) {
        return refused(`Printing failed: ${error instanceof Error ? error.message : String(error)}`);
      }
    },
  };

  await app.register(openapiGlue, {
    specification: loadPrinterContract(),
    operationResolver: (operationId: string) => handlers[operationId],
  });
  return app;
}
