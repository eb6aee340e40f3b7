/**
 * The one bill-master page (spec §2 bill masters), registered once for the link 'bill/master': the
 * menu `Bill<CODE>` links `/bill/master?billType=<CODE>`, the shell opens /bill/master/<CODE> and
 * the type comes from the menu route's params. Its declaration (src/shared/bills/types) drives
 * everything: the grid of the type's bills (LIST_ROUTE `/bill/master/<CODE>`, so each type keeps its
 * own grid settings), the form's header fields and line columns, the actions offered. No per-type code.
 */
import { useCallback, useMemo, useState } from 'react';
import { App, Button, Empty, Result, Space, Tag } from 'antd';
import { CloudDownloadOutlined, PlusOutlined } from '@ant-design/icons';
import { useLocation } from 'react-router-dom';
import { useTranslation } from 'react-i18next';
import type { ButtonCode } from '../../../api/access-codes';
import { useAccess } from '../../../core/navigation/access';
import { useMenuRoute } from '../../../core/navigation/menuRouteContext';
import { useLanguage } from '../../../core/i18n/localizedTitle';
import { useInvalidateGrid } from '../../../grid/api/queries';
import { DataGrid, type GridCellRenderers } from '../../../grid/DataGrid';
import { ALL_GRID_BUTTON_CODES } from '../../../grid/model/codes';
import type { GridRow } from '../../../grid/model/types';
import type { BillAction } from '../../../shared/bills/actions';
import { BILL_STATUSES, type BillStatus } from '../../../shared/bills/statuses';
import { BILL_TYPE_DECLARATIONS } from '../../../shared/bills/types';
import { isErpSyncBillType } from '../../../shared/bills/erp-sync';
import { syncBillsFromErp, type Bill } from '../api';
import { BillDetail } from '../components/BillDetail';
import { BillForm } from '../components/BillForm';
import { useCanReadLedger } from '../model/access';
import { STATUS_COLOR, statusLabel } from '../model/labels';
import { billIdOf } from '../model/listRows';

/** The grid's height with a bill's details below it. */
const GRID_HEIGHT = 260;

const STATUS_TAG_STYLE = { maxWidth: '100%', overflow: 'hidden', textOverflow: 'ellipsis', verticalAlign: 'middle' } as const;

export default function BillMasterPage() {
  const { t } = useTranslation('bills');
  const language = useLanguage();
  const location = useLocation();
  const billType = useMenuRoute()?.params?.billType ?? location.pathname.split('/').filter(Boolean).at(-1) ?? '';
  const declaration = BILL_TYPE_DECLARATIONS.find((type) => type.code === billType);
  const listRoute = `/bill/master/${billType}`;
  const { can } = useAccess();
  const canReadLedger = useCanReadLedger();
  const gridButtons = useMemo(() => ALL_GRID_BUTTON_CODES.filter(can), [can]);
  const has = useCallback((action: BillAction) => can(action as ButtonCode), [can]);
  const invalidateGrid = useInvalidateGrid(listRoute);
  const [selectedId, setSelectedId] = useState<string>();
  const [editing, setEditing] = useState<{ bill?: Bill } | null>(null);
  const [syncing, setSyncing] = useState(false);
  const { message } = App.useApp();

  /** Sync-create from ERP (x-permission billType(body.BillType)#Save); a refusal is shown by the client's error handling. */
  const syncFromErp = async () => {
    if (!isErpSyncBillType(billType)) return;
    setSyncing(true);
    try {
      const report = await syncBillsFromErp(billType);
      void message.success(t('page.syncDone', { created: report.Created.length, existing: report.Existing }));
      if (report.Problems.length) void message.warning(t('page.syncProblems', { count: report.Problems.length, detail: report.Problems.join('；') }), 8);
      void invalidateGrid('rows');
    } catch {
      // Shown already (the API client's error toast).
    } finally {
      setSyncing(false);
    }
  };

  const renderers = useMemo<GridCellRenderers>(
    () => ({
      status: (value) => {
        if (!BILL_STATUSES.includes(value as BillStatus)) return String(value ?? '');
        const label = statusLabel(value as BillStatus, language);
        // A long label ("Waiting to be received") ends in an ellipsis inside its column, not cut at its edge.
        return (
          <Tag color={STATUS_COLOR[value as BillStatus]} title={label} style={STATUS_TAG_STYLE}>
            {label}
          </Tag>
        );
      },
    }),
    [language],
  );

  if (!declaration) return <Result status="warning" title={t('page.unknownType', { type: billType })} />;
  const title = declaration.name[language];

  return (
    <Space direction="vertical" size="middle" style={{ width: '100%' }} data-testid="bill-master-page">
      <DataGrid
        // Another type is another list: nothing of one type's grid state carries over.
        key={listRoute}
        listRoute={listRoute}
        routePath={location.pathname}
        title={title}
        buttonCodes={gridButtons}
        bodyHeight={GRID_HEIGHT}
        cellRenderers={renderers}
        onRowClick={(row: GridRow) => setSelectedId(billIdOf(row))}
        onSelectionChange={(rows) => rows.length === 1 && setSelectedId(billIdOf(rows[0]))}
        toolbarExtra={
          declaration.actions.includes('Save') &&
          has('Save') && (
            <Space size={8}>
              <Button type="primary" icon={<PlusOutlined />} onClick={() => setEditing({})}>
                {t('page.newBill')}
              </Button>
              {isErpSyncBillType(billType) && (
                <Button icon={<CloudDownloadOutlined />} loading={syncing} onClick={() => void syncFromErp()}>
                  {t('page.syncFromErp')}
                </Button>
              )}
            </Space>
          )
        }
      />
      {selectedId ? (
        <BillDetail
          key={selectedId}
          declaration={declaration}
          billId={selectedId}
          has={has}
          canReadLedger={canReadLedger}
          onChanged={() => void invalidateGrid('rows')}
          onEdit={(bill) => setEditing({ bill })}
        />
      ) : (
        // A hint, not an outcome: the quiet Empty the receiving screen shows too, not a large status icon.
        <Empty description={t('page.pickBill')} style={{ padding: 24 }} />
      )}
      {editing && (
        <BillForm
          declaration={declaration}
          bill={editing.bill}
          open
          onOpenChange={(open) => !open && setEditing(null)}
          onSaved={(saved) => {
            setEditing(null);
            setSelectedId(saved.Id);
            void invalidateGrid('rows');
          }}
        />
      )}
    </Space>
  );
}
