/** Old-to-new vendor mapping through the shared CRUD mechanism (written by `npm run gen -- master`; add entity-specific rules here). */
import { describeMasterEntity } from '../support/masterdata.ts';
import { vendorMappingEntity } from '../../../src/shared/masterdata/entities/vendor-mapping.ts';

describeMasterEntity(vendorMappingEntity);
