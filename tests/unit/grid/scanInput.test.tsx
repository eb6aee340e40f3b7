/**
 * ScanInput, the one box a keyboard-wedge scanner types into: on Enter it hands over the trimmed code,
 * is empty at once (the next scan is never appended to the last, found or refused) and keeps the focus,
 * getting it back when the work it started is over unless the user went on to work elsewhere (the scan
 * inputs' shared rule: another field, an open select, a dialog over the box). The Enter chain of the fields
 * typed before a scan or a submit.
 */
import { useState, type ReactNode } from 'react';
import { describe, expect, it, vi } from 'vitest';
import { act, fireEvent, render, screen, waitFor } from '@testing-library/react';
import userEvent from '@testing-library/user-event';
import { Button, Drawer, Input, InputNumber, Modal, Select } from 'antd';
import { ScanInput } from '../../../src/grid/scan/ScanInput';
import { GS } from '../../../src/grid/scan/scanInput';
import { keepsFocus } from '../../../src/grid/scan/keepsFocus';
import { useEnterChain } from '../../../src/grid/scan/useEnterChain';

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

/** Scans R-1 (worked until the test settles it), lets `elsewhere` take the focus meanwhile, then settles the scan. */
async function scanWhile(elsewhere: () => Promise<void> | void, around?: (box: ReactNode) => ReactNode, extra?: ReactNode) {
  const work = deferred();
  const scanBox = <ScanInput onScan={() => work.promise} data-testid="box" />;
  render(
    <>
      {around ? around(scanBox) : scanBox}
      {extra}
    </>,
  );
  await user().type(box(), 'R-1{Enter}');
  await elsewhere();
  await act(async () => {
    work.resolve();
    await work.promise;
  });
}

describe('the scan inputs’ focus rule', () => {
  it('keeps the focus where the user went on to work: another field, a select, a dialog over the box', () => {
    document.body.innerHTML = `
      <input id="box"><input id="qty"><textarea id="note"></textarea><div id="rich" contenteditable="true"><b id="bold">x</b></div>
      <select id="native"><option>a</option></select><div role="combobox" id="combo" tabindex="0"></div>
      <div role="dialog" id="modal"><button id="ok">OK</button></div><button id="plain">plain</button>`;
    const element = (id: string) => document.getElementById(id);
    const box = element('box');
    for (const id of ['qty', 'note', 'bold', 'native', 'combo', 'modal', 'ok']) expect(keepsFocus(element(id), box), id).toBe(true);
    expect(keepsFocus(element('plain'), box)).toBe(false);
    expect(keepsFocus(document.body, box)).toBe(false);
    expect(keepsFocus(null, box)).toBe(false);
    expect(keepsFocus(box, box)).toBe(false);
    document.body.innerHTML = '';
  });

  it('keeps nothing in a dialog the box is in itself (a drawer): a click on its button is no reason to stay unfocused', () => {
    document.body.innerHTML = `<div role="dialog"><input id="box"><button id="start">Start</button></div><div role="dialog"><button id="ok">OK</button></div>`;
    const box = document.getElementById('box');
    expect(keepsFocus(document.getElementById('start'), box)).toBe(false);
    expect(keepsFocus(document.getElementById('ok'), box)).toBe(true);
    document.body.innerHTML = '';
  });

  it('does not take the focus from a dialog opened while the scan was worked', async () => {
    function Confirm() {
      const [open, setOpen] = useState(false);
      return (
        <>
          <Button data-testid="open" onClick={() => setOpen(true)}>open</Button>
          <Modal open={open} title="确认" footer={<Button data-testid="ok">确定</Button>} />
        </>
      );
    }
    await scanWhile(async () => {
      await user().click(screen.getByTestId('open'));
      await waitFor(() => expect(screen.getByTestId('ok')).toBeTruthy());
      screen.getByTestId('ok').focus();
    }, undefined, <Confirm />);
    expect(document.activeElement).toBe(screen.getByTestId('ok'));
  });

  it('does not take the focus from a select opened while the scan was worked', async () => {
    await scanWhile(async () => {
      await user().click(screen.getByRole('combobox'));
      await waitFor(() => expect(document.querySelector('.ant-select-dropdown')).not.toBeNull());
    }, undefined, <Select data-testid="reason" style={{ width: 120 }} options={[{ value: 'a', label: 'A' }]} />);
    expect(document.activeElement).toBe(screen.getByRole('combobox'));
  });

  it('does not take the focus from a native select the user went to', async () => {
    await scanWhile(
      () => screen.getByTestId('native').focus(),
      undefined,
      <select data-testid="native">
        <option>a</option>
      </select>,
    );
    expect(document.activeElement).toBe(screen.getByTestId('native'));
  });

  it('takes the focus back from a button of the drawer the box is in itself', async () => {
    await scanWhile(
      () => screen.getByTestId('start').focus(),
      (scanBox) => (
        <Drawer open title="盘点">
          {scanBox}
          <Button data-testid="start">开始</Button>
        </Drawer>
      ),
    );
    await waitFor(() => expect(document.activeElement).toBe(box()));
  });
});

