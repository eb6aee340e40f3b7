import { useCallback, useMemo } from 'react';
import { useTranslation } from 'react-i18next';
import { useLanguage } from '../../core/i18n/localizedTitle';
import { useColumnConfig, useSearchFields, useTableColumns } from '../api/queries';
import { aggregatedFields, gridColumnSpecs, type CellLocale } from '../logic/columns';

/** Intl's name of the user's language, for digit grouping. */
const NUMBER_LOCALE = { 'zh-chs': 'zh-CN', en: 'en' } as const;

/**
 * What a list's configuration makes of its columns: the search-field settings, the user's column
 * configuration and the source's columns, read for the list, become the columns the grid shows
 * (caption, width, alignment, formatting), the fields the footer totals and the quick search's captions.
 */
export function useGridColumnModel(listRoute: string, userName: string) {
  const { t } = useTranslation('grid');
  const settings = useSearchFields(listRoute);
  const columnConfig = useColumnConfig(listRoute, userName);
  const configs = useMemo(() => columnConfig.data ?? [], [columnConfig.data]);
  // Always read: besides being the columns of a user without configuration, they tell which
  // columns hold days and instants (shown formatted, not as the rows' ISO text).
  const tableColumns = useTableColumns(listRoute, true);
  const settingRows = useMemo(() => settings.data ?? [], [settings.data]);

  const language = useLanguage();
  const cellLocale = useMemo<CellLocale>(() => ({ numberLocale: NUMBER_LOCALE[language], yes: t('yes'), no: t('no') }), [language, t]);
  const specs = useMemo(
    () => gridColumnSpecs(configs, tableColumns.data ?? [], settingRows, cellLocale),
    [configs, tableColumns.data, settingRows, cellLocale],
  );
  const footerFields = useMemo(() => aggregatedFields(specs, settingRows), [specs, settingRows]);
  // A setting's caption is the administrator's one text (Chinese in the seeded lists); in English a
  // quick-search field is labelled with its column's English caption, which the server has for both.
  const quickSearchCaption = useCallback(
    (setting: { FIELD_NAME: string; PARAM_CAPTION: string }) =>
      (language === 'en' ? tableColumns.data?.find((c) => c.COLUMN_NAME === setting.FIELD_NAME)?.COLUMN_CAPTION : undefined) ?? setting.PARAM_CAPTION,
    [language, tableColumns.data],
  );

  // Until the three have answered, the columns are not the list's yet (none, or the defaults instead of
  // the user's): the grid shows its rows only with their columns. isLoading, not isPending: a query that
  // does not run (no user yet) must not hold the grid.
  const loading = settings.isLoading || columnConfig.isLoading || tableColumns.isLoading;

  return { settingRows, configs, specs, footerFields, numberLocale: cellLocale.numberLocale, quickSearchCaption, loading };
}
