/** The Unit conversion screen (menu link /masterdata/unit-conversion): the shared master-data page over its declaration. */
import { MasterDataPage } from '../../../grid/master/MasterDataPage';
import { unitConversionEntity } from '../../../shared/masterdata/entities/unit-conversion';

export default function UnitConversionPage() {
  return <MasterDataPage entity={ unitConversionEntity } />;
}
