/** The Locator screen (menu link /masterdata/locator): the shared master-data page over its declaration. */
import { MasterDataPage } from '../../../grid/master/MasterDataPage';
import { locatorEntity } from '../../../shared/masterdata/entities/locator';

export default function LocatorPage() {
  return <MasterDataPage entity={ locatorEntity } />;
}
