/** Unit conversion through the shared CRUD mechanism (written by `npm run gen -- master`; add entity-specific rules here). */
import { describeMasterEntity } from '../support/masterdata.ts';
import { unitConversionEntity } from '../../../src/features/masterdata/entities/unit-conversion.ts';

describeMasterEntity(unitConversionEntity);
