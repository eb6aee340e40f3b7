/**
 * The SQL configuration screen (/report/sql-config): the DataGrid of its list, with search, columns and
 * settings (src/grid). Scaffolded by `npm run gen -- page`; grow it from here (row actions, a toolbar, an
 * editor). What the grid reads is declared in src/shared/pages/sql-config.ts.
 */
import { ListRoutePage } from '../../../grid/ListRoutePage';
import { sqlConfigPage } from '../../../shared/pages/sql-config';

export default function SqlConfigPage() {
  return <ListRoutePage page={sqlConfigPage} />;
}
