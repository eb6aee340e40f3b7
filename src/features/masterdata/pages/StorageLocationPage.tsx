/** The Storage location screen (menu link /masterdata/storage-location): the shared master-data page over its declaration. */
import { MasterDataPage } from '../../../grid/master/MasterDataPage';
import { storageLocationEntity } from '../../../shared/masterdata/entities/storage-location';

export default function StorageLocationPage() {
  return <MasterDataPage entity={ storageLocationEntity } />;
}
