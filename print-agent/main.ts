/**
 * `npm run print-agent`: the reference local printer service on this machine.
 * Env: PRINT_AGENT_PORT (42737), PRINT_AGENT_PRINTERS (comma list instead of CUPS),
 * PRINT_AGENT_ORIGINS (comma list of portal origins allowed to call; default localhost:8080/5173),
 * PRINT_AGENT_STATE (file keeping the chosen printer; default ~/.plant-print-agent.json),
 * PRINT_AGENT_SPOOL (folder Printer/Print writes each job to, instead of CUPS's lp; the default
 * without CUPS: <tmp>/plant-print-agent-spool).
 */
import { readFileSync, writeFileSync } from 'node:fs';
import { homedir, tmpdir } from 'node:os';
import path from 'node:path';
import { buildPrintAgent, DEFAULT_PORTAL_ORIGINS, PRINT_AGENT_DEFAULT_PORT } from './agent.ts';
import { choosePrinterSource } from './printers.ts';
import { cupsSpool, folderSpool } from './spool.ts';

const port = Number(process.env.PRINT_AGENT_PORT ?? PRINT_AGENT_DEFAULT_PORT);
const origins = process.env.PRINT_AGENT_ORIGINS?.split(',').map((origin) => origin.trim()).filter(Boolean) ?? DEFAULT_PORTAL_ORIGINS;
const stateFile = process.env.PRINT_AGENT_STATE ?? path.join(homedir(), '.plant-print-agent.json');

const readChosen = (): string | undefined => {
  try {
    return (JSON.parse(readFileSync(stateFile, 'utf8')) as { printer?: string }).printer;
  } catch {
    return undefined;
  }
};

const printers = await choosePrinterSource();
const spoolDir = process.env.PRINT_AGENT_SPOOL?.trim();
const spool = spoolDir ? folderSpool(spoolDir) : printers.describe.startsWith('CUPS') ? cupsSpool() : folderSpool(path.join(tmpdir(), 'plant-print-agent-spool'));
const agent = await buildPrintAgent({
  printers,
  allowedOrigins: origins,
  initialPrinter: readChosen(),
  onPrinterChosen: (printer) => writeFileSync(stateFile, JSON.stringify({ printer }) + '\n'),
  spool,
});

const shutdown = () => void agent.close().then(() => process.exit(0));
process.once('SIGINT', shutdown);
process.once('SIGTERM', shutdown);

// Loopback only: the service is for the browser on this machine, not the network.
await agent.listen({ port, host: '127.0.0.1' });
console.log(`Print agent ready: http://localhost:${port}  (printers from ${printers.describe}; jobs to ${spool.describe}; portal origins ${origins.join(', ')})`);
