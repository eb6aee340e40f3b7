/** Inspection tools through the shared CRUD mechanism (written by `npm run gen -- master`; add entity-specific rules here). */
import { describeMasterEntity } from '../support/masterdata.ts';
import { qualityToolEntity } from '../../../src/shared/masterdata/entities/quality-tool.ts';

describeMasterEntity(qualityToolEntity);
