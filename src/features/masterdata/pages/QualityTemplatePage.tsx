/** The Inspection templates screen (menu link /quality/template): the shared master-data page over its declaration. */
import { MasterDataPage } from '../../../grid/master/MasterDataPage';
import { qualityTemplateEntity } from '../../../shared/masterdata/entities/quality-template';

export default function QualityTemplatePage() {
  return <MasterDataPage entity={ qualityTemplateEntity } />;
}
