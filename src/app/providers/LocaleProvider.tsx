import { useEffect, type ReactNode } from 'react';
import { ConfigProvider } from 'antd';
// The ES builds: the production bundle turns 'antd/locale/zh_CN' (CommonJS) into { default: locale },
// and antd then silently falls back to English for its own texts (OK, Cancel, pagination).
import zhCN from 'antd/es/locale/zh_CN';
import enUS from 'antd/es/locale/en_US';
import dayjs from 'dayjs';
import 'dayjs/locale/zh-cn';
import { useTranslation } from 'react-i18next';
import type { Language } from '../../core/i18n';

const ANTD_LOCALES = { 'zh-chs': zhCN, en: enUS } satisfies Record<Language, unknown>;
const DAYJS_LOCALES = { 'zh-chs': 'zh-cn', en: 'en' } satisfies Record<Language, string>;
const HTML_LANGS = { 'zh-chs': 'zh-CN', en: 'en' } satisfies Record<Language, string>;

const asLanguage = (lng: string): Language => (lng === 'en' ? 'en' : 'zh-chs');

/**
 * antd (and pro-components, which read antd's locale), dayjs and the document language follow
 * the i18next language, so one language switch changes every text, date picker and table pager.
 * The window title is the pages' business (the shell titles its pages, the login page its own),
 * and the theme is the per-user ShellThemeProvider's.
 */
export function LocaleProvider({ children }: { children: ReactNode }) {
  const { i18n } = useTranslation();
  const language = asLanguage(i18n.language);
  // Before the children render (an effect would run after them): dates in this render already use it.
  dayjs.locale(DAYJS_LOCALES[language]);

  useEffect(() => {
    document.documentElement.lang = HTML_LANGS[language];
  }, [language]);

  return (
    <ConfigProvider locale={ANTD_LOCALES[language]}>
      {children}
    </ConfigProvider>
  );
}
