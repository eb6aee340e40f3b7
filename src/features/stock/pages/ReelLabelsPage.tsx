/**
 * The reel barcode generation screen (/reel/generate, menu ReelGenerate; spec §2): the grid of the
 * organisation's reels (with their print count, date and printer) and, for the selected reels,
 * "print labels" (issue 17): the label preview dialog, printing through the local printer service
 * and downloading; 生成条码 (reels without a bill, then their labels offered) and, for one selected
 * reel, its edit dialog with its history. Scaffolded by `npm run gen -- page`; what the grid reads is
 * declared in src/shared/pages/reel-labels.ts.
 */
import { useState } from 'react';
import { BarcodeOutlined, EditOutlined, PrinterOutlined } from '@ant-design/icons';
import { useQueryClient } from '@tanstack/react-query';
import { App, Button } from 'antd';
import { useTranslation } from 'react-i18next';
import { ListRoutePage } from '../../../grid/ListRoutePage';
import type { GridRow } from '../../../grid/model/types';
import { reelLabelsPage } from '../../../shared/pages/reel-labels';
import { LabelPreviewDialog } from '../../../grid/stock/LabelPreviewDialog';
import { GenerateReelsForm } from '../components/GenerateReelsForm';
import { ReelEditDialog } from '../components/ReelEditDialog';

const reelCodeOf = (row: GridRow) => String(row[reelLabelsPage.list!.keyField] ?? row.REEL_CODE ?? '');

export default function ReelLabelsPage() {
  const { t } = useTranslation('printer');
  const { t: tStock } = useTranslation('stock');
  const { message, modal } = App.useApp();
  const queryClient = useQueryClient();
  const [reelCodes, setReelCodes] = useState<string[] | null>(null);
  const [generating, setGenerating] = useState(false);
  const [editing, setEditing] = useState<string | null>(null);
  // The grid reads its rows through the list call: a change shows once its queries are read again.
  const refreshGrid = () => void queryClient.invalidateQueries();
  const generated = (codes: string[]) => {
    refreshGrid();
    modal.confirm({
      title: tStock('reels.generated', { count: codes.length }),
      content: tStock('reels.printNow'),
      okText: tStock('reels.print'),
      cancelText: tStock('reels.later'),
      onOk: () => setReelCodes(codes),
    });
  };
  return (
    <>
      <ListRoutePage
        page={reelLabelsPage}
        toolbarExtra={
          <Button type="primary" icon={<BarcodeOutlined />} onClick={() => setGenerating(true)} data-testid="generate-reels">
            {tStock('reels.generate')}
          </Button>
        }
        rowActions={[
          {
            key: 'editReel',
            label: tStock('reels.edit'),
            icon: <EditOutlined />,
            onClick: (rows) => {
              const codes = rows.map(reelCodeOf).filter(Boolean);
              if (codes.length !== 1) message.warning(tStock('reels.selectOne'));
              else setEditing(codes[0]);
            },
          },
          {
            key: 'printLabels',
            label: t('labels.action'),
            icon: <PrinterOutlined />,
            onClick: (rows) => setReelCodes(rows.map(reelCodeOf).filter(Boolean)),
          },
        ]}
      />
      <LabelPreviewDialog open={reelCodes !== null} reelCodes={reelCodes ?? []} onClose={() => setReelCodes(null)} />
      <GenerateReelsForm open={generating} onOpenChange={setGenerating} onGenerated={generated} />
      <ReelEditDialog reelCode={editing} onClose={() => setEditing(null)} onSaved={refreshGrid} />
    </>
  );
}
