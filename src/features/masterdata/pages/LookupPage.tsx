/** The Lookup screen (menu link /masterdata/lookup): the shared master-data page over its declaration. */
import { MasterDataPage } from '../../../grid/master/MasterDataPage';
import { lookupEntity } from '../../../shared/masterdata/entities/lookup';

export default function LookupPage() {
  return <MasterDataPage entity={ lookupEntity } />;
}
