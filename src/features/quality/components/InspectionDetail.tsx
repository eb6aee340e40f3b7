/**
 * One inspection document (a drawer over the 检验单 grid; spec §2 quality inspection, §3, §5): the lot,
 * the plan per check item and per defect class, the sample reels to pull, and while it is pending the
 * results editor — the defects counted for an attribute item, up to 50 measurements for a variable one
 * (Enter moves to the next cell; values outside the limits are marked) — with the judgment computed
 * live by the same function the server records it with (src/shared/quality/judgment.ts). Save results
 * (Iqc/SaveResults) and Judge (Iqc/Judge): a reject included needs the description (§5's message).
 * A rejected document offers, to holders of 检验单's button 生成退货/报废单, its return-to-vendor or
 * scrap bill (Iqc/MakeBill, once; the bill's code shown on the document after).
 */
import { useMemo, useState, type KeyboardEvent } from 'react';
import { useQuery, useQueryClient } from '@tanstack/react-query';
import { ModalForm, ProFormRadio, ProFormTextArea } from '@ant-design/pro-components';
import { Alert, Button, Card, Drawer, Empty, Input, InputNumber, Popconfirm, Space, Spin, Tag, Tooltip, Typography } from 'antd';
import { useTranslation } from 'react-i18next';
import { useLanguage } from '../../../core/i18n/localizedTitle';
import { useAccess } from '../../../core/navigation/access';
import { useGridFeedback } from '../../../grid/hooks/useGridFeedback';
import { useKeepsTyping } from '../../../core/forms/useKeepsTyping';
import { useQuantityText } from '../../../grid/stock/format';
import { translate } from '../../../shared/messages/catalogue';
import { MAX_MEASUREMENTS, judge, judgedItemOf, outOfLimits, type JudgedItem } from '../../../shared/quality/judgment';
import { measurementNotNumber, measurementOf } from '../../../shared/quality/measurements';
import { judgeDocument, loadDocument, makeBill, saveResults, type InspectionDocument, type InspectionItem, type SaveResultsBody } from '../api';
import { problemPlaceOf } from '../../../api/problemPlace';
import { ClassTable, DocumentHeader, PlanTable } from './DocumentParts';
import { SpcChart } from './SpcChart';

/** What the inspector typed per check item: the defects, or the measurement cells as typed. */
type Draft = Record<string, { defects: number | null; cells: string[] }>;

const draftOf = (doc: InspectionDocument): Draft =>
  Object.fromEntries(doc.Items.map((item) => [item.CheckItemCode, { defects: item.Kind === 'ATTRIBUTE' ? item.Defects : null, cells: (item.Measurements ?? []).map(String) }]));

/** A typed cell that is not a number: the save is refused on it rather than sending the others without it. */
const isMistyped = (text: string) => text.trim() !== '' && measurementOf(text) === null;

/** The measurement cell a save was refused on, with the reason shown on it until its value changes. */
interface CellMark {
  code: string;
  cell: number;
  reason: string;
}

const measurementsOf = (cells: readonly string[]) => cells.map(measurementOf).filter((v): v is number => v !== null);

/** How many measurement cells an item offers: its sample size, at most 50 (and every value it has). */
const cellCountOf = (item: InspectionItem, cells: readonly string[]) => Math.max(Math.min(item.SampleSize, MAX_MEASUREMENTS), Math.min(cells.length, MAX_MEASUREMENTS), 1);

const judgedOf = (item: InspectionItem, draft: Draft[string] | undefined): JudgedItem => {
  const measurements = draft ? measurementsOf(draft.cells) : [];
  return judgedItemOf(item, {
    defects: draft?.defects ?? null,
    measurements: item.Kind === 'VARIABLE' && measurements.length ? measurements : null,
  });
};

/** Focus the editor's cell number `index` (Enter's next cell). */
function focusCell(index: number) {
  const next = document.querySelector<HTMLInputElement>(`input[data-qc-cell="${index}"]`);
  next?.focus();
  next?.select();
}

export interface InspectionDetailProps {
  /** The document's id or code (检验单号); null: closed. */
  id: string | null;
  onClose(): void;
  /** Something changed: the grid reloads. */
  onChanged(): void;
}

