/** The Bill types screen (menu link /schedule/bill-type): the shared master-data page over its declaration. */
import { MasterDataPage } from '../../../grid/master/MasterDataPage';
import { billTypeEntity } from '../../../shared/masterdata/entities/bill-type';

export default function BillTypePage() {
  return <MasterDataPage entity={ billTypeEntity } />;
}
