/** The Old-to-new part mapping screen (menu link /masterdata/part-mapping): the shared master-data page over its declaration. */
import { MasterDataPage } from '../../../grid/master/MasterDataPage';
import { partMappingEntity } from '../../../shared/masterdata/entities/part-mapping';

export default function PartMappingPage() {
  return <MasterDataPage entity={ partMappingEntity } />;
}
