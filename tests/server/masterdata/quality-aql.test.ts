/** AQL through the shared CRUD mechanism (written by `npm run gen -- master`; add entity-specific rules here). */
import { describeMasterEntity } from '../support/masterdata.ts';
import { qualityAqlEntity } from '../../../src/shared/masterdata/entities/quality-aql.ts';

describeMasterEntity(qualityAqlEntity);
