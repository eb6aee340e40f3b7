/**
 * Every bill type works as its declaration says (support/bill-types.ts): master row, menu and action
 * buttons, saving with its required header fields, refusing what it does not offer. `npm run gen -- bill`
 * appends each new type here (keep the marker lines).
 */
import { describeBillTypes } from './support/bill-types.ts';
import { billTypeWI } from '../../src/shared/bills/types/WI.ts';
import { billTypeASN } from '../../src/shared/bills/types/ASN.ts';
import { billTypeOD } from '../../src/shared/bills/types/OD.ts';
import { billTypeDD } from '../../src/shared/bills/types/DD.ts';
import { billTypeIN } from '../../src/shared/bills/types/IN.ts';
import { billTypeRMA } from '../../src/shared/bills/types/RMA.ts';
import { billTypeRT } from '../../src/shared/bills/types/RT.ts';
import { billTypeOR } from '../../src/shared/bills/types/OR.ts';
import { billTypeWO } from '../../src/shared/bills/types/WO.ts';
import { billTypeXX } from '../../src/shared/bills/types/XX.ts';
import { billTypeRW } from '../../src/shared/bills/types/RW.ts';
import { billTypeRX } from '../../src/shared/bills/types/RX.ts';
import { billTypeIO } from '../../src/shared/bills/types/IO.ts';
import { billTypeWIO } from '../../src/shared/bills/types/WIO.ts';
import { billTypeBO } from '../../src/shared/bills/types/BO.ts';
import { billTypeBB } from '../../src/shared/bills/types/BB.ts';
import { billTypeJJ } from '../../src/shared/bills/types/JJ.ts';
import { billTypeOS } from '../../src/shared/bills/types/OS.ts';
import { billTypeGG } from '../../src/shared/bills/types/GG.ts';
import { billTypeOUT } from '../../src/shared/bills/types/OUT.ts';
import { billTypeQD } from '../../src/shared/bills/types/QD.ts';
import { billTypeQT } from '../../src/shared/bills/types/QT.ts';
import { billTypeRQC } from '../../src/shared/bills/types/RQC.ts';
// plop:append-bill-type-test-import

describeBillTypes([
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
  // plop:append-bill-type-test
]);
