/** The Standard pack screen (menu link /masterdata/standard-pack): the shared master-data page over its declaration. */
import { MasterDataPage } from '../../../grid/master/MasterDataPage';
import { standardPackEntity } from '../../../shared/masterdata/entities/standard-pack';

export default function StandardPackPage() {
  return <MasterDataPage entity={ standardPackEntity } />;
}
