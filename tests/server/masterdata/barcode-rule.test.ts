/** Barcode parsing rules through the shared CRUD mechanism (written by `npm run gen -- master`; add entity-specific rules here). */
import { describeMasterEntity } from '../support/masterdata.ts';
import { barcodeRuleEntity } from '../../../src/shared/masterdata/entities/barcode-rule.ts';

describeMasterEntity(barcodeRuleEntity);
