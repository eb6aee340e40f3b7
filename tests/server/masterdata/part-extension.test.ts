/** Part extension through the shared CRUD mechanism (written by `npm run gen -- master`; add entity-specific rules here). */
import { describeMasterEntity } from '../support/masterdata.ts';
import { partExtensionEntity } from '../../../src/shared/masterdata/entities/part-extension.ts';

describeMasterEntity(partExtensionEntity);
