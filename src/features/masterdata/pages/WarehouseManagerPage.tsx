/** The Warehouse-manager code screen (menu link /masterdata/warehouse-manager): the shared master-data page over its declaration. */
import { MasterDataPage } from '../../../grid/master/MasterDataPage';
import { warehouseManagerEntity } from '../../../shared/masterdata/entities/warehouse-manager';

export default function WarehouseManagerPage() {
  return <MasterDataPage entity={ warehouseManagerEntity } />;
}
