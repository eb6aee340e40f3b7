/**
 * A Kysely plugin for tests that must see which statements the server runs: `db.withPlugin(recorder)`
 * records each statement's SQL text (as compiled for the database) and its parameters, and may
 * delay a statement's result (to give a test's own event, e.g. a client going away, time to land).
 */
import type { Kysely, KyselyPlugin } from 'kysely';

export interface RecordedStatement {
  sql: string;
  parameters: readonly unknown[];
}

export class StatementRecorder implements KyselyPlugin {
  readonly statements: RecordedStatement[] = [];
  /** Called after a statement is recorded; what it returns (a delay in ms) holds that statement's result back. */
  onStatement?: (statement: RecordedStatement) => number | void;
  private readonly delays = new Map<unknown, number>();

  constructor(private readonly db: Pick<Kysely<unknown>, 'getExecutor'>) {}

  transformQuery: KyselyPlugin['transformQuery'] = (args) => {
    const compiled = this.db.getExecutor().compileQuery(args.node, args.queryId);
    const statement = { sql: compiled.sql, parameters: compiled.parameters };
    this.statements.push(statement);
    const delay = this.onStatement?.(statement);
    if (delay) this.delays.set(args.queryId, delay);
    return args.node;
  };

  transformResult: KyselyPlugin['transformResult'] = async (args) => {
    const delay = this.delays.get(args.queryId);
    if (delay) {
      this.delays.delete(args.queryId);
      await new Promise((resolve) => setTimeout(resolve, delay));
    }
    return args.result;
  };

  matching(pattern: RegExp): RecordedStatement[] {
    return this.statements.filter((s) => pattern.test(s.sql));
  }
}
