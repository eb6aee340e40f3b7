/**
 * The one input a keyboard-wedge scanner types into on the portal's screens: the scanner types a code
 * and Enter, faster than anyone reads. On Enter the box hands over the code (trimmed, GS1/ECIA
 * separators kept: scanInput.ts) and is empty at once, so the next scan is never appended to the last
 * one, whether that one was found, refused or is still being looked up. It keeps the focus, and gets it
 * back when the work it started is over (an answer that re-renders the screen, a refusal's toast), unless
 * the user went on to work elsewhere meanwhile (keepsFocus.ts). With autoFocus it takes the focus whenever
 * that turns on (the screen opened, the box enabled again).
 */
import { useEffect, useImperativeHandle, useRef, useState, type KeyboardEvent, type Ref } from 'react';
import { Input, type InputProps, type InputRef } from 'antd';
import { keepsFocus } from './keepsFocus';
import { scannedCode, typedWithSeparator } from './scanInput';

export interface ScanInputProps extends Omit<InputProps, 'value' | 'defaultValue' | 'onChange' | 'onPressEnter' | 'onKeyDown'> {
  /** Works one scanned code (never empty); a promise keeps the box's focus coming back when it settles. */
  onScan(code: string): unknown;
  ref?: Ref<InputRef>;
}

export function ScanInput({ onScan, ref, autoComplete = 'off', autoFocus = false, ...props }: ScanInputProps) {
  const input = useRef<InputRef>(null);
  useImperativeHandle(ref, () => input.current!, []);
  const [typed, setTyped] = useState('');
  // Not React's autoFocus: in a drawer or modal the box is not in the document yet when React would
  // focus it (the portal attaches its container after its children's effects), and it would open unfocused.
  useEffect(() => {
    if (!autoFocus) return;
    const timer = window.setTimeout(() => input.current?.focus(), 0);
    return () => window.clearTimeout(timer);
  }, [autoFocus]);

  const focus = () => input.current?.focus();
  const scanned = () => {
    const code = scannedCode(typed);
    setTyped('');
    focus();
    if (!code) return;
    const work = onScan(code);
    if (!(work instanceof Promise)) return;
    // The caller shows a refusal itself; either way the box is ready for the next scan.
    const back = () => {
      if (!keepsFocus(document.activeElement, input.current?.input)) focus();
    };
    work.then(back, back);
  };

  const onKeyDown = (event: KeyboardEvent<HTMLInputElement>) => {
    const withSeparator = typedWithSeparator(event, typed);
    if (withSeparator !== undefined) setTyped(withSeparator);
  };

  return (
    <Input
      {...props}
      ref={input}
      autoComplete={autoComplete}
      value={typed}
      onChange={(event) => setTyped(event.target.value)}
      onKeyDown={onKeyDown}
      onPressEnter={scanned}
    />
  );
}
