/**
 * Organisations and organisation types in mock mode (issue 16: the user form's organisation picker
 * offered "string (string)"): the tree the picker reads is the organisations users belong to and
 * the login offers, stateful, with the reference server's rules and messages.
 */
import { beforeEach, describe, expect, it } from 'vitest';
import {
  deleteOrganization,
  deleteOrganizationType,
  loadOrganizationTree,
  loadOrganizationTypes,
  saveOrganization,
  saveOrganizationType,
  saveUser,
  type OrganizationNode,
} from '../../../src/features/admin/api';
import { getMockDb } from '../../../mocks/db';
import { resetGridTestState, signIn } from '../grid/gridTestKit';
import { refusal } from './refusal';

const flat = (nodes: OrganizationNode[]): OrganizationNode[] => nodes.flatMap((node) => [node, ...flat(node.children ?? [])]);

beforeEach(async () => {
  await resetGridTestState();
  signIn('ADMIN', 'org-f01');
});

describe('organisations on the mocks', () => {
  it('lists the organisations users belong to, and a new one under 一厂 is one a user can be given', async () => {
    const tree = await loadOrganizationTree();
    expect(tree.map((org) => `${org.OrganizeName} (${org.OrganizeCode})`)).toEqual(['一厂 (F01)', '二厂 (F02)']);
    expect(tree[0].UserCount).toBeGreaterThan(0);

    const saved = (await saveOrganization({ OrganizeCode: 'F01-W1', OrganizeName: '一厂原材料仓', Parent_Id: 'org-f01', OrgType: 'WAREHOUSE' })) as OrganizationNode;
    const [first] = await loadOrganizationTree();
    expect(first.children?.map((org) => org.OrganizeName)).toEqual(['一厂原材料仓']);

    await saveUser({ USER_NAME: 'warehouse1', NICK_NAME: '仓管', ROLE_IDS: ['role-operator'], ORGANIZE_IDS: [saved.Id], Password: 'Warehouse1!' } as never);
    expect(flat(await loadOrganizationTree()).find((org) => org.Id === saved.Id)?.UserCount).toBe(1);
    expect(getMockDb().organizations.some((org) => org.Id === saved.Id)).toBe(true);
    expect(await refusal(deleteOrganization(saved.Id))).toBe('该记录正在使用中，不能删除');
  });

  it('refuses a taken code, its own parent and a parent below it, with the server’s messages', async () => {
    expect(await refusal(saveOrganization({ OrganizeCode: 'F02', OrganizeName: '重复' }))).toBe('组织编码 F02 已存在');
    expect(await refusal(saveOrganization({ Id: 'org-f01', OrganizeCode: 'F01', OrganizeName: '一厂', Parent_Id: 'org-f01' }))).toBe('组织不能是自己的上级组织');
    const child = (await saveOrganization({ OrganizeCode: 'F01-A', OrganizeName: '一厂A区', Parent_Id: 'org-f01' })) as OrganizationNode;
    expect(await refusal(saveOrganization({ Id: 'org-f01', OrganizeCode: 'F01', OrganizeName: '一厂', Parent_Id: child.Id }))).toBe('不能把组织移到它自己的下级组织之下');
    expect(await refusal(deleteOrganization('org-f01'))).toBe('该记录正在使用中，不能删除');
    await deleteOrganization(child.Id);
    expect(flat(await loadOrganizationTree()).some((org) => org.Id === child.Id)).toBe(false);
  });

  it('keeps organisation types: a used type cannot be deleted, a renamed code follows into its organisations', async () => {
    const types = await loadOrganizationTypes();
    expect(types.map((type) => type.Name)).toEqual(['集团', '工厂', '仓库']);
    const factory = types.find((type) => type.Code === 'FACTORY')!;
    expect(await refusal(deleteOrganizationType(factory.Id))).toBe('该记录正在使用中，不能删除');
    expect(await refusal(saveOrganizationType({ Code: 'GROUP', Name: '重复' }))).toBe('组织类型编码 GROUP 已存在');
    await saveOrganizationType({ ...factory, Code: 'PLANT' });
    expect((await loadOrganizationTree()).every((org) => org.OrgType === 'PLANT')).toBe(true);
    const group = types.find((type) => type.Code === 'GROUP')!;
    await deleteOrganizationType(group.Id);
    expect((await loadOrganizationTypes()).map((type) => type.Code)).toEqual(['PLANT', 'WAREHOUSE']);
  });
});
