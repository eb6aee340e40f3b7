import { DatePicker, Input, InputNumber, Select } from 'antd';
import { useTranslation } from 'react-i18next';
import { useDropdownOptions } from '../api/queries';
import { usesRangeValue } from '../logic/conditions';
import { parseDate as toDayjs } from '../logic/dates';
import { DATA_TYPE, isNullAction } from '../model/codes';
import { DATE_FORMAT } from '../model/constants';
import type { ConditionValue, DateRangeValue, NumberRangeValue, SearchCondition } from '../model/types';
import { NumberRangeInput } from './NumberRangeInput';
import { PagedDropdownPicker } from './PagedDropdownPicker';

interface ConditionValueEditorProps {
  listRoute: string;
  condition: SearchCondition;
  onChange(value: ConditionValue): void;
  ariaLabel: string;
}

/**
 * The value input of one search row, by its data type (spec §3): text, dropdown, number, date
 * (yyyy/MM/dd), date range (yyyy/MM/dd HH:mm:ss), one-value-per-line text, number range and
 * multi-select. Null/not-null actions disable it (its value was cleared with the action).
 */
export function ConditionValueEditor({ listRoute, condition, onChange, ariaLabel }: ConditionValueEditorProps) {
  const { t } = useTranslation('grid');
  const { DATA_TYPE: dataType, ACTION_TYPE: action, value, PARAM_NAME: paramName } = condition;
  const disabled = isNullAction(action);
  const isDropdown = dataType === DATA_TYPE.dropdown || dataType === DATA_TYPE.multiSelect;
  const paged = condition.IS_PAGING === 'Y';
  const options = useDropdownOptions(listRoute, paramName, isDropdown && !paged && !disabled);
  const common = { 'aria-label': ariaLabel, disabled, style: { width: '100%' } };

  if (isDropdown) {
    const multiple = dataType === DATA_TYPE.multiSelect;
    if (paged && paramName) {
      return (
        <PagedDropdownPicker
          listRoute={listRoute}
          paramName={paramName}
          multiple={multiple}
          value={value as string | string[] | null}
          onChange={onChange}
          disabled={disabled}
          ariaLabel={ariaLabel}
        />
      );
    }
    return (
      <Select
        {...common}
        mode={multiple ? 'multiple' : undefined}
        allowClear
        showSearch
        optionFilterProp="label"
        loading={options.isFetching}
        value={multiple ? ((value as string[] | null) ?? []) : ((value as string | null) ?? undefined)}
        options={options.data?.map((o) => ({ value: o.CODE, label: o.NAME }))}
        onChange={(next) => onChange(next ?? null)}
      />
    );
  }

  if (dataType === DATA_TYPE.number || (dataType === DATA_TYPE.numberRange && !usesRangeValue(dataType, action))) {
    return <InputNumber {...common} value={typeof value === 'number' ? value : null} onChange={(n) => onChange(typeof n === 'number' ? n : null)} />;
  }

  if (dataType === DATA_TYPE.numberRange) {
    return (
      <NumberRangeInput
        ariaLabel={ariaLabel}
        disabled={disabled}
        value={(Array.isArray(value) ? value : [null, null]) as NumberRangeValue}
        onChange={onChange}
      />
    );
  }

  if (dataType === DATA_TYPE.date) {
    const format = DATE_FORMAT.searchPicker;
    return (
      <DatePicker
        {...common}
        format={format}
        value={toDayjs(value, format)}
        onChange={(date) => onChange(date ? date.format(format) : null)}
      />
    );
  }

  if (dataType === DATA_TYPE.dateRange) {
    const format = DATE_FORMAT.range;
    if (!usesRangeValue(dataType, action)) {
      return (
        <DatePicker
          {...common}
          showTime
          format={format}
          value={toDayjs(value, format)}
          onChange={(date) => onChange(date ? date.format(format) : null)}
        />
      );
    }
    const [from, to] = (Array.isArray(value) ? value : [null, null]) as DateRangeValue;
    return (
      <DatePicker.RangePicker
        {...common}
        showTime
        format={format}
        value={[toDayjs(from, format), toDayjs(to, format)]}
        onChange={(dates) =>
          onChange(dates ? [dates[0]?.format(format) ?? null, dates[1]?.format(format) ?? null] : [null, null])
        }
      />
    );
  }

  if (dataType === DATA_TYPE.multiLineText) {
    return (
      <Input.TextArea
        {...common}
        autoSize={{ minRows: 1, maxRows: 6 }}
        placeholder={t('search.onePerLine')}
        value={(value as string | null) ?? ''}
        onChange={(e) => onChange(e.target.value)}
      />
    );
  }

  return <Input {...common} allowClear value={(value as string | null) ?? ''} onChange={(e) => onChange(e.target.value)} />;
}