export function InspectionDetail({ id, onClose, onChanged }: InspectionDetailProps) {
  const { t } = useTranslation('quality');
  const quantity = useQuantityText();
  const language = useLanguage();
  const feedback = useGridFeedback();
  const client = useQueryClient();
  const queryKey = ['quality', 'document', id ?? ''] as const;
  const detail = useQuery({ queryKey, queryFn: () => loadDocument(id!), enabled: id !== null });
  const doc = detail.data;
  const [draft, setDraft] = useState<Draft>({});
  const [dirty, setDirty] = useState(false);
  const [busy, setBusy] = useState(false);
  const [judging, setJudging] = useState(false);
  const [mark, setMark] = useState<CellMark | null>(null);
  // The variable items whose SPC chart is shown.
  const [charts, setCharts] = useState<ReadonlySet<string>>(new Set());
  const toggleChart = (code: string) =>
    setCharts((shown) => {
      const next = new Set(shown);
      if (!next.delete(code)) next.add(code);
      return next;
    });

  // A (re)loaded document's results become the editor's (state adjusted while rendering, not in an effect).
  const [draftOfDoc, setDraftOfDoc] = useState<InspectionDocument | undefined>(undefined);
  if (doc && doc !== draftOfDoc) {
    setDraftOfDoc(doc);
    setDraft(draftOf(doc));
    setDirty(false);
    setMark(null);
  }

  const pending = doc?.Status === 'PENDING';
  const { has } = useAccess();
  const [making, setMaking] = useState<'RT' | 'BB' | null>(null);
  const mayMakeBill = doc?.Status === 'REJECTED' && !doc.MadeBillCode && has('QualityDocument', 'MakeBill');
  const make = async (billType: 'RT' | 'BB') => {
    if (!doc) return;
    setMaking(billType);
    try {
      const bill = await makeBill(doc.Id, billType);
      feedback.success(t('makeBill.made', { code: bill.BillCode }));
      loaded(await loadDocument(doc.Id));
    } catch {
      // The api layer showed the server's reason.
    } finally {
      setMaking(null);
    }
  };
  const judged = useMemo(() => (doc ? judge(doc.Items.map((item) => judgedOf(item, draft[item.CheckItemCode]))) : null), [doc, draft]);

  const edit = (code: string, change: Partial<Draft[string]>) => {
    setDraft((current) => ({ ...current, [code]: { ...(current[code] ?? { defects: null, cells: [] }), ...change } }));
    setDirty(true);
  };

  const loaded = (next: InspectionDocument) => {
    client.setQueryData(queryKey, next);
    onChanged();
  };

  /** Shows `reason` on the item's measurement cell `cell` (from 0) and puts the cursor in it, which brings it into view. */
  const markCell = (code: string, cell: number, reason: string) => {
    setMark({ code, cell, reason });
    const input = [...document.querySelectorAll<HTMLInputElement>('input[data-qc-item]')].find(
      (candidate) => candidate.dataset.qcItem === code && candidate.dataset.qcIndex === String(cell),
    );
    input?.focus();
  };

  const save = async () => {
    if (!doc) return;
    // A mistyped measurement refuses the whole save, on its cell (the server's rule and message), before anything is sent.
    for (const item of doc.Items) {
      const cells = item.Kind === 'VARIABLE' ? (draft[item.CheckItemCode]?.cells ?? []) : [];
      const cell = cells.findIndex(isMistyped);
      if (cell < 0) continue;
      const refusal = measurementNotNumber(item.Name, cell + 1, cells[cell]);
      markCell(item.CheckItemCode, cell, translate(language, refusal.messageKey, refusal.params));
      return;
    }
    // Each item sent with the editor cells its measurements came from (blank cells are not sent), so a refusal
    // the server places on an item's measurement (LineNo: its position in Items; Cell: in its Measurements) is
    // shown on the cell the inspector typed it in.
    const sent = doc.Items.flatMap((item): { request: SaveResultsBody['Items'][number]; cells: number[] }[] => {
      const entry = draft[item.CheckItemCode];
      if (item.Kind === 'ATTRIBUTE') return entry?.defects === null || entry?.defects === undefined ? [] : [{ request: { CheckItemCode: item.CheckItemCode, Defects: entry.defects }, cells: [] }];
      const typed = (entry?.cells ?? []).flatMap((text, cell) => {
        const value = measurementOf(text);
        return value === null ? [] : [{ cell, value }];
      });
      return typed.length ? [{ request: { CheckItemCode: item.CheckItemCode, Measurements: typed.map((m) => m.value) }, cells: typed.map((m) => m.cell) }] : [];
    });
    if (!sent.length) {
      feedback.warning(translate(language, 'qualityResultsMissing', { doc: doc.DocCode }));
      return;
    }
    const refusedCell = (error: unknown) => {
      const refused = problemPlaceOf(error);
      const line = refused?.place.Field === 'Measurements' && refused.place.LineNo ? sent[refused.place.LineNo - 1] : undefined;
      if (!refused || !line) return undefined;
      // Without a cell (none sent, or too many): the item's first cell.
      const cell = refused.place.Cell === undefined ? 0 : (line.cells[refused.place.Cell - 1] ?? 0);
      return { code: line.request.CheckItemCode, cell, reason: refused.reason };
    };
    setBusy(true);
    try {
      loaded(await saveResults({ Id: doc.Id, Items: sent.map((line) => line.request) }, { silent: (error) => refusedCell(error) !== undefined }));
      feedback.success(t('actions.saved'));
    } catch (error) {
      // A refusal on a measurement is shown on its cell; any other the api layer showed. What was typed stays.
      const refused = refusedCell(error);
      if (refused) markCell(refused.code, refused.cell, refused.reason);
    } finally {
      setBusy(false);
    }
  };

  // Cells are numbered through the whole editor so Enter walks from one item's last cell to the next item's first.
  let cellNumber = 0;
  const onEnter = (index: number) => (event: KeyboardEvent<HTMLInputElement>) => {
    if (event.key !== 'Enter') return;
    event.preventDefault();
    focusCell(index + 1);
  };

  const itemEditor = (item: InspectionItem, index: number) => {
    const entry = draft[item.CheckItemCode] ?? { defects: null, cells: [] };
    const verdict = judged?.itemJudgments[index] ?? null;
    const limit = (value: number | null) => (value === null ? t('results.noLimit') : value);
    const header = (
      <Space wrap>
        <Typography.Text strong>{item.Name}</Typography.Text>
        <Tag>{t(`kind.${item.Kind}`)}</Tag>
        <Tag>{`${t('plan.defectClass')} ${item.DefectClass}`}</Tag>
        {item.Kind === 'VARIABLE' && <Typography.Text type="secondary">{t('results.limits', { lower: limit(item.LowerLimit), upper: limit(item.UpperLimit), unit: item.Unit ?? '' })}</Typography.Text>}
        {item.ToolCode && <Typography.Text type="secondary">{t('results.tool', { tool: item.ToolCode })}</Typography.Text>}
      </Space>
    );
    const verdictTag = (
      <Tag data-testid={`judgment-${item.CheckItemCode}`} color={verdict === 'NG' ? 'error' : verdict === 'OK' ? 'success' : 'default'}>
        {`${t('results.judgment')}: ${t(`judgment.${verdict ?? 'none'}`)}`}
      </Tag>
    );
    if (item.Kind === 'ATTRIBUTE') {
      const number = cellNumber++;
      return (
        <Card key={item.CheckItemCode} size="small" title={header} extra={verdictTag}>
          <Space>
            <span>{t('results.defects')}</span>
            <InputNumber
              min={0}
              max={item.SampleSize}
              precision={0}
              disabled={!pending}
              value={entry.defects}
              aria-label={t('results.defectsCell', { item: item.Name })}
              data-qc-cell={number}
              onChange={(value) => edit(item.CheckItemCode, { defects: value === null ? null : Number(value) })}
              onKeyDown={onEnter(number)}
            />
            <Typography.Text type="secondary">{`/ ${item.SampleSize}`}</Typography.Text>
          </Space>
        </Card>
      );
    }
    const count = cellCountOf(item, entry.cells);
    const values = measurementsOf(entry.cells);
    const outside = values.filter((v) => outOfLimits(v, item.LowerLimit, item.UpperLimit)).length;
    return (
      <Card
        key={item.CheckItemCode}
        size="small"
        title={header}
        extra={
          <Space>
            <Typography.Text type={outside ? 'danger' : 'secondary'}>{t('results.outOfLimit', { count: outside })}</Typography.Text>
            {verdictTag}
            <Button size="small" onClick={() => toggleChart(item.CheckItemCode)}>
              {charts.has(item.CheckItemCode) ? t('spc.hide') : t('spc.show')}
            </Button>
          </Space>
        }
      >
        <Typography.Text type="secondary">{t('results.measurements', { count: values.length, max: Math.min(item.SampleSize, MAX_MEASUREMENTS) })}</Typography.Text>
        <div style={{ display: 'grid', gridTemplateColumns: 'repeat(10, minmax(64px, 1fr))', gap: 4, marginTop: 4 }}>
          {Array.from({ length: count }, (_, cell) => {
            const number = cellNumber++;
            const text = entry.cells[cell] ?? '';
            const value = measurementOf(text);
            const invalid = isMistyped(text);
            const out = value !== null && outOfLimits(value, item.LowerLimit, item.UpperLimit);
            const refused = mark?.code === item.CheckItemCode && mark.cell === cell ? mark.reason : null;
            return (
              <Tooltip key={cell} open={refused !== null} title={refused} color="red" placement="top">
              <Input
                size="small"
                inputMode="decimal"
                disabled={!pending}
                value={text}
                status={invalid || out ? 'error' : undefined}
                className={out ? 'qc-out-of-limit' : undefined}
                aria-label={t('results.measurementCell', { item: item.Name, index: cell + 1 })}
                aria-invalid={invalid || out}
                data-qc-cell={number}
                data-qc-item={item.CheckItemCode}
                data-qc-index={cell}
                onChange={(event) => {
                  const cells = [...entry.cells];
                  while (cells.length < cell) cells.push('');
                  cells[cell] = event.target.value;
                  edit(item.CheckItemCode, { cells });
                  if (refused !== null) setMark(null);
                }}
                onKeyDown={onEnter(number)}
              />
              </Tooltip>
            );
          })}
        </div>
        {charts.has(item.CheckItemCode) && doc && (
          <div style={{ marginTop: 8 }}>
            <SpcChart doc={doc} item={item} current={values} />
          </div>
        )}
      </Card>
    );
  };

  const samples = doc?.Reels.filter((reel) => reel.Sample) ?? [];

  return (
    <Drawer
      open={id !== null}
      onClose={onClose}
      width="80%"
      destroyOnHidden
      title={doc ? t('detailTitle', { code: doc.DocCode }) : t('detailTitle', { code: id ?? '' })}
      extra={
        doc && doc.MadeBillCode ? (
          <Tag color="processing" data-testid="made-bill">{t('makeBill.madeTag', { code: doc.MadeBillCode })}</Tag>
        ) : mayMakeBill ? (
          <Space>
            {(['RT', 'BB'] as const).map((billType) => (
              <Popconfirm key={billType} title={t(`makeBill.confirm${billType}`, { code: doc.DocCode })} onConfirm={() => make(billType)}>
                <Button danger={billType === 'BB'} loading={making === billType} disabled={making !== null}>
                  {t(billType === 'RT' ? 'makeBill.returnToVendor' : 'makeBill.scrap')}
                </Button>
              </Popconfirm>
            ))}
          </Space>
        ) : (
        doc &&
        pending && (
          <Space>
            <Button onClick={() => void save()} loading={busy} disabled={!dirty}>
              {t('actions.save')}
            </Button>
            <Button type="primary" onClick={() => (dirty ? feedback.warning(t('judge.unsaved')) : setJudging(true))}>
              {t('actions.judge')}
            </Button>
          </Space>
        ))
      }
    >
      {detail.isPending && id !== null ? (
        <Spin style={{ display: 'block', margin: 24 }} />
      ) : !doc ? (
        <Empty />
      ) : (
        <Space direction="vertical" size="middle" style={{ width: '100%' }}>
          <DocumentHeader doc={doc} />
          <Card size="small" title={t('plan.title')}>
            <PlanTable doc={doc} />
          </Card>
          <Card size="small" title={t('samples.title', { count: samples.length, total: doc.Reels.length })}>
            {samples.length ? (
              <Space wrap data-testid="sample-reels">
                {samples.map((reel) => (
                  <Tag key={reel.ReelCode}>{`${reel.ReelCode} × ${quantity(reel.Qty)}`}</Tag>
                ))}
              </Space>
            ) : (
              t('samples.none')
            )}
          </Card>
          <Card size="small" title={t('classes.title')} extra={judged?.result && <Tag color={judged.result === 'ACCEPT' ? 'success' : 'error'}>{t(`judge.computed`, { result: t(`resultValue.${judged.result}`) })}</Tag>}>
            <ClassTable classes={judged?.classes ?? []} />
          </Card>
          <Card size="small" title={t('results.title')} extra={pending && <Typography.Text type="secondary">{t('results.enterHint')}</Typography.Text>}>
            <Space direction="vertical" style={{ width: '100%' }}>
              {doc.Items.map(itemEditor)}
            </Space>
          </Card>
        </Space>
      )}
      {doc && judging && (
        <JudgeForm
          doc={doc}
          computed={judged?.result ?? null}
          onClose={() => setJudging(false)}
          onJudged={(next) => {
            setJudging(false);
            loaded(next);
            feedback.success(t('actions.judged'));
          }}
        />
      )}
    </Drawer>
  );
}

