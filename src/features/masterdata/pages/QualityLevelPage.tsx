/** The Inspection levels screen (menu link /quality/level): the shared master-data page over its declaration. */
import { MasterDataPage } from '../../../grid/master/MasterDataPage';
import { qualityLevelEntity } from '../../../shared/masterdata/entities/quality-level';

export default function QualityLevelPage() {
  return <MasterDataPage entity={ qualityLevelEntity } />;
}
