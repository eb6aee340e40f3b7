/** Factory through the shared CRUD mechanism (written by `npm run gen -- master`; add entity-specific rules here). */
import { describeMasterEntity } from '../support/masterdata.ts';
import { factoryEntity } from '../../../src/shared/masterdata/entities/factory.ts';

describeMasterEntity(factoryEntity);
