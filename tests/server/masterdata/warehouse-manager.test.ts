/** Warehouse-manager code through the shared CRUD mechanism (written by `npm run gen -- master`; add entity-specific rules here). */
import { describeMasterEntity } from '../support/masterdata.ts';
import { warehouseManagerEntity } from '../../../src/shared/masterdata/entities/warehouse-manager.ts';

describeMasterEntity(warehouseManagerEntity);
