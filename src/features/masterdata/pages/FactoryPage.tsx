/** The Factory screen (menu link /masterdata/factory): the shared master-data page over its declaration. */
import { MasterDataPage } from '../../../grid/master/MasterDataPage';
import { factoryEntity } from '../../../shared/masterdata/entities/factory';

export default function FactoryPage() {
  return <MasterDataPage entity={ factoryEntity } />;
}
