/** The Bill type extensions screen (menu link /schedule/bill-type-extension): the shared master-data page over its declaration. */
import { MasterDataPage } from '../../../grid/master/MasterDataPage';
import { billTypeExtensionEntity } from '../../../shared/masterdata/entities/bill-type-extension';

export default function BillTypeExtensionPage() {
  return <MasterDataPage entity={ billTypeExtensionEntity } />;
}
