/** The Portal cards screen (menu link /report/portal-card): the shared master-data page over its declaration. */
import { MasterDataPage } from '../../../grid/master/MasterDataPage';
import { portalCardEntity } from '../../../shared/masterdata/entities/portal-card';

export default function PortalCardPage() {
  return <MasterDataPage entity={ portalCardEntity } />;
}
