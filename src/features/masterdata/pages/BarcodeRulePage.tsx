/**
 * The Barcode parsing rules screen (menu ReelParseRule, link /reel/parse-rule): the shared
 * master-data page over its declaration, with the test bench above it (paste or scan a label and
 * see which rule reads it and how).
 */
import { Space } from 'antd';
import { MasterDataPage } from '../../../grid/master/MasterDataPage';
import { barcodeRuleEntity } from '../../../shared/masterdata/entities/barcode-rule';
import { BarcodeTestBench } from '../components/BarcodeTestBench';

export default function BarcodeRulePage() {
  return (
    <Space direction="vertical" size="middle" style={{ width: '100%' }}>
      <BarcodeTestBench />
      <MasterDataPage entity={barcodeRuleEntity} />
    </Space>
  );
}
