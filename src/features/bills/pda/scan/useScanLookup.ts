/**
 * A scanning page that looks something up per scan (a reel, a part's stock): the latest scan's answer or
 * refusal, whether it is under way, and the tone for it. An answer to an earlier scan that arrives after a
 * later one's is dropped, so the screen always shows what was scanned last.
 */
import { useRef, useState } from 'react';
import { refusalText } from '../../../../grid/scan/ScanBox';
import { signalScan } from './feedback';

export type ScanAnswer<T> = { code: string; value: T } | { code: string; refusal: string };

/** `found` says whether an answer counts as a success (its tone); by default every answer does. */
export function useScanLookup<T>(lookup: (code: string) => Promise<T>, found: (value: T) => boolean = () => true) {
  const [answer, setAnswer] = useState<ScanAnswer<T>>();
  const [busy, setBusy] = useState(false);
  const last = useRef(0);

  const onScan = (code: string) => {
    const scan = ++last.current;
    setBusy(true);
    lookup(code)
      .then(
        (value) => {
          if (scan !== last.current) return;
          signalScan(found(value) ? 'success' : 'refusal');
          setAnswer({ code, value });
        },
        (error: unknown) => {
          if (scan !== last.current) return;
          signalScan('refusal');
          setAnswer({ code, refusal: refusalText(error) });
        },
      )
      .finally(() => scan === last.current && setBusy(false));
  };

  return { answer, busy, onScan };
}
