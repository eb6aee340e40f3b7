/**
 * i18next set-up: zh-chs is the default, en the fallback (spec §1, §9). The language lives in the
 * `language` cookie (the api sends it as Accept-Language). Resources are one JSON file per
 * namespace per language under locales/<lng>/<ns>.json, so each area owns its own texts; a test
 * checks that both languages have the same keys.
 *
 * Only the namespaces the login page uses are bundled with it (issue 15: its JS near the stack's
 * floor); the rest come in one chunk (allTexts.ts) that the guard loads with the session bootstrap
 * (loadAllTexts), and that a namespace asked for earlier loads too (the backend below; react-i18next
 * suspends meanwhile).
 */
import i18n, { type BackendModule } from 'i18next';
import { initReactI18next } from 'react-i18next';
import { DEFAULT_LANGUAGE, LANGUAGES, type Language } from '../../shared/bilingual';
import { COOKIE, readCookie, writeCookie } from '../session/cookies';

import { textsOf, type Texts } from './resources';

export { DEFAULT_LANGUAGE, LANGUAGES, type Language };

/** What the login page and the api layer's messages use before anyone logs in. */
const LOGIN_PAGE_NAMESPACES = ['common', 'login', 'api'];
const loginPageTexts = textsOf(import.meta.glob<{ default: Record<string, unknown> }>('./locales/*/{common,login,api}.json', { eager: true }));

let allTexts: Promise<Texts> | undefined;
const fetchAllTexts = () =>
  (allTexts ??= import('./allTexts').then(
    (m) => m.ALL_TEXTS,
    (error: unknown) => {
      // A chunk that failed to load is fetched again next time.
      allTexts = undefined;
      throw error;
    },
  ));

/** Gives i18next a namespace it does not have yet from the all-texts chunk. */
const allTextsBackend: BackendModule = {
  type: 'backend',
  init: () => {},
  read: (lng, ns, callback) => {
    fetchAllTexts().then(
      (texts) => callback(null, texts[lng]?.[ns] ?? {}),
      (error: unknown) => callback(error instanceof Error ? error : new Error(String(error)), null),
    );
  },
};

/** Every namespace in both languages, so that no page waits for its texts (the guard calls it with the session bootstrap). */
export async function loadAllTexts(): Promise<void> {
  const texts = await fetchAllTexts();
  for (const [lng, namespaces] of Object.entries(texts)) {
    for (const [ns, resources] of Object.entries(namespaces)) {
      if (!i18n.hasResourceBundle(lng, ns)) i18n.addResourceBundle(lng, ns, resources);
    }
  }
}

export const currentLanguage = (): Language => {
  const stored = readCookie(COOKIE.language);
  return (LANGUAGES as readonly string[]).includes(stored ?? '') ? (stored as Language) : DEFAULT_LANGUAGE;
};

void i18n.use(initReactI18next).use(allTextsBackend).init({
  resources: loginPageTexts,
  // The bundled namespaces are used as they are; any other one is read through the backend.
  partialBundledLanguages: true,
  lng: currentLanguage(),
  fallbackLng: 'en',
  supportedLngs: [...LANGUAGES],
  lowerCaseLng: true,
  ns: LOGIN_PAGE_NAMESPACES,
  defaultNS: 'common',
  interpolation: { escapeValue: false },
  returnNull: false,
});

export function changeLanguage(lng: Language) {
  writeCookie(COOKIE.language, lng, 365);
  return i18n.changeLanguage(lng);
}

export default i18n;
