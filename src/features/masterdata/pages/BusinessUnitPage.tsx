/** The Business unit screen (menu link /masterdata/business-unit): the shared master-data page over its declaration. */
import { MasterDataPage } from '../../../grid/master/MasterDataPage';
import { businessUnitEntity } from '../../../shared/masterdata/entities/business-unit';

export default function BusinessUnitPage() {
  return <MasterDataPage entity={ businessUnitEntity } />;
}
