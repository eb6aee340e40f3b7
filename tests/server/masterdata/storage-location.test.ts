/** Storage location through the shared CRUD mechanism (written by `npm run gen -- master`; add entity-specific rules here). */
import { describeMasterEntity } from '../support/masterdata.ts';
import { storageLocationEntity } from '../../../src/shared/masterdata/entities/storage-location.ts';

describeMasterEntity(storageLocationEntity);
