/**
 * The buttons the caller's role has on the admin screen being shown (spec §6 button permissions).
 * The server refuses the calls behind a missing button anyway (x-permission `Menu#Button`); hiding
 * them here only spares the user a '拒绝访问'.
 */
import { useMenuRoute } from '../../app/routes/menuRouteContext';
import { useMenuButtonCodes } from '../../grid/api/buttonCodes';

export type AdminButton = 'Save' | 'Delete' | 'Lock' | 'ResetPassword' | 'Export' | 'Permission';

export function useAdminButtons(): (button: AdminButton) => boolean {
  const menuRoute = useMenuRoute();
  const codes = useMenuButtonCodes(menuRoute?.menuId, true);
  return (button) => codes.includes(button);
}
