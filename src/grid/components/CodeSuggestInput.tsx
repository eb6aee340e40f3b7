/**
 * A master-code field (vendor, part, storage location, locator ...): a text box that suggests the
 * organisation's records as the user types — code, name and detail (a part's specification) — so a clerk finds a
 * part by its name or specification. The value
 * stays what is typed: a scanned or typed code followed by Enter is kept as it is (no suggestion is picked
 * unless the user moves to one), and the form's own call checks it. Where the suggestions come from (and under
 * which grant) is the screen's: `suggest`, named by `source` for the cache. CodeSuggestTags is the same for a
 * field of several codes.
 */
import { useEffect, useState } from 'react';
import { AutoComplete, Input, Select, Typography } from 'antd';
import { keepPreviousData, useQuery } from '@tanstack/react-query';
import { suggestionsFitting, type CodeSuggestion } from '../../shared/masterdata/suggestions';

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

/** The suggestions for the text typed, asked for once the typing pauses, and only once the box has had focus. */
function useCodeSuggestions(source: readonly unknown[], suggest: (key: string) => Promise<CodeSuggestion[]>, typed: string, active: boolean) {
  const [key, setKey] = useState(typed.trim());
  useEffect(() => {
    const timer = setTimeout(() => setKey(typed.trim()), TYPING_PAUSE_MS);
    return () => clearTimeout(timer);
  }, [typed]);
  const suggestions = useQuery({
    queryKey: ['codeSuggestions', ...source, key],
    queryFn: () => suggest(key),
    // Only for the field the user is in: a form of fifty lines does not ask for each.
    enabled: active,
    staleTime: 30_000,
    placeholderData: keepPreviousData,
  });
  // A list read for an earlier text shows only what fits this one until this one's arrives.
  return suggestionsFitting(suggestions.data ?? [], typed);
}

const optionLabel = (option: CodeSuggestion) => (
  <span>
    {option.Code} <Typography.Text type="secondary">{option.Detail ? `${option.Name} · ${option.Detail}` : option.Name}</Typography.Text>
  </span>
);

export function CodeSuggestInput(props: CodeSuggestInputProps) {
  const { source, suggest, value, onChange, id, 'aria-label': ariaLabel, placeholder, autoFocus, allowClear, style } = props;
  const [active, setActive] = useState(false);
  const options = useCodeSuggestions(source, suggest, value ?? '', active).map((option) => ({ value: option.Code, label: optionLabel(option) }));
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

export interface CodeSuggestTagsProps extends Pick<CodeSuggestInputProps, 'source' | 'suggest' | 'id' | 'placeholder'> {
  value?: string[];
  onChange?(value: string[]): void;
}

/**
 * Several codes (a count plan's storage locations, locators, parts): each typed or scanned and ended by Enter, a
 * comma or a space, or picked from the suggestions for the text being typed. A tag shows its code. The box is
 * named by its form label (through `id`): a name of its own would name the select's frame too.
 */
export function CodeSuggestTags({ source, suggest, value, onChange, id, placeholder }: CodeSuggestTagsProps) {
  const [active, setActive] = useState(false);
  const [typed, setTyped] = useState('');
  const options = useCodeSuggestions(source, suggest, typed, active).map((option) => ({ value: option.Code, label: option.Code, name: option.Name, detail: option.Detail }));
  return (
    <Select<string[]>
      id={id}
      mode="tags"
      value={value}
      onChange={(next) => onChange?.(next)}
      onFocus={() => setActive(true)}
      searchValue={typed}
      onSearch={setTyped}
      // A picked or ended code clears the text (antd keeps it otherwise).
      onSelect={() => setTyped('')}
      tokenSeparators={[',', ' ', '\n']}
      // Already narrowed to the text typed (useCodeSuggestions).
      filterOption={false}
      options={options}
      optionRender={(option) => optionLabel({ Code: String(option.value), Name: String(option.data.name ?? ''), Detail: String(option.data.detail ?? '') })}
      placeholder={placeholder}
      popupMatchSelectWidth={false}
      style={{ width: '100%' }}
    />
  );
}
