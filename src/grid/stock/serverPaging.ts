/**
 * Paging on the server for the stock tables (the calls take Page and Limit and answer the count):
 * the page and size a table shows, back to the first page when what it lists changes (`resetKey`),
 * and antd's pagination for them. The sizes are every list's (spec §9: 200, 500, 1000), as a grid's.
 */
import { useState } from 'react';
import type { TablePaginationConfig } from 'antd';
import { useTranslation } from 'react-i18next';
import { DEFAULT_PAGE_SIZES } from '../../core/settings/settingsStore';

export function useServerPaging(resetKey: string) {
  const { t } = useTranslation('stock');
  const [paging, setPaging] = useState({ resetKey, page: 1 });
  const [limit, setLimit] = useState<number>(DEFAULT_PAGE_SIZES[0]);
  const page = paging.resetKey === resetKey ? paging.page : 1;
  const setPage = (next: number) => setPaging({ resetKey, page: next });
  /** `estimate`: the server counted only so far ("about N"). */
  const pagination = (total: number, estimate = false): TablePaginationConfig => ({
    current: page,
    pageSize: limit,
    total,
    pageSizeOptions: DEFAULT_PAGE_SIZES.map(String),
    showSizeChanger: true,
    showTotal: (count) => t(estimate ? 'totalAbout' : 'total', { count }),
    onChange: (nextPage, nextLimit) => {
      // Another page size starts at the first page.
      setPage(nextLimit === limit ? nextPage : 1);
      setLimit(nextLimit);
    },
  });
  return { page, limit, setPage, pagination };
}
