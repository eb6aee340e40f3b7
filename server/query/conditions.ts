/**
 * A search condition as SQL: the plan (what the condition means, decided once for the server and
 * the mocks in src/shared/search/conditions.ts) rendered on one column. The column is an identifier
 * the caller has checked against the list's configuration; every value is a bound parameter. Values
 * are bound as untyped text, so PostgreSQL reads them with the column's own type (a numeric column
 * compares numerically, a timestamptz column reads '2024-05-01' as that day's start) and indexes
 * stay usable.
 */
import { sql, type RawBuilder, type SqlBool } from 'kysely';
import type { ConditionPlan } from '../../src/shared/search/conditions.ts';
import { containsPattern, startsWithPattern } from '../../src/shared/search/like.ts';

type Condition = RawBuilder<SqlBool>;

/**
 * The plan on `column`; `subQuery` is the setting's SUB_SQL as a SELECT of one column, run for the
 * given values (list-source.ts subQuerySelect).
 */
export function conditionSql(
  plan: ConditionPlan,
  column: RawBuilder<unknown>,
  subQuery?: (values: string[]) => RawBuilder<unknown>,
): Condition {
  const on = (inner: ConditionPlan) => conditionSql(inner, column, subQuery);
  switch (plan.kind) {
    case 'noValue':
      return sql<SqlBool>`(${column} is null or ${column}::text = '')`;
    case 'not':
      return sql<SqlBool>`not ${on(plan.plan)}`;
    case 'nullOrNot':
      return sql<SqlBool>`(${column} is null or not ${on(plan.plan)})`;
    case 'and':
      return sql<SqlBool>`(${sql.join(plan.plans.map(on), sql` and `)})`;
    case 'compare':
      return sql<SqlBool>`${column} ${sql.raw(plan.op)} ${plan.value}`;
    case 'textMatch': {
      // lower(column) LIKE ANY (lower(pattern), ...) is what ILIKE does in a multibyte database, except
      // that the column is lowered once per row instead of once per pattern: several times faster for the
      // multi-line "any line matches" search (npm run bench -- search).
      const pattern = plan.mode === 'startsWith' ? startsWithPattern : containsPattern;
      const lowered = plan.texts.map((text) => sql`lower(${pattern(text)}::text)`);
      return sql<SqlBool>`lower(${column}::text) like any (array[${sql.join(lowered)}])`;
    }
    case 'oneOf':
      return sql<SqlBool>`${column} in (${sql.join(plan.values.map((value) => sql`${value}`))})`;
    case 'inSubQuery':
      if (!subQuery) throw new Error('a SUB_SQL condition needs its sub-query');
      return sql<SqlBool>`${column} in (${subQuery(plan.values)})`;
  }
}
