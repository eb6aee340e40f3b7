/**
 * The Stocktaking screen (/stocktake): the grid of count plans (code, status, scope, progress and
 * variances, from the view stocktake_plan_list; declared in src/shared/pages/stocktake.ts), 新建盘点 to
 * make a plan, and a row click or 打开 to count, re-count, approve and post one (StocktakeDetail). A plan
 * with no scope counts the whole warehouse: its empty scope is shown as such (全仓), not as a blank cell.
 */
import { useMemo, useState } from 'react';
import { FolderOpenOutlined, PlusOutlined } from '@ant-design/icons';
import { Button } from 'antd';
import { useTranslation } from 'react-i18next';
import { useAccess } from '../../../core/navigation/access';
import { ListRoutePage } from '../../../grid/ListRoutePage';
import { useInvalidateGrid } from '../../../grid/api/queries';
import type { GridCellRenderers, GridRowAction } from '../../../grid/DataGrid';
import type { GridRow } from '../../../grid/model/types';
import { useGridFeedback } from '../../../grid/hooks/useGridFeedback';
import { stocktakePage } from '../../../shared/pages/stocktake';
import { StocktakeCreateForm } from '../components/StocktakeCreateForm';
import { StocktakeDetail } from '../components/StocktakeDetail';

export default function StocktakePage() {
  const { t } = useTranslation('stocktake');
  const { t: tGrid } = useTranslation('grid');
  const { can } = useAccess();
  const feedback = useGridFeedback();
  const invalidate = useInvalidateGrid(stocktakePage.link);
  const [creating, setCreating] = useState(false);
  const [openId, setOpenId] = useState<string | null>(null);
  const planIdOf = (row: GridRow) => String(row.id);
  // The view's scope_text joins the plan's storage locations, locators and parts: empty, the plan counts them all.
  const renderers = useMemo<GridCellRenderers>(() => ({ scope_text: (value) => (value === null || value === undefined || value === '' ? t('scopeWhole') : String(value)) }), [t]);

  const open: GridRowAction = {
    key: 'open',
    label: t('open'),
    icon: <FolderOpenOutlined />,
    onClick: (rows) =>
      rows.length === 1 ? setOpenId(planIdOf(rows[0])) : feedback.warning(tGrid(rows.length ? 'rowAction.selectOne' : 'rowAction.selectFirst', { count: rows.length })),
  };

  return (
    <>
      <ListRoutePage
        page={stocktakePage}
        rowActions={[open]}
        onRowClick={(row) => setOpenId(planIdOf(row))}
        cellRenderers={renderers}
        toolbarExtra={
          can('Save') && (
            <Button type="primary" icon={<PlusOutlined />} onClick={() => setCreating(true)}>
              {t('create')}
            </Button>
          )
        }
      />
      <StocktakeCreateForm
        open={creating}
        onClose={() => setCreating(false)}
        onCreated={(plan) => {
          setCreating(false);
          void invalidate('rows');
          setOpenId(plan.Id);
        }}
      />
      <StocktakeDetail id={openId} onClose={() => setOpenId(null)} onChanged={() => void invalidate('rows')} />
    </>
  );
}
