/** The Vendor screen (menu link /masterdata/vendor): the shared master-data page over its declaration. */
import { MasterDataPage } from '../../../grid/master/MasterDataPage';
import { vendorEntity } from '../../../shared/masterdata/entities/vendor';

export default function VendorPage() {
  return <MasterDataPage entity={ vendorEntity } />;
}
