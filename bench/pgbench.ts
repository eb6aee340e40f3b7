/** What the posting bench's pgbench runs share (the tpcb-like anchor and the floors, posting-floor.ts). */

/** pgbench's connection options for a database URL, with the database's name to put last. */
export function pgbenchTarget(url: string): { connection: string[]; dbName: string } {
  const { hostname, port, username, pathname } = new URL(url);
  return { connection: ['-h', decodeURIComponent(hostname), '-p', port || '5432', '-U', decodeURIComponent(username || 'postgres')], dbName: pathname.slice(1) };
}

/** A timed run with the bench's clients (two pgbench threads at most: the machine has two cores). */
export const pgbenchWindow = (clients: number, seconds: number) => ['-n', '-c', String(clients), '-j', String(Math.min(clients, 2)), '-T', String(seconds)];

/** The TPS pgbench printed. */
export function pgbenchTps(stdout: string): number {
  const match = /tps = ([\d.]+) \(without initial connection time\)/.exec(stdout);
  if (!match) throw new Error(`pgbench printed no tps: ${stdout}`);
  return Number(match[1]);
}
