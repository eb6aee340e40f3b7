/** Old-to-new part mapping through the shared CRUD mechanism (written by `npm run gen -- master`; add entity-specific rules here). */
import { describeMasterEntity } from '../support/masterdata.ts';
import { partMappingEntity } from '../../../src/shared/masterdata/entities/part-mapping.ts';

describeMasterEntity(partMappingEntity);
