/** Portal cards through the shared CRUD mechanism (written by `npm run gen -- master`; add entity-specific rules here). */
import { describeMasterEntity } from '../support/masterdata.ts';
import { portalCardEntity } from '../../../src/shared/masterdata/entities/portal-card.ts';

describeMasterEntity(portalCardEntity);
