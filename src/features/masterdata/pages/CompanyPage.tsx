/** The Company screen (menu link /masterdata/company): the shared master-data page over its declaration. */
import { MasterDataPage } from '../../../grid/master/MasterDataPage';
import { companyEntity } from '../../../shared/masterdata/entities/company';

export default function CompanyPage() {
  return <MasterDataPage entity={ companyEntity } />;
}
