/**
 * i18next set-up: zh-chs is the default, en the fallback (spec §1, §9). The language lives in the
 * `language` cookie (the api sends it as Accept-Language). Resources are one JSON file per
 * namespace per language under locales/<lng>/<ns>.json, so each area owns its own texts; a test
 * checks that both languages have the same keys.
 */
import i18n from 'i18next';
import { initReactI18next } from 'react-i18next';
import { DEFAULT_LANGUAGE, LANGUAGES, type Language } from '../../shared/bilingual';
import { COOKIE, readCookie, writeCookie } from '../session/cookies';

export { DEFAULT_LANGUAGE, LANGUAGES, type Language };

const files = import.meta.glob<{ default: Record<string, unknown> }>('./locales/*/*.json', { eager: true });

export function loadResources() {
  const resources: Record<string, Record<string, Record<string, unknown>>> = {};
  for (const [file, mod] of Object.entries(files)) {
    const [, lng, ns] = /\.\/locales\/([^/]+)\/([^/]+)\.json$/.exec(file)!;
    (resources[lng] ??= {})[ns] = mod.default;
  }
  return resources;
}

export const currentLanguage = (): Language => {
  const stored = readCookie(COOKIE.language);
  return (LANGUAGES as readonly string[]).includes(stored ?? '') ? (stored as Language) : DEFAULT_LANGUAGE;
};

const resources = loadResources();

void i18n.use(initReactI18next).init({
  resources,
  lng: currentLanguage(),
  fallbackLng: 'en',
  supportedLngs: [...LANGUAGES],
  lowerCaseLng: true,
  ns: Object.keys(resources[DEFAULT_LANGUAGE] ?? { common: {} }),
  defaultNS: 'common',
  interpolation: { escapeValue: false },
  returnNull: false,
});

export function changeLanguage(lng: Language) {
  writeCookie(COOKIE.language, lng, 365);
  return i18n.changeLanguage(lng);
}

export default i18n;
