/** The outcome of the last scan, big: what was done (part, quantity, what is left) or why not. */
import type { ReactNode } from 'react';
import { CheckCircleFilled, CloseCircleFilled, InfoCircleFilled } from '@ant-design/icons';

export interface ScanResultView {
  kind: 'done' | 'repeat' | 'refused';
  title: string;
  /** The scanned code, shown small. */
  code?: string;
  /** Label / value pairs shown big (part, quantity, remaining). */
  facts?: readonly { label: string; value: ReactNode; testId?: string }[];
  /** The refusal's reason (the server's message, in the user's language). */
  message?: string;
}

/** A value too long for half the width (a place, a bill code) gets the whole row rather than being broken. */
export const factClass = (value: ReactNode) => (typeof value === 'string' && value.length > 9 ? 'pda-fact pda-fact--wide' : 'pda-fact');

const ICON = { done: <CheckCircleFilled />, repeat: <InfoCircleFilled />, refused: <CloseCircleFilled /> };

export function ScanResult({ result }: { result: ScanResultView }) {
  return (
    <div className={`pda-result pda-result--${result.kind}`} role="status" aria-live="assertive" data-testid="pda-result" data-kind={result.kind}>
      <div className="pda-result-head">
        <span className="pda-result-icon" aria-hidden>
          {ICON[result.kind]}
        </span>
        <span className="pda-result-title" data-testid="pda-result-title">
          {result.title}
        </span>
      </div>
      {result.code && <div className="pda-result-code">{result.code}</div>}
      {result.message && (
        <div className="pda-result-message" data-testid="pda-result-message">
          {result.message}
        </div>
      )}
      {result.facts && result.facts.length > 0 && (
        <dl className="pda-facts">
          {result.facts.map((fact) => (
            <div key={fact.label} className={factClass(fact.value)}>
              <dt>{fact.label}</dt>
              <dd data-testid={fact.testId}>{fact.value}</dd>
            </div>
          ))}
        </dl>
      )}
    </div>
  );
}
