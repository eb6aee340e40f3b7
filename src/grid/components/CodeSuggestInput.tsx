/**
 * A master-code field (vendor, part, storage location, locator ...): a text box that suggests the
 * organisation's records as the user types — code and name — so a clerk finds a part by its name. The value
 * stays what is typed: a scanned or typed code followed by Enter is kept as it is (no suggestion is picked
 * unless the user moves to one), and the form's own call checks it. Where the suggestions come from (and under
 * which grant) is the screen's: `suggest`, named by `source` for the cache.
 */
import { useEffect, useState } from 'react';
import { AutoComplete, Input, Typography } from 'antd';
import { keepPreviousData, useQuery } from '@tanstack/react-query';
import type { CodeSuggestion } from '../../shared/masterdata/suggestions';

/** How long the typing pauses before the suggestions are asked for. */
const TYPING_PAUSE_MS = 250;

export interface CodeSuggestInputProps {
  /** What the suggestions are of, as a cache key (the field, and whatever narrows it, e.g. the storage location). */
  source: readonly unknown[];
  suggest(key: string): Promise<CodeSuggestion[]>;
  value?: string;
  onChange?(value: string): void;
  id?: string;
  'aria-label'?: string;
  placeholder?: string;
  autoFocus?: boolean;
  /** Shows a clear button (search forms). */
  allowClear?: boolean;
  style?: React.CSSProperties;
}

export function CodeSuggestInput(props: CodeSuggestInputProps) {
  const { source, suggest, value, onChange, id, 'aria-label': ariaLabel, placeholder, autoFocus, allowClear, style } = props;
  const [active, setActive] = useState(false);
  const [key, setKey] = useState(value ?? '');
  useEffect(() => {
    const timer = setTimeout(() => setKey((value ?? '').trim()), TYPING_PAUSE_MS);
    return () => clearTimeout(timer);
  }, [value]);
  const suggestions = useQuery({
    queryKey: ['codeSuggestions', ...source, key],
    queryFn: () => suggest(key),
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
      onChange={(next) => onChange?.(next ?? '')}
      onFocus={() => setActive(true)}
      options={options}
      defaultActiveFirstOption={false}
      popupMatchSelectWidth={false}
      maxLength={100}
      allowClear={allowClear}
      style={style ?? { width: '100%' }}
    >
      {/*
        A text box of its own: its name is on the box alone (on the select it would name its frame too), and it is
        a text box, not the select's search box, which Chromium empties on Escape.
      */}
      <Input type="text" aria-label={ariaLabel} placeholder={placeholder} autoFocus={autoFocus} />
    </AutoComplete>
  );
}
