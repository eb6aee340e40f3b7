/**
 * Every bill type's declaration, in menu order. `npm run gen -- bill` appends an import and an
 * entry above the marker lines; keep them.
 */
import type { BillTypeDeclaration } from '../declaration';
import { billTypeWI } from './WI';
import { billTypeASN } from './ASN';
import { billTypeOD } from './OD';
import { billTypeDD } from './DD';
import { billTypeIN } from './IN';
import { billTypeRMA } from './RMA';
import { billTypeRT } from './RT';
import { billTypeOR } from './OR';
import { billTypeWO } from './WO';
import { billTypeXX } from './XX';
import { billTypeRW } from './RW';
import { billTypeRX } from './RX';
import { billTypeIO } from './IO';
import { billTypeWIO } from './WIO';
import { billTypeBO } from './BO';
import { billTypeBB } from './BB';
import { billTypeJJ } from './JJ';
import { billTypeOS } from './OS';
import { billTypeGG } from './GG';
import { billTypeOUT } from './OUT';
import { billTypeQD } from './QD';
import { billTypeQT } from './QT';
import { billTypeRQC } from './RQC';
// plop:append-bill-type-import

export const BILL_TYPE_DECLARATIONS: readonly BillTypeDeclaration[] = [
  billTypeWI,
  billTypeASN,
  billTypeOD,
  billTypeDD,
  billTypeIN,
  billTypeRMA,
  billTypeRT,
  billTypeOR,
  billTypeWO,
  billTypeXX,
  billTypeRW,
  billTypeRX,
  billTypeIO,
  billTypeWIO,
  billTypeBO,
  billTypeBB,
  billTypeJJ,
  billTypeOS,
  billTypeGG,
  billTypeOUT,
  billTypeQD,
  billTypeQT,
  billTypeRQC,
  // plop:append-bill-type
];

/** The declaration of a type code (undefined: a type made in the master only, with its category's defaults). */
export const billTypeDeclaration = (code: string): BillTypeDeclaration | undefined => BILL_TYPE_DECLARATIONS.find((t) => t.code === code);
