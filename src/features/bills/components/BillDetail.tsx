/**
 * One bill under the page's grid: its header, the action toolbar, the scan box while receipt or
 * pick is offered, and the tabs — lines (with their actions), reels on the bill (with their undo),
 * the stock it moved (the ledger of the bill) and its action log. Every action refreshes the bill
 * and the stock; all of it is driven by the type's declaration and the shared action table.
 */
import { useRef, useState } from 'react';
import { Alert, App, Button, Card, Descriptions, Empty, Result, Space, Spin, Tabs, Tag, Typography } from 'antd';
import { EditOutlined, PrinterOutlined } from '@ant-design/icons';
import { useTranslation } from 'react-i18next';
import { useLanguage } from '../../../core/i18n/localizedTitle';
import { useAccess } from '../../../core/navigation/access';
import { LabelPreviewDialog } from '../../../grid/stock/LabelPreviewDialog';
import { instantText, useQuantityText } from '../../../grid/stock/format';
import { StockLedgerTable } from '../../../grid/stock/StockLedgerTable';
import { actionAccepts, type BillAction } from '../../../shared/bills/actions';
import type { BillTypeDeclaration } from '../../../shared/bills/declaration';
import { BILL_HEADER_FIELDS, BILL_HEADER_NAMES, isNamedBillHeaderField, type BillHeaderField } from '../../../shared/bills/fields';
import { codeWithName } from '../../../core/format/master-code';
import { quantityOf } from '../../../shared/quantity';
import { receiveByLabel, runBillAction, suggestCell, useBill, useRefreshBill, type ActionTarget, type Bill, type BillActionResult } from '../api';
import { lineActions, reelActions, scanAction, type HasButton, type ScanAction } from '../model/billActions';
import { actionLabel, headerFieldLabel, STATUS_COLOR, statusLabel } from '../model/labels';
import { BillActionToolbar } from './BillActionToolbar';
import { BillBoxesTable, BillLinesTable, BillLogTable } from './BillTables';
import { ScanBox, refusalText, type ScanOutcome } from '../../../grid/scan/ScanBox';
import { PutAwayPrompt, receiptScan, withoutPutAway, withPutAway, type PutAway } from './PutAway';

export interface BillDetailProps {
  declaration: BillTypeDeclaration;
  billId: string;
  has: HasButton;
  /** The user may read the stock ledger (a stock screen's menu): the stock tab shows it. */
  canReadLedger: boolean;
  /** After any change: the page refreshes its grid. */
  onChanged?(): void;
  onEdit?(bill: Bill): void;
  /** Only what receiving needs: the header, the scan box, the lines and reels (the goods-receiving screen). */
  compact?: boolean;
}

/** A header field as the detail shows it: a master record's code with its name (V0001 华强电子), other fields as they are. */
function headerFieldText(bill: Bill, field: BillHeaderField): string {
  const values = bill as unknown as Record<string, string | null | undefined>;
  const value = values[BILL_HEADER_FIELDS[field].wire] ?? '';
  return isNamedBillHeaderField(field) ? codeWithName(value, values[BILL_HEADER_NAMES[field].wire]) : value;
}

/** The reels of a bill in a box status, counted. */
const countBoxes = (bill: Bill, statuses: readonly string[]) => bill.Boxes.filter((box) => statuses.includes(box.Status)).length;

/** No reel waits for receipt and no open line lacks quantity (a vendor's label could still be received onto it). */
const nothingToReceive = (bill: Bill) =>
  !bill.Boxes.some((box) => box.Status === 'CREATED') && !bill.Lines.some((line) => line.Status === 'OPEN' && quantityOf(line.BalanceQty).gt(0));

