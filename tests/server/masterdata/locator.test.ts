/** Locator through the shared CRUD mechanism (written by `npm run gen -- master`; add entity-specific rules here). */
import { describeMasterEntity } from '../support/masterdata.ts';
import { locatorEntity } from '../../../src/shared/masterdata/entities/locator.ts';

describeMasterEntity(locatorEntity);
