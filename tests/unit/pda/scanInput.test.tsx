/**
 * The scanning pages' input (issue 17): what a keyboard-wedge scanner types — fast keys, GS/RS/EOT as
 * control keys, then Enter — becomes one code; the input is emptied and keeps the focus for the next
 * scan; tones and vibration say how it went.
 */
import { afterEach, describe, expect, it, vi } from 'vitest';
import { fireEvent, render, screen } from '@testing-library/react';
import userEvent from '@testing-library/user-event';
import { EOT, GS, RS, scannedCode, separatorOfKey } from '../../../src/grid/scan/scanInput';
import { billTypeOfCode } from '../../../src/shared/bills/declaration';
import { signalScan, TONES, VIBRATIONS } from '../../../src/features/bills/pda/scan/feedback';
import { ScanField } from '../../../src/features/bills/pda/components/ScanField';
import { Providers } from '../grid/gridTestKit';

describe('scan input logic', () => {
  it('reads a scanner’s separator keys as GS, RS and EOT, and nothing else', () => {
    expect(separatorOfKey({ key: ']', ctrlKey: true })).toBe(GS);
    expect(separatorOfKey({ key: '^', ctrlKey: true })).toBe(RS);
    expect(separatorOfKey({ key: '6', ctrlKey: true })).toBe(RS);
    expect(separatorOfKey({ key: 'd', ctrlKey: true })).toBe(EOT);
    // A scanner that sends the character itself.
    expect(separatorOfKey({ key: GS, ctrlKey: false })).toBe(GS);
    expect(separatorOfKey({ key: ']', ctrlKey: false })).toBeUndefined();
    expect(separatorOfKey({ key: 'a', ctrlKey: true })).toBeUndefined();
    expect(separatorOfKey({ key: ']', ctrlKey: true, altKey: true })).toBeUndefined();
  });

  it('takes the code without the spaces and line ends around it, separators inside kept', () => {
    expect(scannedCode('  R-001 \r\n')).toBe('R-001');
    expect(scannedCode(`]d2010950123456789${GS}10LOT1`)).toBe(`]d2010950123456789${GS}10LOT1`);
    expect(scannedCode(`[)>${RS}06${GS}PABC${RS}${EOT}`)).toBe(`[)>${RS}06${GS}PABC${RS}${EOT}`);
    expect(scannedCode('   ')).toBe('');
  });

  it('finds the bill type a bill code starts with, among the types given', () => {
    const types = ['WI', 'WIO', 'WO', 'ASN', 'DD'];
    expect(billTypeOfCode('ASN202611250001', types)).toBe('ASN');
    expect(billTypeOfCode('WIO202611250012', types)).toBe('WIO');
    expect(billTypeOfCode('wo202611250003', types)).toBe('WO');
    expect(billTypeOfCode('XX202611250001', types)).toBeUndefined();
    expect(billTypeOfCode('R-0001', types)).toBeUndefined();
  });
});

describe('feedback', () => {
  afterEach(() => {
    vi.unstubAllGlobals();
  });

  it('plays a short high tone for a success and a low double buzz for a refusal, and vibrates', () => {
    const started: { frequency: number; type: string }[] = [];
    class FakeContext {
      state = 'running';
      currentTime = 0;
      destination = {};
      createOscillator() {
        const oscillator = { type: 'sine', frequency: { value: 0 }, connect: (node: unknown) => node, start: () => started.push({ frequency: oscillator.frequency.value, type: oscillator.type }), stop: () => undefined };
        return oscillator;
      }
      createGain() {
        return { gain: { setValueAtTime: () => undefined, exponentialRampToValueAtTime: () => undefined }, connect: (node: unknown) => node };
      }
      resume() {
        return Promise.resolve();
      }
    }
    vi.stubGlobal('AudioContext', FakeContext);
    const vibrate = vi.fn(() => true);
    vi.stubGlobal('navigator', { ...navigator, vibrate });

    signalScan('success');
    expect(started).toEqual(TONES.success.map(({ frequency, type }) => ({ frequency, type })));
    expect(vibrate).toHaveBeenLastCalledWith(VIBRATIONS.success);
    started.length = 0;
    signalScan('refusal');
    expect(started).toHaveLength(2);
    expect(Math.max(...started.map((tone) => tone.frequency))).toBeLessThan(TONES.success[0].frequency);
    expect(vibrate).toHaveBeenLastCalledWith(VIBRATIONS.refusal);
  });

  it('is silent, without failing, where the browser has neither sound nor vibration', () => {
    vi.stubGlobal('AudioContext', undefined);
    vi.stubGlobal('navigator', { ...navigator, vibrate: undefined });
    expect(() => signalScan('refusal')).not.toThrow();
  });
});

