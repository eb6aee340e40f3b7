/** Auxiliary material through the shared CRUD mechanism (written by `npm run gen -- master`; add entity-specific rules here). */
import { describeMasterEntity } from '../support/masterdata.ts';
import { auxMaterialEntity } from '../../../src/shared/masterdata/entities/aux-material.ts';

describeMasterEntity(auxMaterialEntity);
