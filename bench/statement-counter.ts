/**
 * A Kysely plugin for the benchmarks: while on, counts the statements the app runs through it and the
 * time they take (from a statement's compilation to its result). BEGIN and COMMIT are not counted.
 */
import { performance } from 'node:perf_hooks';
import type { KyselyPlugin, QueryId } from 'kysely';

export class StatementCounter implements KyselyPlugin {
  on = false;
  statements = 0;
  dbMs = 0;
  private readonly started = new Map<QueryId, number>();
  transformQuery: KyselyPlugin['transformQuery'] = (args) => {
    if (this.on) {
      this.statements++;
      this.started.set(args.queryId, performance.now());
    }
    return args.node;
  };
  transformResult: KyselyPlugin['transformResult'] = async (args) => {
    const start = this.started.get(args.queryId);
    if (start !== undefined) {
      this.dbMs += performance.now() - start;
      this.started.delete(args.queryId);
    }
    return args.result;
  };
  reset() {
    this.statements = 0;
    this.dbMs = 0;
  }
}

