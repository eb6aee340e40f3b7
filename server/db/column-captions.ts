/**
 * Grid captions live in the source's column comments (spec §3 column config: the caption a column
 * starts with). A comment holds the Chinese caption on its first line and the English one on the
 * second, so one comment serves both languages and still reads well in a database tool; a
 * one-line comment is Chinese only and English callers fall back to it.
 */
import type { Language } from '../../src/shared/messages/catalogue.ts';

export const bilingualCaption = (zh: string, en?: string) => (en && en !== zh ? `${zh}\n${en}` : zh);

export function captionIn(comment: string, language: Language): string {
  const [zh, en] = comment.split('\n');
  return language === 'en' && en ? en : zh;
}
