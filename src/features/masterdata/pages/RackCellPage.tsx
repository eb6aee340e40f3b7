/** The Electronic rack cell screen (menu link /masterdata/rack-cell): the shared master-data page over its declaration. */
import { MasterDataPage } from '../../../grid/master/MasterDataPage';
import { rackCellEntity } from '../../../shared/masterdata/entities/rack-cell';

export default function RackCellPage() {
  return <MasterDataPage entity={ rackCellEntity } />;
}
