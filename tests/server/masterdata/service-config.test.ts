/** Service configuration through the shared CRUD mechanism (written by `npm run gen -- master`; add entity-specific rules here). */
import { describeMasterEntity } from '../support/masterdata.ts';
import { serviceConfigEntity } from '../../../src/shared/masterdata/entities/service-config.ts';

describeMasterEntity(serviceConfigEntity);
