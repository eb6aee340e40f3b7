/** Bill type extensions through the shared CRUD mechanism (written by `npm run gen -- master`; add entity-specific rules here). */
import { describeMasterEntity } from '../support/masterdata.ts';
import { billTypeExtensionEntity } from '../../../src/shared/masterdata/entities/bill-type-extension.ts';

describeMasterEntity(billTypeExtensionEntity);
