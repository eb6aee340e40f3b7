/**
 * The one input of a scanning page: the portal's scan box (grid/scan/ScanInput.tsx: Enter hands over the
 * code and clears the box at once, a scanner's GS/RS/EOT keys go into the code), big, and always focused:
 * it takes the focus back after each scan and whenever nothing else holds it (the scan inputs' shared
 * rule, grid/scan/keepsFocus.ts). The camera button beside it reads a barcode with the device's camera
 * instead (loaded only when pressed).
 *
 * On a touch screen the always-focused input would keep the on-screen keyboard over half the page, while
 * a PDA's scanner types without it: there the input asks for no keyboard (inputmode none) until the
 * keyboard button is pressed, and the choice is remembered on the device.
 *
 * What to scan is a hint under the input, not its placeholder: a placeholder goes the moment the scanner
 * starts typing, and its pale grey is hard to read on a handheld in the aisle.
 */
import { lazy, Suspense, useCallback, useEffect, useRef, useState } from 'react';
import { Button, type InputRef } from 'antd';
import { CameraOutlined, EditOutlined, ScanOutlined } from '@ant-design/icons';
import { useTranslation } from 'react-i18next';
import { keepsFocus } from '../../../../grid/scan/keepsFocus';
import { ScanInput } from '../../../../grid/scan/ScanInput';
import { scannedCode } from '../../../../grid/scan/scanInput';

const CameraScanner = lazy(() => import('./CameraScanner'));

export interface ScanFieldProps {
  /** What to scan: the hint under the input, and the input's label. */
  label: string;
  onScan(code: string): void;
  disabled?: boolean;
  testId?: string;
}

const SOFT_KEYBOARD_KEY = 'pda.softKeyboard';
const isTouchScreen = () => typeof window.matchMedia === 'function' && window.matchMedia('(pointer: coarse)').matches;

/** Whether the on-screen keyboard may show: always off a touch screen; on one, as last chosen (off at first). */
function useSoftKeyboard(): [touch: boolean, shown: boolean, toggle: () => void] {
  const [touch] = useState(isTouchScreen);
  const [shown, setShown] = useState(() => localStorage.getItem(SOFT_KEYBOARD_KEY) === 'on');
  const toggle = useCallback(() => {
    setShown((was) => {
      localStorage.setItem(SOFT_KEYBOARD_KEY, was ? 'off' : 'on');
      return !was;
    });
  }, []);
  return [touch, !touch || shown, toggle];
}

/** setTimeout whose pending calls are dropped when the field goes away (a late refocus after leaving the page). */
function useLater(): (run: () => void, ms: number) => void {
  const pending = useRef(new Set<ReturnType<typeof setTimeout>>());
  useEffect(() => {
    const timers = pending.current;
    return () => {
      timers.forEach(clearTimeout);
      timers.clear();
    };
  }, []);
  return useCallback((run, ms) => {
    const timer = setTimeout(() => {
      pending.current.delete(timer);
      run();
    }, ms);
    pending.current.add(timer);
  }, []);
}

export function ScanField({ label, onScan, disabled = false, testId = 'pda-scan-input' }: ScanFieldProps) {
  const { t } = useTranslation('pda');
  const input = useRef<InputRef>(null);
  const [camera, setCamera] = useState(false);
  const [touch, softKeyboard, toggleSoftKeyboard] = useSoftKeyboard();

  const focus = useCallback(() => {
    if (!disabled && !camera) input.current?.focus({ preventScroll: true });
  }, [disabled, camera]);
  const later = useLater();

  useEffect(() => {
    focus();
    // Back to the page (another app, the screen woke up): ready to scan again.
    const again = () => later(focus, 0);
    window.addEventListener('focus', again);
    document.addEventListener('visibilitychange', again);
    return () => {
      window.removeEventListener('focus', again);
      document.removeEventListener('visibilitychange', again);
    };
  }, [focus, label, later]);

  // The camera's read is a scan too, trimmed the same way; the box refocuses itself after a typed scan.
  const scannedByCamera = (read: string) => {
    const code = scannedCode(read);
    if (code) onScan(code);
    focus();
  };

  return (
    <div className="pda-scan">
      <div className="pda-scan-field" data-testid="pda-scan-field">
        <ScanInput
          ref={input}
          size="large"
          className="pda-scan-input"
          prefix={<ScanOutlined />}
          aria-label={label}
          disabled={disabled}
          autoCapitalize="off"
          autoCorrect="off"
          spellCheck={false}
          enterKeyHint="go"
          inputMode={softKeyboard ? 'text' : 'none'}
          onScan={onScan}
          onBlur={() =>
            later(() => {
              if (!keepsFocus(document.activeElement, input.current?.input)) focus();
            }, 150)
          }
          data-testid={testId}
        />
        {touch && (
          <Button
            size="large"
            className="pda-camera-button"
            icon={<EditOutlined />}
            type={softKeyboard ? 'primary' : 'default'}
            aria-pressed={softKeyboard}
            aria-label={t('keyboard')}
            title={t('keyboard')}
            disabled={disabled}
            onClick={() => {
              toggleSoftKeyboard();
              // The keyboard opens (or closes) on the next focus of the input.
              input.current?.blur();
              later(focus, 0);
            }}
            data-testid="pda-keyboard-button"
          />
        )}
        <Button
          size="large"
          className="pda-camera-button"
          icon={<CameraOutlined />}
          aria-label={t('camera.open')}
          title={t('camera.open')}
          disabled={disabled}
          onClick={() => setCamera(true)}
          data-testid="pda-camera-button"
        />
        {camera && (
          <Suspense fallback={null}>
            <CameraScanner
              onDetected={(code) => {
                setCamera(false);
                scannedByCamera(code);
              }}
              onClose={() => setCamera(false)}
            />
          </Suspense>
        )}
      </div>
      <div className="pda-scan-hint" data-testid="pda-scan-hint">
        {label}
      </div>
    </div>
  );
}
