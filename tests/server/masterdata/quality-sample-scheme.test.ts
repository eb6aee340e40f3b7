/** Sample schemes through the shared CRUD mechanism (written by `npm run gen -- master`; add entity-specific rules here). */
import { describeMasterEntity } from '../support/masterdata.ts';
import { qualitySampleSchemeEntity } from '../../../src/shared/masterdata/entities/quality-sample-scheme.ts';

describeMasterEntity(qualitySampleSchemeEntity);
