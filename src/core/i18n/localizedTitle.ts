/** Menu titles carry both languages (Menu_Name / MENU_EN); the UI picks one by the i18n language. */
import { useTranslation } from 'react-i18next';
import type { LocalizedTitle } from '../navigation/types';
import type { Language } from './';

export const toLanguage = (lng: string | undefined): Language => (lng === 'en' ? 'en' : 'zh-chs');

export const pickTitle = (title: LocalizedTitle, language: Language) => (language === 'en' ? title.en || title.zh : title.zh);

/** The current language; components using it re-render on a language switch. */
export function useLanguage(): Language {
  const { i18n } = useTranslation();
  return toLanguage(i18n.language);
}
