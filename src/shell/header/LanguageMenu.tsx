import { TranslationOutlined } from '@ant-design/icons';
import { Button, Dropdown } from 'antd';
import { useTranslation } from 'react-i18next';
import { changeLanguage, LANGUAGES, type Language } from '../../core/i18n';
import { useLanguage } from '../../core/i18n/localizedTitle';

/** zh-chs / en; menus, tabs and titles re-render in place (they hold both languages). */
export function LanguageMenu() {
  const { t } = useTranslation('shell');
  const language = useLanguage();
  return (
    <Dropdown
      trigger={['click']}
      menu={{
        selectable: true,
        selectedKeys: [language],
        items: LANGUAGES.map((lng) => ({ key: lng, label: t(`language.${lng}`) })),
        onClick: ({ key }) => void changeLanguage(key as Language),
      }}
    >
      <Button type="text" className="shell-header-button shell-header-narrow-icon" aria-label={t('header.language')} icon={<TranslationOutlined />}>
        {t(`language.${language}`)}
      </Button>
    </Dropdown>
  );
}
