/** The Barcode parsing rules screen (menu link /reel/parse-rule): the shared master-data page over its declaration. */
import { MasterDataPage } from '../../../grid/master/MasterDataPage';
import { barcodeRuleEntity } from '../../../shared/masterdata/entities/barcode-rule';

export default function BarcodeRulePage() {
  return <MasterDataPage entity={ barcodeRuleEntity } />;
}
