/**
 * The reel barcode generation screen (/reel/generate, menu ReelGenerate; spec §2): the grid of the
 * organisation's reels (with their print count, date and printer) and, for the selected reels,
 * "print labels" (issue 17): the label preview dialog, printing through the local printer service
 * and downloading. Scaffolded by `npm run gen -- page`; what the grid reads is declared in
 * src/shared/pages/reel-labels.ts.
 */
import { useState } from 'react';
import { PrinterOutlined } from '@ant-design/icons';
import { useTranslation } from 'react-i18next';
import { ListRoutePage } from '../../../grid/ListRoutePage';
import type { GridRow } from '../../../grid/model/types';
import { reelLabelsPage } from '../../../shared/pages/reel-labels';
import { LabelPreviewDialog } from '../../../grid/stock/LabelPreviewDialog';

const reelCodeOf = (row: GridRow) => String(row[reelLabelsPage.list!.keyField] ?? row.REEL_CODE ?? '');

export default function ReelLabelsPage() {
  const { t } = useTranslation('printer');
  const [reelCodes, setReelCodes] = useState<string[] | null>(null);
  return (
    <>
      <ListRoutePage
        listRoute={reelLabelsPage.link}
        rowActions={[
          {
            key: 'printLabels',
            label: t('labels.action'),
            icon: <PrinterOutlined />,
            onClick: (rows) => setReelCodes(rows.map(reelCodeOf).filter(Boolean)),
          },
        ]}
      />
      <LabelPreviewDialog open={reelCodes !== null} reelCodes={reelCodes ?? []} onClose={() => setReelCodes(null)} />
    </>
  );
}