interface JudgeValues {
  Result: 'ACCEPT' | 'REJECT';
  Description?: string;
  OverrideReason?: string;
}

/** The judgment: accept or reject, the description (required when a reject is included, §5) and the reason for overriding the computed result. */
function JudgeForm({ doc, computed, onClose, onJudged }: { doc: InspectionDocument; computed: 'ACCEPT' | 'REJECT' | null; onClose(): void; onJudged(doc: InspectionDocument): void }) {
  const { t } = useTranslation('quality');
  const language = useLanguage();
  // Mounted on each opening: the choice starts at the computed result.
  const [result, setResult] = useState<'ACCEPT' | 'REJECT'>(computed ?? 'ACCEPT');
  const rejectIncluded = result === 'REJECT' || computed === 'REJECT';
  const overriding = computed !== null && result !== computed;
  const keepsTyping = useKeepsTyping(true);
  return (
    <ModalForm<JudgeValues>
      title={t('judge.title', { code: doc.DocCode })}
      open
      initialValues={{ Result: computed ?? 'ACCEPT' }}
      modalProps={{ destroyOnHidden: true, onCancel: onClose, ...keepsTyping.modalProps }}
      onValuesChange={(changed: Partial<JudgeValues>) => {
        keepsTyping.edited();
        if (changed.Result) setResult(changed.Result);
      }}
      onFinish={async (values) => {
        try {
          onJudged(
            await judgeDocument({
              Id: doc.Id,
              Result: values.Result,
              Description: values.Description?.trim() || null,
              OverrideReason: values.OverrideReason?.trim() || null,
            }),
          );
          return true;
        } catch {
          return false;
        }
      }}
    >
      <Alert
        type={computed === 'REJECT' ? 'error' : computed === 'ACCEPT' ? 'success' : 'info'}
        showIcon
        style={{ marginBottom: 16 }}
        message={computed ? t('judge.computed', { result: t(`resultValue.${computed}`) }) : t('judge.computedNone')}
      />
      <ProFormRadio.Group
        name="Result"
        label={t('judge.result')}
        radioType="button"
        options={(['ACCEPT', 'REJECT'] as const).map((value) => ({ value, label: t(`resultValue.${value}`) }))}
      />
      <ProFormTextArea
        name="Description"
        label={t('judge.description')}
        fieldProps={{ rows: 3, maxLength: 2000 }}
        rules={rejectIncluded ? [{ required: true, whitespace: true, message: translate(language, 'qualityRejectNeedsDescription') }] : []}
      />
      {overriding && (
        <ProFormTextArea
          name="OverrideReason"
          label={t('judge.overrideReason')}
          extra={t('judge.overrideHint')}
          fieldProps={{ rows: 2, maxLength: 2000 }}
          rules={[{ required: true, whitespace: true, message: translate(language, 'qualityOverrideNeedsReason') }]}
        />
      )}
    </ModalForm>
  );
}
