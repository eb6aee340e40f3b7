/** The Service configuration screen (menu link /schedule/service-config): the shared master-data page over its declaration. */
import { MasterDataPage } from '../../../grid/master/MasterDataPage';
import { serviceConfigEntity } from '../../../shared/masterdata/entities/service-config';

export default function ServiceConfigPage() {
  return <MasterDataPage entity={ serviceConfigEntity } />;
}
