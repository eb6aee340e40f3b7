import type { SearchEntry } from '../../core/navigation/types';
import type { PinyinKeysOf } from './pinyinKeys';

export const SEARCH_RESULT_LIMIT = 50;

/**
 * Entries whose Chinese or English title, or the pinyin initials / full pinyin of the Chinese
 * title (when `pinyinOf` is loaded), contains the query, case-insensitive. Best first: an exact
 * match, then a prefix, then anywhere; ties keep menu order.
 */
export function searchMenus(entries: readonly SearchEntry[], query: string, pinyinOf?: PinyinKeysOf): SearchEntry[] {
  const needle = query.trim().toLowerCase();
  if (!needle) return [];
  const keysOf = (entry: SearchEntry) => {
    const keys = [entry.title.zh.toLowerCase(), entry.title.en.toLowerCase()];
    if (pinyinOf && entry.title.zh) {
      const { initials, full } = pinyinOf(entry.title.zh);
      keys.push(initials, full);
    }
    return keys.filter(Boolean);
  };
  const score = (entry: SearchEntry) => {
    const keys = keysOf(entry);
    if (keys.some((key) => key === needle)) return 0;
    if (keys.some((key) => key.startsWith(needle))) return 1;
    return keys.some((key) => key.includes(needle)) ? 2 : -1;
  };
  return entries
    .map((entry) => ({ entry, rank: score(entry) }))
    .filter(({ rank }) => rank >= 0)
    .sort((a, b) => a.rank - b.rank)
    .slice(0, SEARCH_RESULT_LIMIT)
    .map(({ entry }) => entry);
}
