/**
 * BarcodeRule/Parse in mock mode (issue 17): the same shared parser the reference server runs
 * (src/shared/barcodes), over the caller's organisation's mock barcode rules (the master rows of
 * ./masterdata.ts, so a rule added or disabled on the screen changes what the test bench reads).
 */
import { http } from 'msw';
import { parseBarcode, type BarcodeRuleRow } from '../../src/shared/barcodes/rules';
import { Refusal } from '../../src/shared/messages/refusal';
import { answerSignedIn as answer } from './answers';
import { masterRowsIn } from './masterdata';

export function barcodeHandlers(baseUrl: string) {
  return [
    http.post(`${baseUrl}/BarcodeRule/Parse`, async ({ request }) => {
      const body = ((await request.json().catch(() => null)) ?? {}) as { Barcode?: unknown; VendorCode?: unknown };
      return answer(request, (caller) => {
        if (typeof body.Barcode !== 'string') throw new Refusal(400, 'missingField', { field: 'body.Barcode' });
        const vendor = typeof body.VendorCode === 'string' ? body.VendorCode : null;
        const rules = masterRowsIn('BarcodeRule', caller.orgId) as unknown as BarcodeRuleRow[];
        return { code: 200, msg: '', data: parseBarcode(body.Barcode, rules, vendor) };
      });
    }),
  ];
}
