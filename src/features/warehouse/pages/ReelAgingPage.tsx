/**
 * The Reel aging screen (/warehouse/reel-aging): the DataGrid of its list, with search, columns and
 * settings (src/grid). Scaffolded by `npm run gen -- page`; grow it from here (row actions, a toolbar, an
 * editor). What the grid reads is declared in src/shared/pages/reel-aging.ts.
 */
import { ListRoutePage } from '../../../grid/ListRoutePage';
import { reelAgingPage } from '../../../shared/pages/reel-aging';

export default function ReelAgingPage() {
  return <ListRoutePage page={reelAgingPage} />;
}
