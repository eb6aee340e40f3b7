/** Business unit through the shared CRUD mechanism (written by `npm run gen -- master`; add entity-specific rules here). */
import { describeMasterEntity } from '../support/masterdata.ts';
import { businessUnitEntity } from '../../../src/shared/masterdata/entities/business-unit.ts';

describeMasterEntity(businessUnitEntity);
