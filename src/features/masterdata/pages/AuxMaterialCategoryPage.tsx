/** The Auxiliary material category screen (menu link /masterdata/aux-material-category): the shared master-data page over its declaration. */
import { MasterDataPage } from '../../../grid/master/MasterDataPage';
import { auxMaterialCategoryEntity } from '../../../shared/masterdata/entities/aux-material-category';

export default function AuxMaterialCategoryPage() {
  return <MasterDataPage entity={ auxMaterialCategoryEntity } />;
}
