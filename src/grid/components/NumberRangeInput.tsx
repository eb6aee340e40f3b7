import { InputNumber, Space } from 'antd';
import { useTranslation } from 'react-i18next';
import { clampNumberRange, isHalfFilledRange, type RangeEnd } from '../logic/numberRange';
import type { NumberRangeValue } from '../model/types';

interface NumberRangeInputProps {
  value: NumberRangeValue;
  onChange(value: NumberRangeValue): void;
  disabled?: boolean;
  ariaLabel: string;
}

/**
 * Two number inputs (spec §5): min never exceeds max, and one end alone shows the error state.
 * Clamping waits for the input to lose focus, so typing '15' is not clamped at its '1'.
 */
export function NumberRangeInput({ value, onChange, disabled, ariaLabel }: NumberRangeInputProps) {
  const { t } = useTranslation('grid');
  const status = isHalfFilledRange(value) ? 'error' : undefined;
  const change = (end: RangeEnd, n: number | null) => onChange(end === 'min' ? [n, value[1]] : [value[0], n]);
  const clamp = (end: RangeEnd) => {
    const clamped = clampNumberRange(value, end);
    if (clamped[0] !== value[0] || clamped[1] !== value[1]) onChange(clamped);
  };
  return (
    <Space.Compact block>
      <InputNumber
        aria-label={`${ariaLabel} ${t('numberRange.min')}`}
        placeholder={t('numberRange.min')}
        value={value[0]}
        status={status}
        disabled={disabled}
        style={{ width: '50%' }}
        onChange={(n) => change('min', typeof n === 'number' ? n : null)}
        onBlur={() => clamp('min')}
      />
      <InputNumber
        aria-label={`${ariaLabel} ${t('numberRange.max')}`}
        placeholder={t('numberRange.max')}
        value={value[1]}
        status={status}
        disabled={disabled}
        style={{ width: '50%' }}
        onChange={(n) => change('max', typeof n === 'number' ? n : null)}
        onBlur={() => clamp('max')}
      />
    </Space.Compact>
  );
}
