/** Standard pack through the shared CRUD mechanism (written by `npm run gen -- master`; add entity-specific rules here). */
import { describeMasterEntity } from '../support/masterdata.ts';
import { standardPackEntity } from '../../../src/shared/masterdata/entities/standard-pack.ts';

describeMasterEntity(standardPackEntity);
