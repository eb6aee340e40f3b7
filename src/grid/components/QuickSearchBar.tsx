import { useMemo, useState, type KeyboardEvent } from 'react';
import { Button, Flex, Typography, theme } from 'antd';
import { SearchOutlined } from '@ant-design/icons';
import { useTranslation } from 'react-i18next';
import { newSearchCondition, withField } from '../logic/conditions';
import { byOrder } from '../logic/rows';
import { DATA_TYPE } from '../model/codes';
import type { ConditionValue, SearchCondition, SearchFieldSetting } from '../model/types';
import { ConditionValueEditor } from './ConditionValueEditor';

interface QuickSearchBarProps {
  listRoute: string;
  /** The list's search fields; those with IS_FAST_SEARCH Y are shown. */
  settings: readonly SearchFieldSetting[];
  /** The rows of the last quick search on this page: the inputs start with their values. */
  applied: readonly SearchCondition[];
  /** The fields' rows as last searched (empty values are skipped when the search is sent). */
  onSearch(conditions: SearchCondition[]): void;
  /** A field's label; by default its PARAM_CAPTION. */
  captionOf?(setting: SearchFieldSetting): string;
}

/** Wide enough for a part number or a date range's two ends. */
const FIELD_WIDTH = 200;
const RANGE_FIELD_WIDTH = 320;

/**
 * The quick search above the grid (spec §3 IS_FAST_SEARCH): one input per fast-search field, by its
 * DATA_TYPE (the advanced search's editors), with the field's action; Enter or 查询 searches. The
 * grid sends these conditions together with the advanced search's.
 */
export function QuickSearchBar({ listRoute, settings, applied, onSearch, captionOf = (setting) => setting.PARAM_CAPTION }: QuickSearchBarProps) {
  const { t } = useTranslation('grid');
  const { token } = theme.useToken();
  const fields = useMemo(() => byOrder(settings.filter((s) => s.IS_FAST_SEARCH === 'Y')), [settings]);
  // A page opened again (its tab closed and reopened) still searches with the last quick search: show it.
  const [values, setValues] = useState<Record<string, ConditionValue>>(() =>
    Object.fromEntries(applied.flatMap((row) => (row.PARAM_NAME ? [[row.PARAM_NAME, row.value]] : []))),
  );

  const rows = (): SearchCondition[] =>
    fields.map((setting) => {
      const row = withField(newSearchCondition(), setting);
      return setting.PARAM_NAME in values ? { ...row, value: values[setting.PARAM_NAME] } : row;
    });

  if (fields.length === 0) return null;

  const search = () => onSearch(rows());
  // Enter searches, except in a multi-line field (one value per line) and in an open dropdown.
  const onKeyDown = (event: KeyboardEvent) => {
    const target = event.target as HTMLElement;
    if (event.key !== 'Enter' || target.tagName === 'TEXTAREA' || target.getAttribute('aria-expanded') === 'true') return;
    search();
  };

  return (
    <Flex wrap gap={token.marginXS} align="center" style={{ marginBottom: token.marginXS }} onKeyDown={onKeyDown} data-grid-quick-search>
      {rows().map((row) => {
        const wide = row.DATA_TYPE === DATA_TYPE.dateRange || row.DATA_TYPE === DATA_TYPE.numberRange;
        const setting = fields.find((f) => f.PARAM_NAME === row.PARAM_NAME);
        const caption = setting ? captionOf(setting) : (row.PARAM_NAME ?? '');
        return (
          <Flex key={row.PARAM_NAME} align="center" gap={token.marginXXS}>
            <Typography.Text style={{ whiteSpace: 'nowrap' }}>{caption}</Typography.Text>
            <div style={{ width: wide ? RANGE_FIELD_WIDTH : FIELD_WIDTH }}>
              <ConditionValueEditor
                listRoute={listRoute}
                condition={row}
                ariaLabel={t('quickSearch.field', { field: caption })}
                onChange={(value) => setValues((current) => ({ ...current, [row.PARAM_NAME ?? '']: value }))}
              />
            </div>
          </Flex>
        );
      })}
      <Button type="primary" icon={<SearchOutlined />} onClick={search}>
        {t('quickSearch.search')}
      </Button>
    </Flex>
  );
}