describe('the scan field', () => {
  const input = () => screen.getByTestId('pda-scan-input') as HTMLInputElement;
  const renderField = (onScan: (code: string) => void) =>
    render(
      <Providers>
        <ScanField label="扫描盘码" onScan={onScan} />
        <button type="button">别处</button>
      </Providers>,
    );

  it('is focused, submits on Enter, empties itself and keeps the focus for the next scan', async () => {
    const onScan = vi.fn();
    renderField(onScan);
    expect(document.activeElement).toBe(input());
    const user = userEvent.setup({ delay: null });
    await user.keyboard(' R-001 {Enter}');
    expect(onScan).toHaveBeenLastCalledWith('R-001');
    expect(input().value).toBe('');
    expect(document.activeElement).toBe(input());
    await user.keyboard('R-002{Enter}');
    expect(onScan).toHaveBeenLastCalledWith('R-002');
    // An Enter on an empty input is no scan.
    await user.keyboard('{Enter}');
    expect(onScan).toHaveBeenCalledTimes(2);
  });

  it('says what to scan as a hint under the input that stays while the scanner types, not as a placeholder', async () => {
    renderField(() => {});
    const hint = screen.getByTestId('pda-scan-hint');
    expect(hint.textContent).toBe('扫描盘码');
    // Under the input's row, outside the input box.
    expect(screen.getByTestId('pda-scan-field').compareDocumentPosition(hint) & Node.DOCUMENT_POSITION_FOLLOWING).toBeTruthy();
    expect(screen.getByTestId('pda-scan-field').contains(hint)).toBe(false);
    expect(input().placeholder).toBe('');
    expect(screen.getByLabelText('扫描盘码')).toBe(input());
    await userEvent.setup({ delay: null }).keyboard('R-00');
    expect(screen.getByTestId('pda-scan-hint').textContent).toBe('扫描盘码');
  });

  it('puts the scanner’s Ctrl+] (GS) into the code', async () => {
    const onScan = vi.fn();
    renderField(onScan);
    const user = userEvent.setup({ delay: null });
    await user.keyboard('0109501234567890');
    fireEvent.keyDown(input(), { key: ']', ctrlKey: true });
    await user.keyboard('10LOT1{Enter}');
    expect(onScan).toHaveBeenLastCalledWith(`0109501234567890${GS}10LOT1`);
  });

  it('takes the focus back when it lost it to nothing that keeps it', async () => {
    vi.useFakeTimers({ shouldAdvanceTime: true });
    try {
      renderField(vi.fn());
      screen.getByRole('button', { name: '别处' }).focus();
      input().blur();
      (document.activeElement as HTMLElement | null)?.blur();
      vi.advanceTimersByTime(200);
      expect(document.activeElement).toBe(input());
    } finally {
      vi.useRealTimers();
    }
  });

  it('leaves the focus in an open dialog, a select or a typed field (the scan inputs’ shared rule)', async () => {
    vi.useFakeTimers({ shouldAdvanceTime: true });
    try {
      render(
        <Providers>
          <ScanField label="扫描盘码" onScan={vi.fn()} />
          <div role="dialog">
            <button type="button">确定</button>
          </div>
          <select aria-label="原因">
            <option>a</option>
          </select>
          <input aria-label="数量" />
        </Providers>,
      );
      for (const elsewhere of [screen.getByRole('button', { name: '确定' }), screen.getByLabelText('原因'), screen.getByLabelText('数量')]) {
        elsewhere.focus();
        vi.advanceTimersByTime(200);
        expect(document.activeElement).toBe(elsewhere);
      }
    } finally {
      vi.useRealTimers();
    }
  });

  it('asks a touch screen for no on-screen keyboard until the keyboard button is pressed, and remembers it', async () => {
    localStorage.removeItem('pda.softKeyboard');
    vi.spyOn(window, 'matchMedia').mockImplementation((query: string) => ({ matches: query === '(pointer: coarse)', media: query, onchange: null, addListener: () => {}, removeListener: () => {}, addEventListener: () => {}, removeEventListener: () => {}, dispatchEvent: () => false }) as MediaQueryList);
    try {
      const view = renderField(vi.fn());
      expect(input().getAttribute('inputmode')).toBe('none');
      await userEvent.setup({ delay: null }).click(screen.getByTestId('pda-keyboard-button'));
      expect(input().getAttribute('inputmode')).toBe('text');
      expect(screen.getByTestId('pda-keyboard-button').getAttribute('aria-pressed')).toBe('true');
      view.unmount();
      renderField(vi.fn());
      expect(input().getAttribute('inputmode')).toBe('text');
    } finally {
      vi.restoreAllMocks();
      localStorage.removeItem('pda.softKeyboard');
    }
  });

  it('offers no keyboard button where there is a mouse, the input typing as usual', () => {
    renderField(vi.fn());
    expect(screen.queryByTestId('pda-keyboard-button')).toBeNull();
    expect(input().getAttribute('inputmode')).toBe('text');
  });
});
