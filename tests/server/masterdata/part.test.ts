/** Part through the shared CRUD mechanism (written by `npm run gen -- master`; add entity-specific rules here). */
import { describeMasterEntity } from '../support/masterdata.ts';
import { partEntity } from '../../../src/shared/masterdata/entities/part.ts';

describeMasterEntity(partEntity);
