/**
 * The layer rule (eslint/layers.js, configured in eslint.config.js) bites: ESLint, with the repository's
 * own config, lints small fixtures placed (virtually) in the layers' folders. An upward import, a
 * cross-feature import, a server import of client code and an import of no file fail; downward
 * imports, imports inside a feature and the server's use of src/shared and the contract pass.
 */
import path from 'node:path';
import { ESLint } from 'eslint';
import { describe, expect, it } from 'vitest';

const root = path.resolve(import.meta.dirname, '../..');
const eslint = new ESLint({ cwd: root });

/** The layer rule's messages for `code` as if it were the file `file`. */
async function layerErrors(file: string, code: string): Promise<string[]> {
  const [result] = await eslint.lintText(code, { filePath: path.join(root, file) });
  return result.messages.filter((m) => m.ruleId === 'layers/import-direction').map((m) => m.message);
}

describe('layers/import-direction', () => {
  it('refuses an upward import: the api layer importing the app', async () => {
    const errors = await layerErrors('src/api/fixture.ts', "export { router } from '../app/router';\n");
    expect(errors).toEqual([
      "src/api/fixture.ts (api) imports src/app/router.tsx (app): api may import only core, shared, contract (layers import downward, README 'Layout').",
    ]);
  });

  it('refuses the bottom reaching up into the shell, and the grid into its sibling the shell', async () => {
    expect(await layerErrors('src/core/fixture.ts', "export type { ShellServices } from '../shell/services';\n")).toHaveLength(1);
    expect(await layerErrors('src/grid/fixture.ts', "export { TabsBar } from '../shell/tabs/TabsBar';\n")).toHaveLength(1);
  });

  it('refuses a feature importing another feature, a type-only import and a lazy import alike', async () => {
    const code = [
      "export { getUserInfo } from '../auth/api/user';",
      "export type { ChangePasswordInput } from '../auth/api/user';",
      "export const page = () => import('../home/pages/HomePage');",
    ].join('\n');
    const errors = await layerErrors('src/features/admin/fixture.ts', code);
    expect(errors).toHaveLength(3);
    expect(errors[0]).toContain('a feature never imports another feature');
  });

  it('refuses the server importing client code other than src/shared and the contract', async () => {
    const errors = await layerErrors('server/fixture.ts', "export { MasterDataPage } from '../src/grid/master/MasterDataPage.tsx';\n");
    expect(errors).toEqual([
      "server/fixture.ts (server) imports src/grid/master/MasterDataPage.tsx (grid): server may import only shared, contract (layers import downward, README 'Layout').",
    ]);
  });

  it('refuses an import that names no file', async () => {
    expect(await layerErrors('src/shell/fixture.ts', "export { nothing } from './no-such-module';\n")).toEqual([
      'src/shell/fixture.ts imports ./no-such-module, which names no file of the repository.',
    ]);
  });

  it('passes downward imports, imports within a feature, and the contract from anywhere', async () => {
    const grid = [
      "export { api } from '../api/client';",
      "export { useSessionStore } from '../core/session/store';",
      "export { isHttpUrl } from '../shared/http-url';",
      "export type { paths } from '../api/schema';",
    ].join('\n');
    expect(await layerErrors('src/grid/fixture.ts', grid)).toEqual([]);
    const feature = [
      "export { encryptPassword } from '../../api/password';",
      "export { DataGrid } from '../../grid/DataGrid';",
      "export { useShellServices } from '../../shell/services';",
      "export type { AdminUser } from './api';",
    ].join('\n');
    expect(await layerErrors('src/features/admin/fixture.ts', feature)).toEqual([]);
    expect(await layerErrors('src/core/fixture.ts', "export type { components } from '../api/schema';\n")).toEqual([]);
    const server = "export { isHttpUrl } from '../src/shared/http-url.ts';\nexport type { components } from '../src/api/schema';\n";
    expect(await layerErrors('server/fixture.ts', server)).toEqual([]);
    expect(await layerErrors('src/app/fixture.ts', "export { LoginPage } from '../features/auth/pages/LoginPage';\n")).toEqual([]);
  });
});
