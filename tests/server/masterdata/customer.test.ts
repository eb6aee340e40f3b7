/** Customer through the shared CRUD mechanism (written by `npm run gen -- master`; add entity-specific rules here). */
import { describeMasterEntity } from '../support/masterdata.ts';
import { customerEntity } from '../../../src/shared/masterdata/entities/customer.ts';

describeMasterEntity(customerEntity);
