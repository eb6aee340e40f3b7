/**
 * The Stocktaking screen (/stocktake): the grid of count plans (code, status, scope, progress and
 * variances, from the view stocktake_plan_list; declared in src/shared/pages/stocktake.ts), 新建盘点 to
 * make a plan, and 打开 to count, re-count, approve and post one (StocktakeDetail).
 */
import { useState } from 'react';
import { FolderOpenOutlined, PlusOutlined } from '@ant-design/icons';
import { Button } from 'antd';
import { useTranslation } from 'react-i18next';
import { useAccess } from '../../../core/navigation/access';
import { ListRoutePage } from '../../../grid/ListRoutePage';
import { useInvalidateGrid } from '../../../grid/api/queries';
import type { GridRowAction } from '../../../grid/DataGrid';
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

  const open: GridRowAction = {
    key: 'open',
    label: t('open'),
    icon: <FolderOpenOutlined />,
    onClick: (rows) =>
      rows.length === 1 ? setOpenId(String(rows[0].id)) : feedback.warning(tGrid(rows.length ? 'rowAction.selectOne' : 'rowAction.selectFirst', { count: rows.length })),
  };

  return (
    <>
      <ListRoutePage
        listRoute={stocktakePage.link}
        rowActions={[open]}
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