/** Part, lot (Input) and count (InputNumber) chained by Enter, as the auxiliary containers' receipt is. */
function Receipt({ onSubmit }: { onSubmit(typed: { part: string; lot: string; count: number | null }): void }) {
  const [typed, setTyped] = useState({ part: '', lot: '', count: 1 as number | null });
  const chain = useEnterChain(3, () => onSubmit(typed));
  return (
    <>
      <Input {...chain.field(0)} data-testid="part" value={typed.part} onChange={(e) => setTyped((t) => ({ ...t, part: e.target.value }))} />
      <Input {...chain.field(1)} data-testid="lot" value={typed.lot} onChange={(e) => setTyped((t) => ({ ...t, lot: e.target.value }))} />
      <InputNumber {...chain.field(2)} data-testid="count" min={1} max={100} precision={0} value={typed.count} onChange={(count) => setTyped((t) => ({ ...t, count }))} />
      <Button data-testid="back" onClick={() => chain.focus(0)}>back</Button>
    </>
  );
}

/** The receipt rendered, with its submit's spy and a user. */
function renderReceipt() {
  const onSubmit = vi.fn();
  render(<Receipt onSubmit={onSubmit} />);
  return { onSubmit, u: user() };
}

describe('the Enter chain', () => {
  it('moves the focus on to the next field on Enter and submits what was typed on the last one', async () => {
    const { onSubmit, u } = renderReceipt();
    await u.click(screen.getByTestId('part'));
    await u.keyboard('SP-01{Enter}');
    expect(document.activeElement).toBe(screen.getByTestId('lot'));
    await u.keyboard('L7{Enter}');
    expect(document.activeElement).toBe(screen.getByTestId('count'));
    expect(onSubmit).not.toHaveBeenCalled();
    await u.keyboard('{Backspace}3{Enter}');
    await waitFor(() => expect(onSubmit.mock.calls).toEqual([[{ part: 'SP-01', lot: 'L7', count: 3 }]]));
    expect(document.activeElement).toBe(screen.getByTestId('count'));
    await u.click(screen.getByTestId('back'));
    expect(document.activeElement).toBe(screen.getByTestId('part'));
  });

  it('submits the count the field shows once its Enter has put it in range and rounded it, not the one typed', async () => {
    const { onSubmit, u } = renderReceipt();
    await u.click(screen.getByTestId('count'));
    await u.keyboard('{Backspace}150{Enter}');
    await waitFor(() => expect(onSubmit).toHaveBeenCalledTimes(1));
    expect((screen.getByTestId('count') as HTMLInputElement).value).toBe('100');
    expect(onSubmit).toHaveBeenLastCalledWith({ part: '', lot: '', count: 100 });
    await u.keyboard('{Backspace}{Backspace}{Backspace}2.5{Enter}');
    await waitFor(() => expect(onSubmit).toHaveBeenCalledTimes(2));
    expect((screen.getByTestId('count') as HTMLInputElement).value).toBe('3');
    expect(onSubmit).toHaveBeenLastCalledWith({ part: '', lot: '', count: 3 });
  });

  it('does not move on an Enter that only ends an input method’s composition (a part name typed in pinyin)', async () => {
    const { onSubmit } = renderReceipt();
    screen.getByTestId('part').focus();
    fireEvent.keyDown(screen.getByTestId('part'), { key: 'Enter', isComposing: true });
    expect(document.activeElement).toBe(screen.getByTestId('part'));
    screen.getByTestId('count').focus();
    fireEvent.keyDown(screen.getByTestId('count'), { key: 'Enter', isComposing: true });
    await new Promise((resolve) => setTimeout(resolve, 10));
    expect(onSubmit).not.toHaveBeenCalled();
    fireEvent.keyDown(screen.getByTestId('part'), { key: 'Enter' });
    expect(document.activeElement).toBe(screen.getByTestId('lot'));
  });

  it('hands a last field whose Enter is its own (the scan box) only its ref', async () => {
    const onScan = vi.fn();
    function Count() {
      const chain = useEnterChain(2);
      return (
        <>
          <Input {...chain.field(0)} data-testid="qty" />
          <ScanInput ref={chain.ref(1)} onScan={onScan} data-testid="box" />
        </>
      );
    }
    render(<Count />);
    const u = user();
    await u.click(screen.getByTestId('qty'));
    await u.keyboard('1960{Enter}');
    expect(document.activeElement).toBe(box());
    await u.keyboard('R-1{Enter}');
    expect(onScan).toHaveBeenCalledWith('R-1');
    expect(document.activeElement).toBe(box());
  });
});
