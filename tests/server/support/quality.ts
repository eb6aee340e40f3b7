/**
 * Incoming-inspection test fixtures (issue 19): an inspection part (md_part.iqc_required) of its own
 * vendor with a template of a variable check item (阻值 9.5–10.5 Ω, class B, a calibrated tool) and an
 * attribute one (外观, class C) under a level II scheme (B at AQL 0.65, C at 2.5), and receipts of it
 * through the bill engine (ASN: save, make reels, one-key receipt) answering the documents they made.
 */
import { sql } from 'kysely';
import { vendorEntity } from '../../../src/shared/masterdata/entities/vendor.ts';
import { createSample, F01 } from './masterdata.ts';
import type { CallResult, TestServer } from './test-server.ts';

export const RAW = { sic: 'RAW01', loc: 'RAW01-01' };

/** An answer's data, as loosely typed as the test server's answers (CallResult['body']). */
type Data = CallResult['body'];

export interface InspectionPart {
  part: string;
  vendor: string;
  /** The variable (阻值) and attribute (外观) check items' codes. */
  res: string;
  vis: string;
  /** Iqc/*, Bill/* as this token (200 expected), answering `data`. */
  ok(path: string, body: unknown): Promise<Data>;
  /** An ASN of the part (lines of 100-piece reels), its reels made and all received at once: its documents, by lot. */
  receive(lines: { Qty: string; LotCode?: string }[]): Promise<Data[]>;
}

export async function inspectionPart(server: TestServer, token: string, suffix: string, expect: (status: number, body: unknown) => void): Promise<InspectionPart> {
  const ok = async (path: string, body: unknown) => {
    const answer = await server.call('POST', path, { token, body });
    expect(answer.status, answer.body);
    return answer.body.data;
  };
  const [part, vendor, res, vis] = [`QC-PART-${suffix}`, `QV-${suffix}`, `RES-${suffix}`, `VIS-${suffix}`];
  await createSample(server, token, vendorEntity, { code: vendor });
  await sql`insert into md_part (id, org_id, code, name, unit, iqc_required, min_pack_qty, enabled)
    values (gen_random_uuid()::text, ${F01}, ${part}, 'Resistor 10 Ω', 'PCS', true, 100, true)`.execute(server.db);
  await ok('/QualityTool/AddOrModifySave', { code: `OHM-${suffix}`, name: '万用表', model: null, serial_no: null, calibration_due: '2099-12-31', enabled: true });
  await ok('/QualityCheckItem/AddOrModifySave', {
    code: res, name: '阻值', kind: 'VARIABLE', unit: 'Ω', nominal: 10, lower_limit: 9.5, upper_limit: 10.5, defect_class: 'B', tool_code: `OHM-${suffix}`, method: null, enabled: true,
  });
  await ok('/QualityCheckItem/AddOrModifySave', {
    code: vis, name: '外观', kind: 'ATTRIBUTE', unit: null, nominal: null, lower_limit: null, upper_limit: null, defect_class: 'C', tool_code: null, method: null, enabled: true,
  });
  await ok('/QualitySampleScheme/AddOrModifySave', {
    code: `SCH-${suffix}`, name: '电阻', level_code: 'II', aql_a: null, aql_b: '0.65', aql_c: '2.5', aql_d: null, aql_e: null, aql_f: null, enabled: true,
  });
  for (const [seq, item] of [[1, res], [2, vis]] as const) {
    await ok('/QualityTemplate/AddOrModifySave', { code: `TPL-${suffix}`, check_item_code: item, name: '电阻来料检验', part_code: part, scheme_code: `SCH-${suffix}`, seq, enabled: true });
  }
  const receive = async (lines: { Qty: string; LotCode?: string }[]) => {
    const saved = await ok('/Bill/Save', { BillType: 'ASN', VendorCode: vendor, Description: 'IQC test', Lines: lines.map((l) => ({ PartCode: part, ToSic: RAW.sic, ToLoc: RAW.loc, ...l })) });
    await ok('/Bill/CreateReels', { Id: saved.Id });
    await ok('/Bill/OneKeyReceipt', { Id: saved.Id });
    const { rows } = await sql<{ id: string }>`select id from iqc_documents where org_id = ${F01} and bill_code = ${saved.BillCode} order by lot_code`.execute(server.db);
    const docs = [];
    for (const row of rows) docs.push(await ok('/Iqc/DocumentGet', { Id: row.id }));
    return docs;
  };
  return { part, vendor, res, vis, ok, receive };
}
