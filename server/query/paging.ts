import type { SelectQueryBuilder } from 'kysely';

/** A list call's page: the 1-based page number and the rows per page (the contract's Page and Limit). */
export interface PageRequest {
  page: number;
  limit: number;
}

/**
 * One page of a list and the count of all its rows, as the legacy list answers carry them
 * (`data` and `count`): `filtered` is the list's FROM and WHERE, `selectRows` adds the columns
 * and the order the page is cut from.
 */
export async function pageWithCount<DB, TB extends keyof DB, Row>(
  filtered: SelectQueryBuilder<DB, TB, object>,
  selectRows: (filtered: SelectQueryBuilder<DB, TB, object>) => SelectQueryBuilder<DB, TB, Row>,
  { page, limit }: PageRequest,
): Promise<{ rows: Row[]; count: number }> {
  // PostgreSQL's count is a bigint: text from node-postgres, a number from PGlite.
  const counted = await filtered
    .select((eb) => eb.fn.countAll<string | number>().as('count'))
    .$castTo<{ count: string | number }>()
    .executeTakeFirstOrThrow();
  const rows = await selectRows(filtered).limit(limit).offset((page - 1) * limit).execute();
  return { rows: rows as Row[], count: Number(counted.count) };
}
