/** Bill types through the shared CRUD mechanism (written by `npm run gen -- master`; add entity-specific rules here). */
import { describeMasterEntity } from '../support/masterdata.ts';
import { billTypeEntity } from '../../../src/shared/masterdata/entities/bill-type.ts';

describeMasterEntity(billTypeEntity);
