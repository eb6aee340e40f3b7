/**
 * The inspection calls (openapi/paths/quality.yaml) through the one client. A refusal shows the
 * server's message (the api layer's toast) and rejects; the callers keep what the user typed.
 */
import { api, type ApiSchema } from '../../api/client';
import { callPlain, callWrapped, type CallOptions } from '../../api/call';

export type InspectionDocument = ApiSchema<'Document'>;
export type InspectionItem = InspectionDocument['Items'][number];
export type SaveResultsBody = ApiSchema<'SaveResultsRequest'>;
export type JudgeBody = ApiSchema<'JudgeRequest'>;

/** A document by its id or its code (检验单号, the key the grids show). */
export const loadDocument = async (idOrCode: string) => (await callWrapped(api.POST('/Iqc/DocumentGet', { body: { Id: idOrCode } })))!;
/** `options.silent`: a refusal the screen shows on its measurement cell is not toasted as well. */
export const saveResults = async (body: SaveResultsBody, options?: CallOptions) => (await callWrapped(api.POST('/Iqc/SaveResults', { body }), options))!;
export const judgeDocument = async (body: JudgeBody) => (await callWrapped(api.POST('/Iqc/Judge', { body })))!;
export const looseAccept = async (id: string, reason: string) => (await callWrapped(api.POST('/Iqc/LooseAccept', { body: { Id: id, Reason: reason } })))!;
/** The return-to-vendor (RT) or scrap (BB) bill of a rejected document: its id and code. */
export const makeBill = async (documentId: string, billType: 'RT' | 'BB') => (await callWrapped(api.POST('/Iqc/MakeBill', { body: { DocumentId: documentId, BillType: billType } })))!;
export type ListExportBody = ApiSchema<'IqcListExportRequest'>;
/** A quality grid's search (检验报告, 来料批合格率, 缺陷柏拉图) as an xlsx. */
export const exportList = (body: ListExportBody) => callPlain(api.POST('/Iqc/ListExport', { body, parseAs: 'blob' })) as Promise<Blob>;
export type SpcPoint = ApiSchema<'SpcHistoryResponse'>['data'][number];
/** A variable check item's measurements across the vendor's lots of the part (oldest first, the document's own included). */
export const loadSpcHistory = async (id: string, checkItemCode: string) => (await callWrapped(api.POST('/Iqc/SpcHistory', { body: { Id: id, CheckItemCode: checkItemCode } })))!;
