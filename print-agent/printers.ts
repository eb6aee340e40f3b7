/**
 * Where the agent's printers come from: an explicit list (PRINT_AGENT_PRINTERS, or the built-in
 * demo list when the machine has no CUPS), or CUPS through `lpstat` on Linux and macOS.
 */
import { execFile } from 'node:child_process';
import { promisify } from 'node:util';

const run = promisify(execFile);

export interface PrinterSource {
  /** Printer names installed now (CUPS is asked every time, so a new printer shows at once). */
  list(): Promise<string[]>;
  /** The machine's default printer, used until the user picks one; '' when there is none. */
  systemDefault(): Promise<string>;
  describe: string;
}

export const DEMO_PRINTERS = ['Label printer (demo)', 'Office laser (demo)'];

export function listPrinterSource(names: readonly string[], label = 'explicit list'): PrinterSource {
  const copy = [...names];
  return { list: async () => copy, systemDefault: async () => copy[0] ?? '', describe: `${label}: ${copy.join(', ')}` };
}

/** `lpstat -e` prints one destination per line; `lpstat -d` "system default destination: NAME". */
export function cupsPrinterSource(lpstat = 'lpstat'): PrinterSource {
  return {
    describe: 'CUPS (lpstat)',
    list: async () =>
      (await run(lpstat, ['-e'])).stdout
        .split('\n')
        .map((line) => line.trim())
        .filter(Boolean),
    systemDefault: async () => {
      const { stdout } = await run(lpstat, ['-d']).catch(() => ({ stdout: '' }));
      return /destination:\s*(\S+)/.exec(stdout)?.[1] ?? '';
    },
  };
}

export async function hasCups(lpstat = 'lpstat'): Promise<boolean> {
  try {
    await run(lpstat, ['-e']);
    return true;
  } catch {
    return false;
  }
}

/** PRINT_AGENT_PRINTERS wins; else CUPS when `lpstat` works; else the demo list. */
export async function choosePrinterSource(env: NodeJS.ProcessEnv = process.env): Promise<PrinterSource> {
  const explicit = env.PRINT_AGENT_PRINTERS?.split(',').map((name) => name.trim()).filter(Boolean);
  if (explicit?.length) return listPrinterSource(explicit);
  if (await hasCups()) return cupsPrinterSource();
  return listPrinterSource(DEMO_PRINTERS, 'no CUPS on this machine, demo list');
}