export function BillDetail({ declaration, billId, has, canReadLedger, onChanged, onEdit, compact = false }: BillDetailProps) {
  const { t } = useTranslation('bills');
  const language = useLanguage();
  const { message } = App.useApp();
  const quantity = useQuantityText();
  const bill = useBill(billId);
  const refreshBill = useRefreshBill();
  const [tab, setTab] = useState('lines');
  const { t: tPrinter } = useTranslation('printer');
  const access = useAccess();
  // Reel labels (Reel/Label, Reel/PrintLabel) are the reel screens' calls: offered to their users.
  const canPrintLabels = access.has('ReelGenerate') || access.has('WarehouseReel');
  const [printing, setPrinting] = useState(false);
  // Put-to-light: the reels waiting for their put-away into the cells lit for them, per bill, the newest first
  // (PutAway.tsx). The state draws them; its ref twin is what a scan reads (scans are queued and worked after
  // the render they were made in, so a second scan must see the put-away the first one just added).
  const [waitingPutAways, setWaitingPutAways] = useState<ReadonlyMap<string, readonly PutAway[]>>(new Map());
  const latestPutAways = useRef(waitingPutAways);
  const [puttingAway, setPuttingAway] = useState(false);

  if (bill.isPending) return <Spin style={{ display: 'block', margin: 24 }} />;
  if (bill.isError || !bill.data) return <Result status="warning" title={bill.error?.message ?? t('detail.notFound')} />;
  const current = bill.data;

  // The put-aways waiting are this bill's (the detail may be shown for another bill since).
  const putAwaysOf = (id: string) => latestPutAways.current.get(id) ?? [];
  const setPutAways = (id: string, next: readonly PutAway[]) => {
    const all = new Map(latestPutAways.current).set(id, next);
    latestPutAways.current = all;
    setWaitingPutAways(all);
  };
  const putAways = waitingPutAways.get(current.Id) ?? [];

  const refresh = async () => {
    await refreshBill(current.Id);
    onChanged?.();
  };

  /** What an action did, in words: its name, what it made or moved, the bill's status now. */
  const outcomeText = (action: BillAction, result: BillActionResult) => {
    const label = actionLabel(action, language);
    const status = statusLabel(result.Status, language);
    return result.Reels.length
      ? t('action.doneWithReels', { action: label, count: result.Reels.length, status })
      : t('action.done', { action: label, status });
  };

  const act = async (action: Exclude<BillAction, 'Save'>, target: ActionTarget = {}) => {
    const result = await runBillAction(action, current.Id, target);
    message.success(outcomeText(action, result));
    await refresh();
    return result;
  };

  const scan = (action: ScanAction) => async (reelCode: string): Promise<ScanOutcome> => {
    // The scan box shows the refusal itself: no toast on top of it.
    // Done on the bill already (received / picked before): the server answers it as once; the box says so.
    const doneStatuses: readonly string[] = action === 'ConfirmReceipt' ? ['RECEIVED'] : ['PICKED', 'MOVED'];
    const doneAlready = current.Boxes.some((box) => box.ReelCode === reelCode && doneStatuses.includes(box.Status));
    try {
      let result: BillActionResult;
      let putInto: PutAway | null = null;
      if (action === 'ConfirmReceipt') {
        const waiting = current.Boxes.some((box) => box.ReelCode === reelCode && box.Status === 'CREATED');
        const step = await receiptScan(reelCode, putAwaysOf(current.Id), waiting, {
          suggest: (code) => suggestCell(current.Id, { ReelCode: code }, { silent: true }),
          receive: (code, toLoc) => receiveByLabel(current.Id, code, { silent: true }, toLoc),
        });
        if (step.kind === 'suggested') {
          setPutAways(current.Id, withPutAway(putAwaysOf(current.Id), step.putAway));
          return { message: t('putAway.suggested', { rack: step.putAway.rackCode, cell: step.putAway.cellCode }), pending: true };
        }
        result = step.result;
        putInto = step.putAway;
        if (putInto) setPutAways(current.Id, withoutPutAway(putAwaysOf(current.Id), putInto.reelCode));
      } else {
        result = await runBillAction(action, current.Id, { ReelCode: reelCode }, { silent: true });
      }
      if (doneAlready) return { message: t('scan.again'), repeat: true };
      const reel = result.Reels.find((r) => r.ReelCode === reelCode) ?? result.Reels[0];
      const done = reel
        ? t(`scan.done.${action}`, { qty: quantity(reel.Qty), part: reel.PartCode, line: reel.LineNo })
        : actionLabel(action, language);
      const where = putInto ? ` ${t('putAway.putInto', { rack: putInto.rackCode, cell: putInto.cellCode })}` : '';
      return { message: (reel?.IqcFlag ? `${done} ${t('scan.toInspection')}` : done) + where };
    } finally {
      void refresh();
    }
  };

  /** Done on the put-away prompt: the newest reel waiting is received into its cell (as scanning it again does). */
  const putAwayDone = async () => {
    const [putAway] = putAways;
    if (!putAway) return;
    setPuttingAway(true);
    try {
      await receiveByLabel(current.Id, putAway.reelCode, { silent: true }, putAway.locatorCode);
      message.success(t('putAway.putInto', { rack: putAway.rackCode, cell: putAway.cellCode }));
      setPutAways(current.Id, withoutPutAway(putAwaysOf(current.Id), putAway.reelCode));
      await refresh();
    } catch (error) {
      message.error(refusalText(error));
    } finally {
      setPuttingAway(false);
    }
  };

  const scanning = scanAction(declaration, current.Status, has);
  const editable = declaration.actions.includes('Save') && actionAccepts('Save', current.Status) && has('Save');
  const headerItems = declaration.headerFields.map((field) => ({
    key: field,
    label: headerFieldLabel(field, language),
    children: headerFieldText(current, field),
  }));

  const progress =
    scanning === 'ConfirmReceipt'
      ? { title: t('scan.received'), value: `${countBoxes(current, ['RECEIVED'])} / ${countBoxes(current, ['CREATED', 'RECEIVED'])}` }
      : scanning === 'Pick'
        ? { title: t('scan.picked'), value: String(countBoxes(current, ['PICKED', 'MOVED'])) }
        : undefined;
  // Receipt is still offered on a bill with nothing left to receive (it stays open until closed): say so
  // above the box (which stays, with the feedback of the last scans).
  const allReceived = scanning === 'ConfirmReceipt' && nothingToReceive(current);

  const lines = (
    <BillLinesTable
      declaration={declaration}
      lines={current.Lines}
      actionsOf={(line) => (compact ? [] : lineActions(declaration, current.Status, has, line))}
      onAction={(action, line) => void act(action as Exclude<BillAction, 'Save'>, { LineNo: line.LineNo }).catch(() => undefined)}
    />
  );
  const boxes = (
    <Space direction="vertical" style={{ width: '100%' }}>
      {canPrintLabels && current.Boxes.length > 0 && (
        <Button icon={<PrinterOutlined />} onClick={() => setPrinting(true)} data-testid="bill-print-labels">
          {tPrinter('labels.action')}
        </Button>
      )}
      <BillBoxesTable
        boxes={current.Boxes}
        actionsOf={(box) => (compact ? [] : reelActions(declaration, current.Status, has, box))}
        onAction={(action, box) => void act(action as Exclude<BillAction, 'Save'>, { ReelCode: box.ReelCode }).catch(() => undefined)}
      />
      <LabelPreviewDialog
        open={printing}
        reelCodes={current.Boxes.map((box) => box.ReelCode)}
        onPrinted={() => void refreshBill(current.Id)}
        onClose={() => setPrinting(false)}
      />
    </Space>
  );

  return (
    <Card
      size="small"
      data-testid="bill-detail"
      title={
        <Space wrap>
          <Typography.Text strong data-testid="bill-code">
            {current.BillCode}
          </Typography.Text>
          <Tag color={STATUS_COLOR[current.Status]} data-testid="bill-status">
            {statusLabel(current.Status, language)}
          </Tag>
        </Space>
      }
      extra={
        !compact &&
        editable && (
          <Button icon={<EditOutlined />} onClick={() => onEdit?.(current)}>
            {t('detail.edit')}
          </Button>
        )
      }
    >
      <Space direction="vertical" size="middle" style={{ width: '100%' }}>
        <Descriptions size="small" column={{ xs: 1, sm: 2, lg: 4 }} items={[...headerItems, { key: 'created', label: t('detail.created'), children: `${current.CreatedBy} ${instantText(current.CreatedAt)}` }]} />
        {!compact && <BillActionToolbar declaration={declaration} status={current.Status} has={has} onAction={act} />}
        {scanning && (
          <Space direction="vertical" style={{ width: '100%' }}>
            {allReceived && <Alert type="success" showIcon message={t('scan.allReceived')} data-testid="scan-all-received" />}
            <ScanBox key={`${current.Id}-${scanning}`} label={t(`scan.label.${scanning}`)} onScan={scan(scanning)} progress={progress} />
            {scanning === 'ConfirmReceipt' && putAways.length > 0 && <PutAwayPrompt putAways={putAways} busy={puttingAway} onDone={() => void putAwayDone()} />}
          </Space>
        )}
        <Tabs
          activeKey={tab}
          onChange={setTab}
          items={[
            { key: 'lines', label: t('detail.tabs.lines', { count: current.Lines.length }), children: lines },
            { key: 'boxes', label: t('detail.tabs.boxes', { count: current.Boxes.length }), children: boxes },
            ...(compact
              ? []
              : [
                  {
                    key: 'stock',
                    label: t('detail.tabs.stock'),
                    children: canReadLedger ? <StockLedgerTable filter={{ BillCode: current.BillCode }} hide={['BillCode']} /> : <Empty description={t('detail.noLedgerAccess')} />,
                  },
                  { key: 'log', label: t('detail.tabs.log', { count: current.Log.length }), children: <BillLogTable log={current.Log} /> },
                ]),
          ]}
        />
      </Space>
    </Card>
  );
}
