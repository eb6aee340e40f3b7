/**
 * ScanInput, the one box a keyboard-wedge scanner types into: on Enter it hands over the trimmed code,
 * is empty at once (the next scan is never appended to the last, found or refused) and keeps the focus,
 * getting it back when the work it started is over unless the user went on typing in another field.
 */
import { useState } from 'react';
import { describe, expect, it, vi } from 'vitest';
import { act, render, screen, waitFor } from '@testing-library/react';
import userEvent from '@testing-library/user-event';
import { Input } from 'antd';
import { ScanInput } from '../../../src/grid/scan/ScanInput';
import { GS } from '../../../src/grid/scan/scanInput';

const user = () => userEvent.setup({ delay: null });
const box = () => screen.getByTestId('box') as HTMLInputElement;

/** A promise the test settles. */
function deferred() {
  let resolve!: () => void;
  let reject!: (error: Error) => void;
  const promise = new Promise<void>((yes, no) => {
    resolve = yes;
    reject = no;
  });
  return { promise, resolve, reject };
}

describe('ScanInput', () => {
  it('hands over each trimmed code alone, empty and focused after every Enter', async () => {
    const onScan = vi.fn();
    render(<ScanInput autoFocus onScan={onScan} data-testid="box" />);
    await waitFor(() => expect(document.activeElement).toBe(box()));
    await user().type(box(), ' MSD-DEMO-0001 {Enter}');
    expect(box().value).toBe('');
    expect(document.activeElement).toBe(box());
    await user().type(box(), 'MSD-DEMO-0002{Enter}');
    expect(onScan.mock.calls).toEqual([['MSD-DEMO-0001'], ['MSD-DEMO-0002']]);
    await user().type(box(), '   {Enter}');
    expect(onScan).toHaveBeenCalledTimes(2);
  });

  it('leaves no refused code in the box, and has the focus back once the refusal is in', async () => {
    const work = deferred();
    // The screen answering the scan takes the focus away for a moment (a re-render, a toast, a disabled box).
    const onScan = vi.fn(() => {
      box().blur();
      return work.promise;
    });
    render(<ScanInput onScan={onScan} data-testid="box" />);
    await user().type(box(), 'R-WRONG{Enter}');
    expect(box().value).toBe('');
    await act(async () => {
      work.reject(new Error('refused'));
      await work.promise.catch(() => undefined);
    });
    expect(document.activeElement).toBe(box());
    onScan.mockImplementation(() => Promise.resolve());
    await user().type(box(), 'R-RIGHT{Enter}');
    expect(onScan).toHaveBeenLastCalledWith('R-RIGHT');
  });

  it('does not take the focus from a field the user went on to type in while the scan was worked', async () => {
    const work = deferred();
    function Screen() {
      const [qty, setQty] = useState('');
      return (
        <>
          <ScanInput onScan={() => work.promise} data-testid="box" />
          <Input data-testid="qty" value={qty} onChange={(event) => setQty(event.target.value)} />
        </>
      );
    }
    render(<Screen />);
    await user().type(box(), 'R-1{Enter}');
    await user().click(screen.getByTestId('qty'));
    await act(async () => {
      work.resolve();
      await work.promise;
    });
    expect(document.activeElement).toBe(screen.getByTestId('qty'));
  });

  it('keeps a GS1 label’s separator (the scanner’s Ctrl+]) in the code', async () => {
    const onScan = vi.fn();
    render(<ScanInput onScan={onScan} data-testid="box" />);
    await user().type(box(), '0109501234567890{Control>}]{/Control}10LOT1{Enter}');
    expect(onScan).toHaveBeenCalledWith(`0109501234567890${GS}10LOT1`);
  });
});
