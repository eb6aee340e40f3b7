/** Lookup through the shared CRUD mechanism (written by `npm run gen -- master`; add entity-specific rules here). */
import { describeMasterEntity } from '../support/masterdata.ts';
import { lookupEntity } from '../../../src/shared/masterdata/entities/lookup.ts';

describeMasterEntity(lookupEntity);
