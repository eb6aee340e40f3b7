/**
 * Pinyin search keys of a Chinese menu title (spec §2 search): initials ('采购入库' -> 'cgrk') and
 * the full syllables ('caigouruku'), so operators type a few Latin letters instead of switching
 * input method. pinyin-pro (maintained, word-aware for polyphonic characters such as 行) is about
 * 320 KB, so it is loaded on the first search, not with the shell.
 */
export interface PinyinKeys {
  initials: string;
  full: string;
}

export type PinyinKeysOf = (title: string) => PinyinKeys;

const LATIN = /[^a-z0-9]/g;

let loading: Promise<PinyinKeysOf> | null = null;

/** Loads pinyin-pro once; the returned function is synchronous. */
export function loadPinyinKeys(): Promise<PinyinKeysOf> {
  loading ??= import('pinyin-pro').then(({ pinyin }) => {
    // Each keystroke searches every title again; a menu has a few hundred, so keep their keys.
    const cache = new Map<string, PinyinKeys>();
    return (title: string) => {
      let keys = cache.get(title);
      if (!keys) {
        keys = {
          initials: pinyin(title, { pattern: 'first', toneType: 'none', type: 'array' }).join('').toLowerCase().replace(LATIN, ''),
          full: pinyin(title, { toneType: 'none', type: 'array' }).join('').toLowerCase().replace(LATIN, ''),
        };
        cache.set(title, keys);
      }
      return keys;
    };
  });
  return loading;
}
