/** Sample codes through the shared CRUD mechanism (written by `npm run gen -- master`; add entity-specific rules here). */
import { describeMasterEntity } from '../support/masterdata.ts';
import { qualitySampleCodeEntity } from '../../../src/shared/masterdata/entities/quality-sample-code.ts';

describeMasterEntity(qualitySampleCodeEntity);
