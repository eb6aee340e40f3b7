/** The Check items screen (menu link /quality/check-item): the shared master-data page over its declaration. */
import { MasterDataPage } from '../../../grid/master/MasterDataPage';
import { qualityCheckItemEntity } from '../../../shared/masterdata/entities/quality-check-item';

export default function QualityCheckItemPage() {
  return <MasterDataPage entity={ qualityCheckItemEntity } />;
}
