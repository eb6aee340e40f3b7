/**
 * The printable inspection report of one document (issue 19 "inspection report per document, printable,
 * both languages"): header, plan, results per check item (measurements with those out of limits marked,
 * or defects counted), the judgment per defect class, the result with who judged it and when, and a loose
 * acceptance with its approver, in the user's language. Plain tables so it prints as it shows; Print
 * prints the report alone (InspectionReport.css).
 */
import { useQuery } from '@tanstack/react-query';
import { PrinterOutlined } from '@ant-design/icons';
import { Button, Empty, Modal, Spin } from 'antd';
import { useTranslation } from 'react-i18next';
import { outOfLimits } from '../../../shared/quality/judgment';
import { loadDocument, type InspectionDocument } from '../api';
import { codeLetterOf, instant } from './DocumentParts';
import './InspectionReport.css';

export function InspectionReportView({ doc }: { doc: InspectionDocument }) {
  const { t } = useTranslation('quality');
  const dash = (value: string | number | null | undefined) => (value === null || value === undefined || value === '' ? '-' : String(value));
  const header: [string, string][] = [
    ['docCode', doc.DocCode],
    ['billCode', doc.BillCode],
    ['partCode', doc.PartCode],
    ['lotCode', dash(doc.LotCode)],
    ['vendorCode', dash(doc.VendorCode)],
    ['lotSize', String(doc.LotSize)],
    ['reelCount', String(doc.ReelCount)],
    ['level', dash(doc.Level)],
    ['severity', t(`severity.${doc.Severity}`)],
  ];
  const judgment: [string, string][] = [
    ['status', t(`status.${doc.Status}`)],
    ['computedResult', doc.ComputedResult ? t(`resultValue.${doc.ComputedResult}`) : '-'],
    ['result', doc.Result ? t(`resultValue.${doc.Result}`) : '-'],
    ['description', dash(doc.Description)],
    ...(doc.OverrideReason ? [['overrideReason', doc.OverrideReason] as [string, string]] : []),
    ['judgedBy', dash(doc.JudgedBy)],
    ['judgedAt', instant(doc.JudgedAt)],
    ...(doc.LooseBy
      ? ([
          ['looseBy', doc.LooseBy],
          ['looseAt', instant(doc.LooseAt)],
          ['looseReason', dash(doc.LooseReason)],
        ] as [string, string][])
      : []),
  ];
  const pairs = (rows: [string, string][]) => (
    <table className="qc-report-table">
      <tbody>
        {Array.from({ length: Math.ceil(rows.length / 3) }, (_, r) => (
          <tr key={r}>
            {rows.slice(r * 3, r * 3 + 3).flatMap(([key, value]) => [
              <th key={`${key}-label`}>{t(`field.${key}`)}</th>,
              <td key={`${key}-value`} data-field={key}>
                {value}
              </td>,
            ])}
          </tr>
        ))}
      </tbody>
    </table>
  );
  return (
    <div className="qc-report" data-testid="inspection-report">
      <h2 style={{ textAlign: 'center' }}>{t('report.title')}</h2>
      {pairs(header)}
      <h3>{t('plan.title')}</h3>
      <table className="qc-report-table">
        <thead>
          <tr>
            {(['item', 'kind', 'defectClass', 'aql', 'codeLetter', 'sampleSize', 'ac', 're'] as const).map((key) => (
              <th key={key}>{t(`plan.${key}`)}</th>
            ))}
            <th>{t('report.measurements')}</th>
            <th>{t('report.defects')}</th>
            <th>{t('report.judgment')}</th>
          </tr>
        </thead>
        <tbody>
          {doc.Items.map((item) => (
            <tr key={item.CheckItemCode}>
              <td>{item.Name}</td>
              <td>{t(`kind.${item.Kind}`)}</td>
              <td>{item.DefectClass}</td>
              <td>{item.Aql}</td>
              <td>{codeLetterOf(doc, item) ?? '-'}</td>
              <td>{item.SampleSize >= doc.LotSize ? `${item.SampleSize} (${t('plan.fullInspection')})` : item.SampleSize}</td>
              <td>{item.Ac}</td>
              <td>{item.Re}</td>
              <td>
                {item.Kind === 'VARIABLE'
                  ? (item.Measurements ?? []).map((value, index) => (
                      <span key={index} className={outOfLimits(value, item.LowerLimit, item.UpperLimit) ? 'qc-out-of-limit' : undefined}>
                        {index ? ', ' : ''}
                        {value}
                      </span>
                    ))
                  : '-'}
              </td>
              <td>{dash(item.Defects)}</td>
              <td>{t(`judgment.${item.Judgment ?? 'none'}`)}</td>
            </tr>
          ))}
        </tbody>
      </table>
      <h3>{t('classes.title')}</h3>
      <table className="qc-report-table">
        <thead>
          <tr>
            <th>{t('plan.defectClass')}</th>
            <th>{t('plan.sampleSize')}</th>
            <th>{t('plan.ac')}</th>
            <th>{t('plan.re')}</th>
            <th>{t('classes.defects')}</th>
            <th>{t('classes.verdict')}</th>
          </tr>
        </thead>
        <tbody>
          {doc.Classes.map((c) => (
            <tr key={c.DefectClass}>
              <td>{c.DefectClass}</td>
              <td>{c.SampleSize}</td>
              <td>{c.Ac}</td>
              <td>{c.Re}</td>
              <td>{c.Defects}</td>
              <td>{t(`resultValue.${c.Accepted ? 'ACCEPT' : 'REJECT'}`)}</td>
            </tr>
          ))}
        </tbody>
      </table>
      <h3>{t('report.judgment')}</h3>
      {pairs(judgment)}
      <p style={{ marginTop: 24, display: 'flex', justifyContent: 'space-between' }}>
        <span>{`${t('report.signature')}：______________`}</span>
        <span>{`${t('report.approver')}：______________`}</span>
        <span>{t('report.printedAt', { at: instant(new Date().toISOString()) })}</span>
      </p>
    </div>
  );
}

/** Prints the report alone: the body is marked for the print styles only while the browser's print runs. */
function printReport() {
  document.body.classList.add('qc-printing');
  try {
    window.print();
  } finally {
    document.body.classList.remove('qc-printing');
  }
}

/** The report of the document `id` (id or code) in a dialog with Print; null: closed. */
export function InspectionReportDialog({ id, onClose }: { id: string | null; onClose(): void }) {
  const { t } = useTranslation('quality');
  const report = useQuery({ queryKey: ['quality', 'document', id ?? ''], queryFn: () => loadDocument(id!), enabled: id !== null });
  return (
    <Modal
      open={id !== null}
      onCancel={onClose}
      width={960}
      destroyOnHidden
      title={t('report.title')}
      footer={[
        <Button key="close" onClick={onClose}>
          {t('actions.close')}
        </Button>,
        <Button key="print" type="primary" icon={<PrinterOutlined />} disabled={!report.data} onClick={printReport}>
          {t('report.print')}
        </Button>,
      ]}
    >
      {report.isPending && id !== null ? <Spin style={{ display: 'block', margin: 24 }} /> : report.data ? <InspectionReportView doc={report.data} /> : <Empty />}
    </Modal>
  );
}
