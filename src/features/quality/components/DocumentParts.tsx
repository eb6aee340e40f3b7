/**
 * The parts of an inspection document shown on the detail drawer and on the printable report alike:
 * its header, the plan per check item (ISO 2859-1 code letter, sample size, Ac/Re at the document's
 * severity) and the judgment per defect class. Coded values are shown by their labels, never raw.
 */
import { Descriptions, Table, Tag } from 'antd';
import { useTranslation } from 'react-i18next';
import { aqlColumn, isInspectionLevel, samplePlan } from '../../../shared/quality/iso2859';
import type { ClassJudgment } from '../../../shared/quality/judgment';
import type { InspectionDocument, InspectionItem } from '../api';
import { formatTime } from '../../../core/format/time';

export const STATUS_COLOURS = { PENDING: 'processing', ACCEPTED: 'success', REJECTED: 'error', CONCESSION: 'warning' } as const;

/** The Table 1 code letter of an item's plan (what the document does not store), when the level and AQL are the standard's. */
export function codeLetterOf(doc: Pick<InspectionDocument, 'LotSize' | 'Level' | 'Severity'>, item: Pick<InspectionItem, 'Aql'>): string | null {
  if (!doc.Level || !isInspectionLevel(doc.Level) || aqlColumn(item.Aql) < 0) return null;
  return samplePlan({ lotSize: Math.max(2, Math.round(doc.LotSize)), level: doc.Level, aql: item.Aql, severity: doc.Severity }).codeLetter;
}

/** A date and time in the user's locale (none: a dash). */
/** A time on the inspection, as the portal shows times (the same in both languages), or '-' when not yet. */
export const instant = (value: string | null) => formatTime(value) || '-';

export function DocumentHeader({ doc, column = 3 }: { doc: InspectionDocument; column?: number }) {
  const { t } = useTranslation('quality');
  const dash = (value: string | number | null) => (value === null || value === '' ? '-' : value);
  const items = [
    { key: 'docCode', children: doc.DocCode },
    { key: 'billCode', children: doc.BillCode },
    { key: 'partCode', children: doc.PartCode },
    { key: 'lotCode', children: dash(doc.LotCode) },
    { key: 'vendorCode', children: dash(doc.VendorCode) },
    { key: 'lotSize', children: doc.LotSize },
    { key: 'reelCount', children: doc.ReelCount },
    { key: 'level', children: dash(doc.Level) },
    { key: 'severity', children: t(`severity.${doc.Severity}`) },
    { key: 'status', children: <Tag color={STATUS_COLOURS[doc.Status]}>{t(`status.${doc.Status}`)}</Tag> },
    { key: 'computedResult', children: doc.ComputedResult ? t(`resultValue.${doc.ComputedResult}`) : '-' },
    { key: 'result', children: doc.Result ? t(`resultValue.${doc.Result}`) : '-' },
    { key: 'judgedBy', children: dash(doc.JudgedBy) },
    { key: 'judgedAt', children: instant(doc.JudgedAt) },
    { key: 'description', children: dash(doc.Description) },
    ...(doc.OverrideReason ? [{ key: 'overrideReason', children: doc.OverrideReason }] : []),
    ...(doc.LooseBy
      ? [
          { key: 'looseBy', children: doc.LooseBy },
          { key: 'looseAt', children: instant(doc.LooseAt) },
          { key: 'looseReason', children: dash(doc.LooseReason) },
        ]
      : []),
  ];
  return <Descriptions size="small" bordered column={column} items={items.map((item) => ({ ...item, label: t(`field.${item.key}`) }))} />;
}

export function PlanTable({ doc }: { doc: InspectionDocument }) {
  const { t } = useTranslation('quality');
  return (
    <Table<InspectionItem>
      size="small"
      pagination={false}
      rowKey="CheckItemCode"
      dataSource={doc.Items}
      columns={[
        { title: t('plan.item'), dataIndex: 'Name' },
        { title: t('plan.kind'), dataIndex: 'Kind', render: (kind: InspectionItem['Kind']) => t(`kind.${kind}`) },
        { title: t('plan.defectClass'), dataIndex: 'DefectClass' },
        { title: t('plan.aql'), dataIndex: 'Aql' },
        { title: t('plan.codeLetter'), key: 'letter', render: (_, item) => codeLetterOf(doc, item) ?? '-' },
        {
          title: t('plan.sampleSize'),
          dataIndex: 'SampleSize',
          render: (size: number) => (size >= doc.LotSize ? `${size} (${t('plan.fullInspection')})` : size),
        },
        { title: t('plan.ac'), dataIndex: 'Ac' },
        { title: t('plan.re'), dataIndex: 'Re' },
        { title: t('plan.severity'), key: 'severity', render: () => t(`severity.${doc.Severity}`) },
      ]}
    />
  );
}

export function ClassTable({ classes }: { classes: readonly ClassJudgment[] }) {
  const { t } = useTranslation('quality');
  return (
    <Table<ClassJudgment>
      size="small"
      pagination={false}
      rowKey="defectClass"
      dataSource={[...classes]}
      locale={{ emptyText: t('classes.empty') }}
      columns={[
        { title: t('plan.defectClass'), dataIndex: 'defectClass' },
        { title: t('plan.sampleSize'), dataIndex: 'sampleSize' },
        { title: t('plan.ac'), dataIndex: 'ac' },
        { title: t('plan.re'), dataIndex: 're' },
        { title: t('classes.defects'), dataIndex: 'defects' },
        {
          title: t('classes.verdict'),
          dataIndex: 'accepted',
          render: (accepted: boolean) => <Tag color={accepted ? 'success' : 'error'}>{t(`resultValue.${accepted ? 'ACCEPT' : 'REJECT'}`)}</Tag>,
        },
      ]}
    />
  );
}

/** The document's classes as the shared judgment's (the server's answer). */
export const classesOf = (doc: InspectionDocument): ClassJudgment[] =>
  doc.Classes.map((c) => ({ defectClass: c.DefectClass as ClassJudgment['defectClass'], sampleSize: c.SampleSize, ac: c.Ac, re: c.Re, defects: c.Defects, accepted: c.Accepted }));
