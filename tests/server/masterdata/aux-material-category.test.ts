/**
 * Auxiliary material categories through the shared CRUD mechanism (written by `npm run gen -- master`),
 * and spec §5: a category code in use by an auxiliary material cannot be deleted.
 */
import { expect, it } from 'vitest';
import { auxMaterialCategoryEntity } from '../../../src/shared/masterdata/entities/aux-material-category.ts';
import { auxMaterialEntity } from '../../../src/shared/masterdata/entities/aux-material.ts';
import { adminToken, createSample, describeMasterEntity } from '../support/masterdata.ts';
import { describeServer } from '../support/test-server.ts';

describeMasterEntity(auxMaterialCategoryEntity);

describeServer('auxiliary material categories in use', {}, (server) => {
  it('refuses to delete a category code an auxiliary material uses, and deletes it once unused', async () => {
    const token = await adminToken(server);
    const category = await createSample(server, token, auxMaterialCategoryEntity);
    const material = await createSample(server, token, auxMaterialEntity, { category_code: category.code });
    const refused = await server.call('POST', '/AuxMaterialCategory/Delete', { token, query: { id: category.id } });
    expect(refused.status).toBe(400);
    expect(refused.body.msg).toBe('该记录正在使用中，不能删除');
    expect((await server.call('POST', '/AuxMaterial/Delete', { token, query: { id: material.id } })).status).toBe(200);
    expect((await server.call('POST', '/AuxMaterialCategory/Delete', { token, query: { id: category.id } })).body.msg).toBe('删除成功');
  }, 60_000);
});
