/** Both languages must have exactly the same keys in every namespace file (src/core/i18n/locales/<lng>/<ns>.json). */
import { readdirSync, readFileSync } from 'node:fs';
import path from 'node:path';
import { describe, expect, it } from 'vitest';

const LOCALES_DIR = path.resolve(__dirname, '../../src/core/i18n/locales');
const LANGUAGES = ['zh-chs', 'en'];

const namespacesOf = (lng: string) =>
  readdirSync(path.join(LOCALES_DIR, lng))
    .filter((file) => file.endsWith('.json'))
    .map((file) => file.replace(/\.json$/, ''))
    .sort();

/** Nested resources as [dotted key, leaf value] pairs. */
function leaves(value: unknown, prefix = ''): [string, unknown][] {
  if (value === null || typeof value !== 'object' || Array.isArray(value)) return [[prefix, value]];
  return Object.entries(value).flatMap(([key, child]) => leaves(child, prefix ? `${prefix}.${key}` : key));
}

const leavesOf = (lng: string, ns: string) =>
  leaves(JSON.parse(readFileSync(path.join(LOCALES_DIR, lng, `${ns}.json`), 'utf8')));

describe('i18n resources', () => {
  it('both languages have the same namespace files', () => {
    expect(namespacesOf('en')).toEqual(namespacesOf('zh-chs'));
    expect(namespacesOf('zh-chs').length).toBeGreaterThan(0);
  });

  describe.each(namespacesOf('zh-chs'))('namespace %s', (ns) => {
    it('has exactly the same keys in zh-chs and en', () => {
      const [zh, en] = LANGUAGES.map((lng) => leavesOf(lng, ns).map(([key]) => key).sort());
      expect(en).toEqual(zh);
    });

    it('has a counted text in both plural forms, _one and _other (i18next picks by the count)', () => {
      const keys = new Set(leavesOf('en', ns).map(([key]) => key));
      const unpaired = [...keys].filter((key) => /_(one|other)$/.test(key) && !keys.has(key.replace(/_(one|other)$/, (_, form) => (form === 'one' ? '_other' : '_one'))));
      expect(unpaired).toEqual([]);
    });

    it('says a count of more than one in the English plural: no "{{count}} <noun>s" text outside an _other key', () => {
      const bare = leavesOf('en', ns).filter(([key, text]) => !key.endsWith('_other') && typeof text === 'string' && /\{\{\w+\}\} (rows|reels|entries|visits|containers|documents)\b/.test(text));
      expect(bare).toEqual([]);
    });

    it.each(LANGUAGES)('has a non-empty text for every key in %s', (lng) => {
      const empty = leavesOf(lng, ns).filter(([, text]) => typeof text !== 'string' || text.trim() === '');
      expect(empty).toEqual([]);
    });
  });
});
