/** Part charger through the shared CRUD mechanism (written by `npm run gen -- master`; add entity-specific rules here). */
import { describeMasterEntity } from '../support/masterdata.ts';
import { partChargerEntity } from '../../../src/shared/masterdata/entities/part-charger.ts';

describeMasterEntity(partChargerEntity);
