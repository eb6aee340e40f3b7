/** Electronic rack cell through the shared CRUD mechanism (written by `npm run gen -- master`; add entity-specific rules here). */
import { describeMasterEntity } from '../support/masterdata.ts';
import { rackCellEntity } from '../../../src/shared/masterdata/entities/rack-cell.ts';

describeMasterEntity(rackCellEntity);
