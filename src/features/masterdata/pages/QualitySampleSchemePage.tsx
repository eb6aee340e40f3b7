/** The Sample schemes screen (menu link /quality/sample-scheme): the shared master-data page over its declaration. */
import { MasterDataPage } from '../../../grid/master/MasterDataPage';
import { qualitySampleSchemeEntity } from '../../../shared/masterdata/entities/quality-sample-scheme';

export default function QualitySampleSchemePage() {
  return <MasterDataPage entity={ qualitySampleSchemeEntity } />;
}
