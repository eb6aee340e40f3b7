/**
 * The equipment ledger's own calls (openapi/paths/equipment.yaml) beyond the master-data five: its
 * image (upload as a multipart form; read as a blob) and its status history. Through the one client;
 * a refusal (image type or size, spec §5) shows the server's message.
 */
import { api, type ApiSchema } from '../../api/client';
import { callPlain, callWrapped } from '../../api/call';

export type EquipmentStatusChange = ApiSchema<'EquipmentStatusHistoryEntry'>;

export async function uploadEquipmentImage(id: string, file: File) {
  const form = new FormData();
  form.append('Id', id);
  form.append('file', file, file.name);
  return callWrapped(
    api.POST('/Equipment/UploadImage', {
      body: { Id: id, file: { name: file.name, base64: '' } },
      // The typed body is only the contract's description of the parts; the multipart form is sent.
      bodySerializer: () => form,
    }),
  );
}

export const loadEquipmentImage = (id: string) =>
  callPlain(api.GET('/Equipment/Image', { params: { query: { id } }, parseAs: 'blob' })) as Promise<Blob>;

export const loadEquipmentStatusHistory = async (id: string): Promise<EquipmentStatusChange[]> =>
  (await callWrapped(api.POST('/Equipment/StatusHistory', { body: { Id: id } }))) ?? [];
