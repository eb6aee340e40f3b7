/** Vendor through the shared CRUD mechanism (written by `npm run gen -- master`; add entity-specific rules here). */
import { describeMasterEntity } from '../support/masterdata.ts';
import { vendorEntity } from '../../../src/shared/masterdata/entities/vendor.ts';

describeMasterEntity(vendorEntity);
