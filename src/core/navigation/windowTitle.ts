/**
 * Window title = product name + page title (spec §2). A page opened with a `code` query value
 * (report pages, links from other screens) is titled by the menu item of that code.
 */
import type { Language } from '../i18n';
import type { SearchEntry } from './types';

const pick = (entry: SearchEntry, language: Language) => (language === 'en' ? entry.title.en || entry.title.zh : entry.title.zh);

export function pageTitleFor(
  location: { pathname: string; search: string },
  entries: readonly SearchEntry[],
  language: Language,
): string | undefined {
  const code = new URLSearchParams(location.search).get('code');
  if (code) {
    const byCode = entries.find((e) => !e.newWindow && (e.name === code || e.path.endsWith(`/${code}`)));
    if (byCode) return pick(byCode, language);
  }
  const byPath = entries.find((e) => !e.newWindow && e.path === location.pathname);
  return byPath ? pick(byPath, language) : undefined;
}

export const windowTitle = (productName: string, pageTitle?: string) =>
  pageTitle ? `${productName} - ${pageTitle}` : productName;
