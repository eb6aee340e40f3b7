/**
 * The portal's calls (openapi/paths/portal.yaml, issue 21): portal schemes (index, edit form,
 * design), the homepage configuration, and the caller's own home with its cards' data. The cards
 * themselves are master data (门户卡片管理, the MasterDataPage of PortalCard). A refusal toasts.
 */
import { useQuery, useQueryClient } from '@tanstack/react-query';
import { api, type ApiSchema } from '../../../api/client';
import { callPlain, callWrapped } from '../../../api/call';
import { REPORT_LOADING_LINK } from '../../../shared/reports/definition';

export type PortalScheme = ApiSchema<'PortalScheme'>;
export type PortalCardOption = ApiSchema<'PortalCardOption'>;
export type PortalLayoutItem = ApiSchema<'PortalLayoutItem'>;
export type HomeConfigRow = ApiSchema<'HomeConfigRow'>;
export type PortalHome = ApiSchema<'PortalHomeResponse'>['data'];

export const portalKeys = {
  all: ['portal'] as const,
  schemes: ['portal', 'schemes'] as const,
  homeConfig: ['portal', 'homeConfig'] as const,
  home: ['portal', 'home'] as const,
  cardData: (code: string) => ['portal', 'cardData', code] as const,
};

export const useSchemes = () => useQuery({ queryKey: portalKeys.schemes, queryFn: () => callWrapped(api.POST('/PortalScheme/LoadData', { body: {} })) });
export const saveScheme = (body: ApiSchema<'PortalSchemeSaveRequest'>) => callWrapped(api.POST('/PortalScheme/Save', { body }));
export const saveSchemeLayout = (body: ApiSchema<'PortalSchemeLayoutRequest'>) => callWrapped(api.POST('/PortalScheme/SaveLayout', { body }));
export const deleteScheme = (id: string) => callWrapped(api.POST('/PortalScheme/Delete', { body: { Id: id } }));

export const useHomeConfig = () => useQuery({ queryKey: portalKeys.homeConfig, queryFn: () => callWrapped(api.POST('/HomeConfig/LoadData', { body: {} })) });
export const saveHomeConfig = (body: ApiSchema<'HomeConfigSaveRequest'>) => callWrapped(api.POST('/HomeConfig/Save', { body }));
export const deleteHomeConfig = (id: string) => callWrapped(api.POST('/HomeConfig/Delete', { body: { Id: id } }));

/** The caller's home: a scheme, a path to go to, or NONE (the standard home). */
export const usePortalHome = () => useQuery({ queryKey: portalKeys.home, queryFn: () => callWrapped(api.GET('/Portal/Home')) });
export const useCardData = (code: string) =>
  useQuery({ queryKey: portalKeys.cardData(code), queryFn: () => callWrapped(api.POST('/Portal/CardData', { body: { Code: code } })) });

/** After a save: schemes, the configuration and the caller's home read again. */
export function useInvalidatePortal() {
  const client = useQueryClient();
  return () => client.invalidateQueries({ queryKey: portalKeys.all });
}

/**
 * A report card's figures: the report's first rows (its list's own call, granted by the report's
 * menu) as label/value pairs — its chart's x and first y when it has a chart, else its first text
 * and first number column — and how many rows it has.
 */
export const useReportCardData = (reportCode: string) =>
  useQuery({
    queryKey: ['portal', 'report', reportCode] as const,
    queryFn: async () => {
      const listRoute = `${REPORT_LOADING_LINK}/${reportCode}`;
      const [layout, page] = await Promise.all([
        callWrapped(api.GET('/Report/Layout', { params: { query: { LIST_ROUTE: listRoute } } })),
        callPlain(api.POST('/ListParam/QueryData', { body: { LIST_ROUTE: listRoute, Limit: 50 } })),
      ]);
      const rows = (page.data?.rows ?? []) as Record<string, unknown>[];
      const columns = Object.keys(rows[0] ?? {});
      const x = layout.Chart?.x ?? columns.find((c) => rows.some((r) => typeof r[c] === 'string'));
      const y = layout.Chart?.y[0] ?? columns.find((c) => c !== x && rows.every((r) => r[c] === null || Number.isFinite(Number(r[c]))));
      const pairs = x && y ? rows.map((r) => ({ Label: String(r[x] ?? ''), Value: Number(r[y] ?? 0) })) : [];
      return { rows: pairs, count: page.count ?? rows.length };
    },
  });
