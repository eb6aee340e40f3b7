/** The Auxiliary material screen (menu link /masterdata/aux-material): the shared master-data page over its declaration. */
import { MasterDataPage } from '../../../grid/master/MasterDataPage';
import { auxMaterialEntity } from '../../../shared/masterdata/entities/aux-material';

export default function AuxMaterialPage() {
  return <MasterDataPage entity={ auxMaterialEntity } />;
}
