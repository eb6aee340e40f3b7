/**
 * The equipment ledger beyond the master-data CRUD of its declaration
 * (src/shared/masterdata/entities/equipment.ts, whose status flow and §5 date rule server/crud
 * enforces): the image (spec §5: at most 20MB, jpeg/jpg/png/gif — by name and by content, so a
 * renamed executable is refused) and the status history the CRUD mechanism writes.
 */
import { sql } from 'kysely';
import { checkEquipmentImage } from '../../../src/shared/equipment/image-rules.ts';
import { equipmentImageRefusal } from '../../../src/shared/upload-rules.ts';
import { authOf } from '../../access.ts';
import type { ServerContext } from '../../context.ts';
import { exactHandlers, type OperationHandlers } from '../../http/operations.ts';
import { Problem } from '../../http/problem.ts';
import { ok } from '../../http/responses.ts';
import { messageForRequest } from '../../i18n.ts';
import { contentDisposition } from '../tools/tool-files.ts';

interface UploadForm {
  Id: string;
  file: { name: string; base64: string };
}

export function equipmentHandlers(ctx: ServerContext) {
  const { db } = ctx;

  const findEquipment = async (orgId: string, id: string) => {
    const { rows } = await sql<{ id: string }>`select id from md_equipment where id = ${id} and org_id = ${orgId}`.execute(db);
    if (!rows[0]) throw new Problem(404, 'masterNotFound');
    return rows[0];
  };

  return exactHandlers({
    EquipmentUploadImage: async (request) => {
      const auth = authOf(request);
      const body = request.body as UploadForm;
      const fileName = body.file.name.split(/[/\\]/).pop()!.trim();
      const bytes = Buffer.from(body.file.base64, 'base64');
      const checked = checkEquipmentImage(fileName, bytes);
      // Placed on the form's file field (as a too large file is by server/http/uploads.ts).
      if (!checked.ok) throw equipmentImageRefusal(checked.reason);
      await db.transaction().execute(async (trx) => {
        const { rows } = await sql<{ id: string }>`select id from md_equipment where id = ${body.Id} and org_id = ${auth.orgId} for update`.execute(trx);
        if (!rows[0]) throw new Problem(404, 'masterNotFound');
        await sql`
          insert into md_equipment_image (equipment_id, org_id, file_name, content_type, file_size, content, uploaded_by)
          values (${body.Id}, ${auth.orgId}, ${fileName}, ${checked.contentType}, ${bytes.length}, ${bytes}, ${auth.user.userName})
          on conflict (equipment_id) do update set file_name = excluded.file_name, content_type = excluded.content_type,
            file_size = excluded.file_size, content = excluded.content, uploaded_by = excluded.uploaded_by, uploaded_at = now()`.execute(trx);
      });
      return ok({ FileName: fileName, ContentType: checked.contentType, Size: bytes.length }, messageForRequest(request, 'masterSaved'));
    },

    EquipmentImage: async (request, reply) => {
      const auth = authOf(request);
      await findEquipment(auth.orgId, request.query.id);
      const { rows } = await sql<{ file_name: string; content_type: string; content: Uint8Array }>`
        select file_name, content_type, content from md_equipment_image where equipment_id = ${request.query.id} and org_id = ${auth.orgId}`.execute(db);
      const image = rows[0];
      if (!image) throw new Problem(404, 'equipmentImageMissing');
      reply.header('content-type', image.content_type);
      reply.header('content-disposition', contentDisposition(image.file_name).replace(/^attachment/, 'inline'));
      reply.header('cache-control', 'no-store');
      return reply.send(Buffer.from(image.content));
    },

    EquipmentStatusHistory: async (request) => {
      const auth = authOf(request);
      await findEquipment(auth.orgId, request.body.Id);
      const { rows } = await sql<{ from_status: string | null; to_status: string; changed_by: string; changed_at: Date | string }>`
        select from_status, to_status, changed_by, changed_at from md_status_history
        where table_name = 'md_equipment' and record_id = ${request.body.Id} and org_id = ${auth.orgId}
        order by changed_at desc, id desc`.execute(db);
      return ok(rows.map((r) => ({
        FromStatus: r.from_status,
        ToStatus: r.to_status,
        UserName: r.changed_by,
        ChangedAt: new Date(r.changed_at).toISOString(),
      })));
    },
  } satisfies Partial<OperationHandlers>);
}
