/** The Part extension screen (menu link /masterdata/part-extension): the shared master-data page over its declaration. */
import { MasterDataPage } from '../../../grid/master/MasterDataPage';
import { partExtensionEntity } from '../../../shared/masterdata/entities/part-extension';

export default function PartExtensionPage() {
  return <MasterDataPage entity={ partExtensionEntity } />;
}
