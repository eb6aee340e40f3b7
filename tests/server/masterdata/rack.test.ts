/** Electronic rack through the shared CRUD mechanism (written by `npm run gen -- master`; add entity-specific rules here). */
import { describeMasterEntity } from '../support/masterdata.ts';
import { rackEntity } from '../../../src/shared/masterdata/entities/rack.ts';

describeMasterEntity(rackEntity);
