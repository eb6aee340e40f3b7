/** The AQL screen (menu link /quality/aql): the shared master-data page over its declaration. */
import { MasterDataPage } from '../../../grid/master/MasterDataPage';
import { qualityAqlEntity } from '../../../shared/masterdata/entities/quality-aql';

export default function QualityAqlPage() {
  return <MasterDataPage entity={ qualityAqlEntity } />;
}
