/** The Sample codes screen (menu link /quality/sample-code): the shared master-data page over its declaration. */
import { MasterDataPage } from '../../../grid/master/MasterDataPage';
import { qualitySampleCodeEntity } from '../../../shared/masterdata/entities/quality-sample-code';

export default function QualitySampleCodePage() {
  return <MasterDataPage entity={ qualitySampleCodeEntity } />;
}
