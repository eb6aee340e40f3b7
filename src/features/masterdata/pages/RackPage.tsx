/** The Electronic rack screen (menu link /masterdata/rack): the shared master-data page over its declaration. */
import { MasterDataPage } from '../../../grid/master/MasterDataPage';
import { rackEntity } from '../../../shared/masterdata/entities/rack';

export default function RackPage() {
  return <MasterDataPage entity={ rackEntity } />;
}
