/** Company through the shared CRUD mechanism (written by `npm run gen -- master`; add entity-specific rules here). */
import { describeMasterEntity } from '../support/masterdata.ts';
import { companyEntity } from '../../../src/shared/masterdata/entities/company.ts';

describeMasterEntity(companyEntity);
