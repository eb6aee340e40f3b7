/** Which stock reads the bill screens may show the user (the stock calls' x-permission menus). */
import { useAccess } from '../../../core/navigation/access';

/** The user may read the stock ledger: Stock/Ledger's x-permission names these menus. */
export function useCanReadLedger(): boolean {
  const { has } = useAccess();
  return has('WarehouseLedger') || has('WarehouseStock') || has('WarehouseReel') || has('ReportStock');
}
