/** The Part charger screen (menu link /masterdata/part-charger): the shared master-data page over its declaration. */
import { MasterDataPage } from '../../../grid/master/MasterDataPage';
import { partChargerEntity } from '../../../shared/masterdata/entities/part-charger';

export default function PartChargerPage() {
  return <MasterDataPage entity={ partChargerEntity } />;
}
