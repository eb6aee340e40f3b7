/**
 * pro-components' ProTable with the portal's search words: its search form says 搜索 / 重置 (Search / Reset) as the
 * grids' quick search and the stock screens do, not ProTable's own 查询. Every screen imports ProTable from here,
 * so the words are set once (a ProConfigProvider in the shell would have put pro-components into the shell's chunk).
 */
import { ProTable as ProComponentsTable, type ParamsType, type ProTableProps } from '@ant-design/pro-components';
import { useTranslation } from 'react-i18next';

export function ProTable<Row extends Record<string, unknown>, Params extends ParamsType = ParamsType, ValueType = 'text'>({
  search,
  ...props
}: ProTableProps<Row, Params, ValueType>) {
  const { t } = useTranslation('grid');
  const words = { searchText: t('quickSearch.search'), resetText: t('quickSearch.reset') };
  return <ProComponentsTable<Row, Params, ValueType> {...props} search={search === false ? false : { ...words, ...search }} />;
}
