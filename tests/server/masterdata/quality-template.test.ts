/** Inspection templates through the shared CRUD mechanism (written by `npm run gen -- master`; add entity-specific rules here). */
import { describeMasterEntity } from '../support/masterdata.ts';
import { qualityTemplateEntity } from '../../../src/shared/masterdata/entities/quality-template.ts';

describeMasterEntity(qualityTemplateEntity);
