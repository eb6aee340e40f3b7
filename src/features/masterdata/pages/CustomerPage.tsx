/** The Customer screen (menu link /masterdata/customer): the shared master-data page over its declaration. */
import { MasterDataPage } from '../../../grid/master/MasterDataPage';
import { customerEntity } from '../../../shared/masterdata/entities/customer';

export default function CustomerPage() {
  return <MasterDataPage entity={ customerEntity } />;
}
