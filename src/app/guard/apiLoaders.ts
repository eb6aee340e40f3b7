/** The bootstrap's loaders over the contract (src/api). */
import { api } from '../../api/client';
import { callLegacy, callWrapped } from '../../api/call';
import { loadFavourites } from '../../shell/favourites/api';
import type { BootstrapLoaders } from './bootstrap';

export const apiBootstrapLoaders: BootstrapLoaders = {
  loadApiPathConfig: async () => (await callWrapped(api.GET('/SysConfig/GetApiPathConfig'))) ?? {},
  loadChildApps: async () => (await callLegacy(api.GET('/SysApp/GetAll'))).rows,
  loadUserInfo: async () => callWrapped(api.POST('/Auth/GetUserInfoByToken')),
  loadRoleMenus: async (user, options) =>
    (await callWrapped(api.GET('/Role/LoadMenusByRoleId', { params: { query: { roleId: user.ROLE_ID } } }), options)) ?? [],
  loadRoleButtons: async () => (await callWrapped(api.GET('/Role/GetAllButtonByRoleId'))) ?? {},
  loadFavourites: (user, options) => loadFavourites(user.ID, options),
};
