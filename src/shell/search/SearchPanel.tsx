/**
 * Global menu search (spec §2): opened by the header button or the s key (not while typing),
 * closed by Esc; the input takes focus 500 ms after opening (after the dialog's animation).
 * Matches Chinese and English titles and the pinyin of Chinese ones ('cgrk' finds 采购入库);
 * arrows move through the results, Enter opens the highlighted one (the first by default).
 */
import { useEffect, useRef, useState, type KeyboardEvent as ReactKeyboardEvent } from 'react';
import { Empty, Input, Modal, Typography, type InputRef } from 'antd';
import { useTranslation } from 'react-i18next';
import { useNavigationStore } from '../../core/navigation/navigationStore';
import type { SearchEntry } from '../../core/navigation/types';
import { pickTitle, useLanguage } from '../../core/i18n/localizedTitle';
import { loadPinyinKeys, type PinyinKeysOf } from './pinyinKeys';
import { searchMenus } from './searchMenus';
import './search.css';

export const SEARCH_HOTKEY = 's';
export const SEARCH_FOCUS_DELAY_MS = 500;

const isTyping = (target: EventTarget | null) =>
  target instanceof HTMLElement && (target.isContentEditable || ['INPUT', 'TEXTAREA', 'SELECT'].includes(target.tagName));

/** Calls `open` when the user presses s outside any input. */
export function useSearchHotkey(open: () => void) {
  useEffect(() => {
    const onKeyDown = (event: KeyboardEvent) => {
      if (event.key !== SEARCH_HOTKEY || event.ctrlKey || event.metaKey || event.altKey || isTyping(event.target)) return;
      event.preventDefault();
      open();
    };
    document.addEventListener('keydown', onKeyDown);
    return () => document.removeEventListener('keydown', onKeyDown);
  }, [open]);
}

export function SearchPanel({ open, onClose, onSelect }: { open: boolean; onClose(): void; onSelect(entry: SearchEntry): void }) {
  const { t } = useTranslation('shell');
  const language = useLanguage();
  const entries = useNavigationStore((s) => s.searchIndex);
  const [query, setQuery] = useState('');
  const [active, setActive] = useState(0);
  const [pinyinOf, setPinyinOf] = useState<PinyinKeysOf>();
  const input = useRef<InputRef>(null);
  const matches = searchMenus(entries, query, pinyinOf);
  const activeIndex = Math.min(active, Math.max(matches.length - 1, 0));

  useEffect(() => {
    if (!open) return;
    const timer = window.setTimeout(() => input.current?.focus(), SEARCH_FOCUS_DELAY_MS);
    // Pinyin keys load with the first opening; title search works meanwhile.
    let cancelled = false;
    loadPinyinKeys().then(
      (keysOf) => !cancelled && setPinyinOf(() => keysOf),
      (error: unknown) => console.error('pinyin search unavailable', error),
    );
    return () => {
      cancelled = true;
      window.clearTimeout(timer);
    };
  }, [open]);

  const close = () => {
    setQuery('');
    setActive(0);
    onClose();
  };
  // Esc closes the panel even before the input has the focus (the dialog only hears keys inside it).
  const closeOnEscape = useRef(close);
  useEffect(() => {
    closeOnEscape.current = close;
  });
  useEffect(() => {
    if (!open) return;
    const onKeyDown = (event: KeyboardEvent) => {
      if (event.key === 'Escape') closeOnEscape.current();
    };
    document.addEventListener('keydown', onKeyDown);
    return () => document.removeEventListener('keydown', onKeyDown);
  }, [open]);
  const select = (entry: SearchEntry) => {
    close();
    onSelect(entry);
  };

  // Arrows move the highlighted result (wrapping), Enter opens it; focus stays in the input.
  const onKeyDown = (event: ReactKeyboardEvent<HTMLInputElement>) => {
    if (!matches.length) return;
    if (event.key === 'ArrowDown' || event.key === 'ArrowUp') {
      event.preventDefault();
      const step = event.key === 'ArrowDown' ? 1 : -1;
      setActive((activeIndex + step + matches.length) % matches.length);
    } else if (event.key === 'Enter' && !event.nativeEvent.isComposing) {
      event.preventDefault();
      select(matches[activeIndex]);
    }
  };
  const optionId = (index: number) => `shell-search-option-${index}`;

  return (
    <Modal title={t('search.title')} open={open} onCancel={close} footer={null} keyboard destroyOnHidden>
      <Input
        ref={input}
        allowClear
        placeholder={t('search.placeholder')}
        aria-label={t('search.title')}
        role="combobox"
        aria-expanded={matches.length > 0}
        aria-controls="shell-search-results"
        aria-activedescendant={matches.length ? optionId(activeIndex) : undefined}
        value={query}
        onChange={(e) => {
          setQuery(e.target.value);
          setActive(0);
        }}
        onKeyDown={onKeyDown}
      />
      <Typography.Text type="secondary">{t('search.hint')}</Typography.Text>
      {query.trim() && !matches.length ? (
        <Empty image={Empty.PRESENTED_IMAGE_SIMPLE} description={t('search.empty')} />
      ) : (
        <ul id="shell-search-results" role="listbox" aria-label={t('search.title')} className="shell-search-results">
          {matches.map((entry, index) => (
            <li
              key={entry.path}
              id={optionId(index)}
              role="option"
              aria-selected={index === activeIndex}
              className={index === activeIndex ? 'shell-search-result shell-search-result-active' : 'shell-search-result'}
              onMouseEnter={() => setActive(index)}
              onClick={() => select(entry)}
            >
              <span>{pickTitle(entry.title, language)}</span>
              <Typography.Text type="secondary" className="shell-search-result-alt">
                {language === 'en' ? entry.title.zh : entry.title.en}
              </Typography.Text>
            </li>
          ))}
        </ul>
      )}
    </Modal>
  );
}
