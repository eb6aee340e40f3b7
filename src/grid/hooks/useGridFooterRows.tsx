import { useMemo } from 'react';
import { Table, Typography } from 'antd';
import { useTranslation } from 'react-i18next';
import { formatGroupedDecimalText, type GridColumnSpec } from '../logic/columns';
import { footerFromRows, footerFromServer, type AggregatedField } from '../logic/footer';
import type { FieldAggregates, GridRow } from '../model/types';

interface FooterRowsOptions {
  specs: readonly GridColumnSpec[];
  footerFields: readonly AggregatedField[];
  rows: readonly GridRow[] | undefined;
  /** The server's whole-result figures, when the answer has them. */
  aggregates: Record<string, FieldAggregates> | undefined;
  numberLocale: string;
}

/**
 * The fixed footer rows 合计 and 平均 (spec §9) as antd Table's `summary`. The server's
 * whole-result aggregates are used (QueryData wantAggregates), since a total over all pages is what
 * a user paging through a filtered list means; when a response carries none, the figures are over
 * the page's rows.
 */
export function useGridFooterRows({ specs, footerFields, rows, aggregates, numberLocale }: FooterRowsOptions) {
  const { t } = useTranslation('grid');
  const footer = useMemo(() => {
    if (!footerFields.length || !rows) return undefined;
    return aggregates ? footerFromServer(aggregates, footerFields) : footerFromRows(rows, footerFields);
  }, [footerFields, rows, aggregates]);

  return useMemo(() => {
    if (!footer) return undefined;
    const footerRow = (kind: 'sum' | 'avg') => (
      <Table.Summary.Row>
        <Table.Summary.Cell index={0}>
          <Typography.Text strong>{t(`footer.${kind}`)}</Typography.Text>
        </Table.Summary.Cell>
        {specs.map((spec, index) => (
          <Table.Summary.Cell key={spec.field} index={index + 1} align={spec.align}>
            {footer[kind][spec.field] === undefined ? '' : formatGroupedDecimalText(footer[kind][spec.field], numberLocale)}
          </Table.Summary.Cell>
        ))}
      </Table.Summary.Row>
    );
    const hasSum = footerFields.some((f) => f.aggregations.includes('sum'));
    const hasAvg = footerFields.some((f) => f.aggregations.includes('avg'));
    return () => (
      <Table.Summary fixed>
        {hasSum && footerRow('sum')}
        {hasAvg && footerRow('avg')}
      </Table.Summary>
    );
  }, [footer, footerFields, specs, t, numberLocale]);
}
