import { Segmented } from 'antd';
import { useTranslation } from 'react-i18next';
import { changeLanguage, LANGUAGES, type Language } from '../../../core/i18n';

/** zh-chs / en switch shown on the login page; the choice is kept in the language cookie. */
export function LanguageSwitch({ className }: { className?: string }) {
  const { t, i18n } = useTranslation('login');
  return (
    <Segmented<Language>
      className={className}
      aria-label={t('language.label')}
      value={i18n.language === 'en' ? 'en' : 'zh-chs'}
      options={LANGUAGES.map((language) => ({ value: language, label: t(`language.${language}`) }))}
      onChange={(language) => void changeLanguage(language)}
    />
  );
}
