/**
 * A bill form's master-code field (vendor, part, storage location, locator ...): a text box that suggests the
 * organisation's records as the user types — code and name — read through Bill/RefOptions, so a clerk finds
 * a vendor by its name. The value stays what is typed: a scanned or typed code followed by Enter is kept as it
 * is (no suggestion is picked unless the user moves to one), and Bill/Save checks it as before.
 */
import { useEffect, useState } from 'react';
import { AutoComplete, Input, Typography } from 'antd';
import { keepPreviousData, useQuery } from '@tanstack/react-query';
import type { BillRefField } from '../../../shared/bills/fields';
import { loadRefOptions } from '../api';

/** How long the typing pauses before the suggestions are asked for. */
const TYPING_PAUSE_MS = 250;

export interface RefInputProps {
  billType: string;
  field: BillRefField;
  /** For a locator: the line's storage location, whose locators are suggested. */
  sic?: string;
  value?: string;
  onChange?(value: string): void;
  id?: string;
  'aria-label'?: string;
  placeholder?: string;
}

export function RefInput({ billType, field, sic, value, onChange, id, 'aria-label': ariaLabel, placeholder }: RefInputProps) {
  const [active, setActive] = useState(false);
  const [key, setKey] = useState(value ?? '');
  useEffect(() => {
    const timer = setTimeout(() => setKey((value ?? '').trim()), TYPING_PAUSE_MS);
    return () => clearTimeout(timer);
  }, [value]);
  const suggestions = useQuery({
    queryKey: ['bills', 'refOptions', billType, field, sic ?? '', key],
    queryFn: () => loadRefOptions({ BillType: billType, Field: field, Key: key, ...(sic ? { Sic: sic } : {}) }),
    // Only for the field the user is in: a form of fifty lines does not ask for each.
    enabled: active,
    staleTime: 30_000,
    placeholderData: keepPreviousData,
  });
  const options = (suggestions.data ?? []).map((option) => ({
    value: option.Code,
    label: (
      <span>
        {option.Code} <Typography.Text type="secondary">{option.Name}</Typography.Text>
      </span>
    ),
  }));
  return (
    <AutoComplete
      id={id}
      value={value}
      onChange={(next) => onChange?.(next)}
      onFocus={() => setActive(true)}
      options={options}
      defaultActiveFirstOption={false}
      popupMatchSelectWidth={false}
      maxLength={100}
      style={{ width: '100%' }}
    >
      {/*
        A text box of its own: its name is on the box alone (on the select it would name its frame too), and it is
        a text box, not the select's search box, which Chromium empties on Escape.
      */}
      <Input type="text" aria-label={ariaLabel} placeholder={placeholder} />
    </AutoComplete>
  );
}
