/**
 * The Loose-acceptance approval screen (/quality/loose-approval; spec §2 放宽接收审批): the rejected
 * inspection documents (view iqc_documents_rejected, declared in src/shared/pages/quality-loose-approval.ts)
 * as a DataGrid; 打开 (or a row click) shows the document, 放宽接收 releases its lot as a concession
 * (Iqc/LooseAccept, the reason required). The action is offered only to holders of 放宽接收审批, the
 * right the server checks on the call.
 */
import { useMemo, useState } from 'react';
import { CheckCircleOutlined, FolderOpenOutlined } from '@ant-design/icons';
import { ModalForm, ProFormTextArea } from '@ant-design/pro-components';
import { Alert } from 'antd';
import { useTranslation } from 'react-i18next';
import { useLanguage } from '../../../core/i18n/localizedTitle';
import { useAccess } from '../../../core/navigation/access';
import { ListRoutePage } from '../../../grid/ListRoutePage';
import { useInvalidateGrid } from '../../../grid/api/queries';
import type { GridRowAction } from '../../../grid/DataGrid';
import type { GridRow } from '../../../grid/model/types';
import { useGridFeedback } from '../../../grid/hooks/useGridFeedback';
import { useKeepsTyping } from '../../../core/forms/useKeepsTyping';
import { translate } from '../../../shared/messages/catalogue';
import { qualityLooseApprovalPage } from '../../../shared/pages/quality-loose-approval';
import { looseAccept } from '../api';
import { documentCellRenderers } from '../components/cells';
import { InspectionDetail } from '../components/InspectionDetail';

const keyOf = (row: GridRow) => String(row.id ?? row.doc_code);

export default function QualityLooseApprovalPage() {
  const { t } = useTranslation('quality');
  const { t: tGrid } = useTranslation('grid');
  const language = useLanguage();
  const feedback = useGridFeedback();
  const { has } = useAccess();
  const invalidate = useInvalidateGrid(qualityLooseApprovalPage.link);
  const [openId, setOpenId] = useState<string | null>(null);
  const [approving, setApproving] = useState<{ id: string; code: string } | null>(null);
  const keepsTyping = useKeepsTyping(approving !== null);
  const renderers = useMemo(() => documentCellRenderers(t), [t]);
  const mayApprove = has('QualityLooseApproval');

  const one = (rows: GridRow[], then: (row: GridRow) => void) =>
    rows.length === 1 ? then(rows[0]) : feedback.warning(tGrid(rows.length ? 'rowAction.selectOne' : 'rowAction.selectFirst', { count: rows.length }));

  const actions: GridRowAction[] = [
    { key: 'open', label: t('open'), icon: <FolderOpenOutlined />, onClick: (rows) => one(rows, (row) => setOpenId(keyOf(row))) },
    ...(mayApprove
      ? [{ key: 'loose', label: t('loose.action'), icon: <CheckCircleOutlined />, onClick: (rows: GridRow[]) => one(rows, (row) => setApproving({ id: keyOf(row), code: String(row.doc_code) })) }]
      : []),
  ];

  return (
    <>
      <ListRoutePage page={qualityLooseApprovalPage} rowActions={actions} onRowClick={(row) => setOpenId(keyOf(row))} cellRenderers={renderers} />
      <InspectionDetail id={openId} onClose={() => setOpenId(null)} onChanged={() => void invalidate('rows')} />
      <ModalForm<{ Reason?: string }>
        title={t('loose.title', { code: approving?.code ?? '' })}
        open={approving !== null}
        {...keepsTyping.formProps}
        modalProps={{ destroyOnHidden: true, onCancel: () => setApproving(null), ...keepsTyping.modalProps }}
        onFinish={async (values) => {
          if (!approving) return true;
          try {
            await looseAccept(approving.id, values.Reason?.trim() ?? '');
          } catch {
            return false;
          }
          feedback.success(t('loose.done', { code: approving.code }));
          setApproving(null);
          void invalidate('rows');
          return true;
        }}
      >
        <Alert type="warning" showIcon style={{ marginBottom: 16 }} message={t('loose.hint')} />
        <ProFormTextArea
          name="Reason"
          label={t('loose.reason')}
          fieldProps={{ rows: 3, maxLength: 2000 }}
          rules={[{ required: true, whitespace: true, message: translate(language, 'qualityLooseNeedsReason') }]}
        />
      </ModalForm>
    </>
  );
}
