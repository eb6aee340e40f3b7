/**
 * Every master-data entity (one declaration file each, written by `npm run gen -- master`). The
 * reference server makes their operations from this list (server/modules/masterdata).
 * Referenced entities come before the ones that reference them.
 */
import type { EntityDeclaration } from '../declaration';
import { lookupEntity } from './lookup';
import { companyEntity } from './company';
import { factoryEntity } from './factory';
import { businessUnitEntity } from './business-unit';
import { storageLocationEntity } from './storage-location';
import { locatorEntity } from './locator';
import { vendorEntity } from './vendor';
import { customerEntity } from './customer';
import { partEntity } from './part';
import { partExtensionEntity } from './part-extension';
import { warehouseManagerEntity } from './warehouse-manager';
import { partChargerEntity } from './part-charger';
import { rackEntity } from './rack';
import { rackCellEntity } from './rack-cell';
import { standardPackEntity } from './standard-pack';
import { unitConversionEntity } from './unit-conversion';
import { partMappingEntity } from './part-mapping';
import { vendorMappingEntity } from './vendor-mapping';
import { billTypeEntity } from './bill-type';
import { billTypeExtensionEntity } from './bill-type-extension';
import { serviceConfigEntity } from './service-config';
import { barcodeRuleEntity } from './barcode-rule';
import { qualityToolEntity } from './quality-tool';
import { qualityCheckItemEntity } from './quality-check-item';
import { qualityLevelEntity } from './quality-level';
import { qualitySampleCodeEntity } from './quality-sample-code';
import { qualityAqlEntity } from './quality-aql';
import { qualitySampleSchemeEntity } from './quality-sample-scheme';
import { qualityTemplateEntity } from './quality-template';
import { equipmentEntity } from './equipment';
import { auxMaterialCategoryEntity } from './aux-material-category';
import { auxMaterialEntity } from './aux-material';
import { portalCardEntity } from './portal-card';
// plop:append-entity-import

export const masterEntities: readonly EntityDeclaration[] = [
  lookupEntity,
  companyEntity,
  factoryEntity,
  businessUnitEntity,
  storageLocationEntity,
  locatorEntity,
  vendorEntity,
  customerEntity,
  partEntity,
  partExtensionEntity,
  warehouseManagerEntity,
  partChargerEntity,
  rackEntity,
  rackCellEntity,
  standardPackEntity,
  unitConversionEntity,
  partMappingEntity,
  vendorMappingEntity,
  billTypeEntity,
  billTypeExtensionEntity,
  serviceConfigEntity,
  barcodeRuleEntity,
  qualityToolEntity,
  qualityCheckItemEntity,
  qualityLevelEntity,
  qualitySampleCodeEntity,
  qualityAqlEntity,
  qualitySampleSchemeEntity,
  qualityTemplateEntity,
  equipmentEntity,
  auxMaterialCategoryEntity,
  auxMaterialEntity,
  portalCardEntity,
  // plop:append-entity
];
