/** The Old-to-new vendor mapping screen (menu link /masterdata/vendor-mapping): the shared master-data page over its declaration. */
import { MasterDataPage } from '../../../grid/master/MasterDataPage';
import { vendorMappingEntity } from '../../../shared/masterdata/entities/vendor-mapping';

export default function VendorMappingPage() {
  return <MasterDataPage entity={ vendorMappingEntity } />;
}
