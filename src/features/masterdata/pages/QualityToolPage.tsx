/** The Inspection tools screen (menu link /quality/tool): the shared master-data page over its declaration. */
import { MasterDataPage } from '../../../grid/master/MasterDataPage';
import { qualityToolEntity } from '../../../shared/masterdata/entities/quality-tool';

export default function QualityToolPage() {
  return <MasterDataPage entity={ qualityToolEntity } />;
}
