/**
 * Reel labels (issue 17; openapi/paths/labels.yaml): the label document of some reels (PDF for the
 * preview, download and any printer; ZPL for Zebra printers) and the record of their printing.
 */
import { useQueryClient } from '@tanstack/react-query';
import { api } from '../../api/client';
import { callPlain, callWrapped } from '../../api/call';

export type LabelFormat = 'pdf' | 'zpl';

export const loadLabelDocument = (ReelCodes: string[], Format: LabelFormat, TemplateCode?: string) =>
  callPlain(api.POST('/Reel/Label', { body: { ReelCodes, Format, ...(TemplateCode ? { TemplateCode } : {}) }, parseAs: 'blob' })) as Promise<Blob>;

export const recordLabelPrint = (ReelCodes: string[], Printer: string, TemplateCode?: string) =>
  callWrapped(api.POST('/Reel/PrintLabel', { body: { ReelCodes, Printer, ...(TemplateCode ? { TemplateCode } : {}) } }));

/** After a print: the grids (print count, date, printer columns) and the reel screens read again. */
export function useRefreshAfterPrint() {
  const client = useQueryClient();
  return () => Promise.all([client.invalidateQueries({ queryKey: ['grid'] }), client.invalidateQueries({ queryKey: ['stock'] })]);
}

/** The bytes of a Blob as base64 (the local printer service takes the document inside JSON). */
export async function blobBase64(blob: Blob): Promise<string> {
  const buffer =
    typeof blob.arrayBuffer === 'function'
      ? await blob.arrayBuffer()
      : await new Promise<ArrayBuffer>((resolve, reject) => {
          const reader = new FileReader();
          reader.onload = () => resolve(reader.result as ArrayBuffer);
          reader.onerror = () => reject(reader.error ?? new Error('FileReader'));
          reader.readAsArrayBuffer(blob);
        });
  const bytes = new Uint8Array(buffer);
  let binary = '';
  for (let i = 0; i < bytes.length; i += 0x8000) binary += String.fromCharCode(...bytes.subarray(i, i + 0x8000));
  return btoa(binary);
}
