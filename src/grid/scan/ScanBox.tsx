/**
 * The scan box of receipt, pick and stocktaking (issue 14): a focused input (ScanInput) a keyboard-wedge scanner types a reel
 * code into, then Enter. Each scan is cleared from the input at once (the next can follow straight
 * away; scans are worked in the order they came), answered in place — the success or the refusal in
 * the user's language — and listed among the last scans. A reel scanned again (the action has the
 * effect of once) is said to be done already. The count beside the box is the bill's own progress
 * (given by the page), not this box's scans: one number, the same after a reload or on another screen.
 * The input has the focus whenever the box is enabled, and keeps (and gets back) the focus after every scan
 * (ScanInput's own autoFocus and rule: it works in a drawer too).
 */
import { useRef, useState, type Ref } from 'react';
import { Alert, List, Space, Statistic, Typography, type InputRef } from 'antd';
import { CheckCircleTwoTone, CloseCircleTwoTone, InfoCircleTwoTone, ScanOutlined } from '@ant-design/icons';
import { useTranslation } from 'react-i18next';
import { ApiError } from '../../api/errors';
import { ScanInput } from './ScanInput';

/** What a scan did, as the scan box tells the user. */
export interface ScanOutcome {
  message: string;
  /** The reel had been done already (a double scan): said, not counted again. */
  repeat?: boolean;
  /** Not done yet, a step of it (put-to-light: where to put the reel, then scan it again): said, not counted. */
  pending?: boolean;
}

export interface ScanBoxProps {
  /** Works one scanned code; resolves with the success text, rejects with the refusal (an ApiError's reason shows). */
  onScan(code: string): Promise<ScanOutcome>;
  /** What to scan (e.g. 'Scan a reel to receive it'), the input's label and placeholder. */
  label: string;
  /** The box accepts no scan (no bill chosen, an action in progress elsewhere). */
  disabled?: boolean;
  /** The bill's progress shown beside the box (e.g. reels received: '3 / 4'), from the bill as the server has it. */
  progress?: { title: string; value: string };
  /**
   * A code scanned again is said to be done already (receipt, pick: the action has the effect of once).
   * False where a scan again is worked as a new one (a stocktake's count corrects the last).
   */
  countsOnce?: boolean;
  /** The scan input (a screen whose other fields hand the focus on to it). */
  ref?: Ref<InputRef>;
}

interface ScanRecord {
  id: number;
  code: string;
  outcome: 'done' | 'repeat' | 'pending' | 'refused';
  message: string;
}

const ALERT_TYPE = { done: 'success', repeat: 'info', pending: 'warning', refused: 'error' } as const;

const LAST_SCANS = 8;

/** The refusal's words: the server's reason when it gave one. */
export const refusalText = (error: unknown): string =>
  error instanceof ApiError ? (error.detail ?? error.message) : error instanceof Error ? error.message : String(error);

export function ScanBox({ onScan, label, disabled = false, progress, countsOnce = true, ref }: ScanBoxProps) {
  const { t } = useTranslation('grid');
  const [scans, setScans] = useState<ScanRecord[]>([]);
  const [busy, setBusy] = useState(0);
  const queue = useRef<Promise<void>>(Promise.resolve());
  const nextId = useRef(0);
  /** The codes this box has done: scanned again, they are repeats. */
  const done = useRef(new Set<string>());

  const record = (scan: ScanRecord) => setScans((previous) => [scan, ...previous].slice(0, LAST_SCANS));
  const work = async (code: string, id: number) => {
    try {
      const outcome = await onScan(code);
      if (outcome.pending) {
        record({ id, code, outcome: 'pending', message: outcome.message });
        return;
      }
      const repeat = outcome.repeat || (countsOnce && done.current.has(code));
      done.current.add(code);
      record({ id, code, outcome: repeat ? 'repeat' : 'done', message: repeat && !outcome.repeat ? t('scan.again') : outcome.message });
    } catch (error) {
      record({ id, code, outcome: 'refused', message: refusalText(error) });
    } finally {
      setBusy((n) => n - 1);
    }
  };
  // ScanInput has emptied itself and gets the focus back once this scan is worked.
  const scanned = (code: string) => {
    const id = ++nextId.current;
    setBusy((n) => n + 1);
    queue.current = queue.current.then(() => work(code, id));
    return queue.current;
  };
  const last = scans[0];

  return (
    <Space direction="vertical" style={{ width: '100%' }} data-testid="scan-box">
      <Space align="center" wrap size="large">
        <ScanInput
          ref={ref}
          autoFocus={!disabled}
          size="large"
          prefix={<ScanOutlined />}
          placeholder={label}
          aria-label={label}
          disabled={disabled}
          onScan={scanned}
          style={{ width: 420, maxWidth: '100%' }}
          data-testid="scan-input"
        />
        {progress && <Statistic title={progress.title} value={progress.value} valueStyle={{ fontSize: 20 }} data-testid="scan-progress" />}
        {busy > 0 && <Typography.Text type="secondary">{t('scan.working')}</Typography.Text>}
      </Space>
      {last && (
        <Alert
          type={ALERT_TYPE[last.outcome]}
          showIcon
          // The code first, unless the message names it already (a refusal usually does: "The reel R-1 holds ...").
          message={last.message.includes(last.code) ? last.message : `${last.code}: ${last.message}`}
          role="status"
          aria-live="assertive"
          data-testid="scan-feedback"
          data-code={last.code}
        />
      )}
      {scans.length > 0 && (
        <List
          size="small"
          bordered
          header={t('scan.lastScans')}
          dataSource={scans}
          rowKey="id"
          data-testid="scan-log"
          renderItem={(scan) => (
            <List.Item>
              <Space>
                {scan.outcome === 'done' && <CheckCircleTwoTone twoToneColor="#52c41a" />}
                {(scan.outcome === 'repeat' || scan.outcome === 'pending') && <InfoCircleTwoTone />}
                {scan.outcome === 'refused' && <CloseCircleTwoTone twoToneColor="#ff4d4f" />}
                <Typography.Text strong>{scan.code}</Typography.Text>
                <Typography.Text type={scan.outcome === 'refused' ? 'danger' : undefined}>{scan.message}</Typography.Text>
              </Space>
            </List.Item>
          )}
        />
      )}
    </Space>
  );
}
