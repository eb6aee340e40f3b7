/** Inspection levels through the shared CRUD mechanism (written by `npm run gen -- master`; add entity-specific rules here). */
import { describeMasterEntity } from '../support/masterdata.ts';
import { qualityLevelEntity } from '../../../src/shared/masterdata/entities/quality-level.ts';

describeMasterEntity(qualityLevelEntity);
