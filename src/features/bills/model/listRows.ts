/**
 * The bill lists' rows (LIST_ROUTE `/bill/master/<CODE>`, a report view of bill headers): a row's
 * bill id, whatever case the view's key column is written in.
 */
import type { GridRow } from '../../../grid/model/types';

export const billIdOf = (row: GridRow): string | undefined => {
  const id = row.id ?? row.ID ?? row.Id;
  return id == null ? undefined : String(id);
};
