/** The grid button codes (spec §6) the user's role has on one menu. */
import { useQuery } from '@tanstack/react-query';
import { api } from '../../api/client';
import { callWrapped } from '../../api/call';

/** Menu id -> granted button codes, for the caller's role (Role/GetAllButtonByRoleId). */
export async function loadButtonMap(): Promise<Record<string, string[]>> {
  return (await callWrapped(api.GET('/Role/GetAllButtonByRoleId'))) ?? {};
}

const NO_CODES: readonly string[] = [];

/** The codes granted on `menuId`; none while loading, for an unknown menu, or when `enabled` is false. */
export function useMenuButtonCodes(menuId: string | undefined, enabled: boolean): readonly string[] {
  const map = useQuery({ queryKey: ['roleButtons'], queryFn: loadButtonMap, enabled: enabled && Boolean(menuId), staleTime: Infinity });
  return (menuId && map.data?.[menuId]) || NO_CODES;
}
