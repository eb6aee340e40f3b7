/**
 * Where the agent's print jobs go (Printer/Print): a folder (PRINT_AGENT_SPOOL, and the demo's
 * default when the machine has no CUPS) where each job is written as one file, or CUPS through `lp`
 * (PDF as a document, ZPL raw to the Zebra queue).
 */
import { execFile } from 'node:child_process';
import { mkdir, writeFile } from 'node:fs/promises';
import path from 'node:path';

export interface PrintJob {
  printer: string;
  format: 'pdf' | 'zpl';
  content: Buffer;
  copies: number;
  title: string;
}

export interface PrintSpool {
  /** Sends the job; resolves to the job's name (the file written, or CUPS's request id). */
  print(job: PrintJob): Promise<string>;
  describe: string;
}

const safe = (text: string) => text.replace(/[^\w.-]+/g, '_').slice(0, 80);

/** Each job as `<time>-<printer>-<title>[-<n>copies].<pdf|zpl>` in `dir` (made when missing). */
export function folderSpool(dir: string, clock: () => Date = () => new Date()): PrintSpool {
  let sequence = 0;
  return {
    describe: `folder ${dir}`,
    print: async (job) => {
      await mkdir(dir, { recursive: true });
      const stamp = clock().toISOString().replace(/[:.]/g, '-');
      const copies = job.copies > 1 ? `-${job.copies}copies` : '';
      const name = `${stamp}-${String(++sequence).padStart(4, '0')}-${safe(job.printer)}-${safe(job.title)}${copies}.${job.format}`;
      await writeFile(path.join(dir, name), job.content, { flag: 'wx' });
      return name;
    },
  };
}

/** `lp -d <printer> -n <copies> -t <title> [-o raw]`, the document on stdin. */
export function cupsSpool(lp = 'lp'): PrintSpool {
  return {
    describe: 'CUPS (lp)',
    print: (job) =>
      new Promise((resolve, reject) => {
        const args = ['-d', job.printer, '-n', String(job.copies), '-t', job.title, ...(job.format === 'zpl' ? ['-o', 'raw'] : []), '-'];
        const child = execFile(lp, args, (error, stdout) => {
          if (error) reject(new Error(`lp: ${error.message}`));
          else resolve(/request id is (\S+)/.exec(stdout)?.[1] ?? job.title);
        });
        child.stdin?.end(job.content);
      }),
  };
}
