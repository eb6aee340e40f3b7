/**
 * The Inspection documents screen (/quality/document): the DataGrid of the documents (declared in
 * src/shared/pages/quality-document.ts), coded columns by their labels; a row click or 打开 opens the
 * document (InspectionDetail): its plan, sample reels, the results editor and the judgment.
 */
import { useMemo, useState } from 'react';
import { FolderOpenOutlined } from '@ant-design/icons';
import { useTranslation } from 'react-i18next';
import { ListRoutePage } from '../../../grid/ListRoutePage';
import { useInvalidateGrid } from '../../../grid/api/queries';
import type { GridRowAction } from '../../../grid/DataGrid';
import type { GridRow } from '../../../grid/model/types';
import { useGridFeedback } from '../../../grid/hooks/useGridFeedback';
import { qualityDocumentPage } from '../../../shared/pages/quality-document';
import { documentCellRenderers } from '../components/cells';
import { InspectionDetail } from '../components/InspectionDetail';

/** The row's document: its id where the source gives it, else its code (Iqc/DocumentGet takes either). */
const documentKeyOf = (row: GridRow) => String(row.id ?? row.doc_code);

export default function QualityDocumentPage() {
  const { t } = useTranslation('quality');
  const { t: tGrid } = useTranslation('grid');
  const feedback = useGridFeedback();
  const invalidate = useInvalidateGrid(qualityDocumentPage.link);
  const [openId, setOpenId] = useState<string | null>(null);
  const renderers = useMemo(() => documentCellRenderers(t), [t]);

  const open: GridRowAction = {
    key: 'open',
    label: t('open'),
    icon: <FolderOpenOutlined />,
    onClick: (rows) =>
      rows.length === 1 ? setOpenId(documentKeyOf(rows[0])) : feedback.warning(tGrid(rows.length ? 'rowAction.selectOne' : 'rowAction.selectFirst', { count: rows.length })),
  };

  return (
    <>
      <ListRoutePage page={qualityDocumentPage} rowActions={[open]} onRowClick={(row) => setOpenId(documentKeyOf(row))} cellRenderers={renderers} />
      <InspectionDetail id={openId} onClose={() => setOpenId(null)} onChanged={() => void invalidate('rows')} />
    </>
  );
}
