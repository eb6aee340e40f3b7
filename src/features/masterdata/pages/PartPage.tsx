/** The Part screen (menu link /masterdata/part): the shared master-data page over its declaration. */
import { MasterDataPage } from '../../../grid/master/MasterDataPage';
import { partEntity } from '../../../shared/masterdata/entities/part';

export default function PartPage() {
  return <MasterDataPage entity={ partEntity } />;
}
