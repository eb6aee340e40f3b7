/**
 * /pda (spec §2 PDA menus; issue 17): the scanning pages for phones and PDAs, in the portal's session
 * (the same guard and login) but without the desktop shell — no aside, tabs or header menus. A bar
 * with the way back, the page's title (its PDA menu's name) and the language; the page under it.
 * Made for a 360 px wide screen with big touch targets.
 */
import { useEffect } from 'react';
import { Button } from 'antd';
import { ArrowLeftOutlined, HomeOutlined } from '@ant-design/icons';
import { Link, Outlet, useLocation, useNavigate } from 'react-router-dom';
import { useTranslation } from 'react-i18next';
import { changeLanguage } from '../../../core/i18n';
import { pickTitle, useLanguage } from '../../../core/i18n/localizedTitle';
import { PDA_HOME } from './pdaPages';
import { usePdaMenus } from './api';
import type { ServerMenuItem } from '../../../core/navigation/types';
import './pda.css';

const findByLink = (items: readonly ServerMenuItem[], link: string): ServerMenuItem | undefined => {
  for (const item of items) {
    if (item.Link_Url === link) return item;
    const found = findByLink(item.children ?? [], link);
    if (found) return found;
  }
  return undefined;
};

/** White on the dark bar, hovered or not (antd's text button turns dark on hover). */
const ON_BAR = { color: '#fff' } as const;

export function usePdaTitle(): string {
  const { t } = useTranslation('pda');
  const language = useLanguage();
  const { pathname } = useLocation();
  const menus = usePdaMenus();
  const menu = findByLink(menus.data ?? [], pathname.replace(/\/$/, ''));
  return menu ? pickTitle({ zh: menu.Menu_Name, en: menu.MENU_EN }, language) : t('title');
}

export default function PdaLayout() {
  const { t } = useTranslation('pda');
  const { t: tCommon } = useTranslation('common');
  const language = useLanguage();
  const navigate = useNavigate();
  const { pathname } = useLocation();
  const title = usePdaTitle();
  const atHome = pathname.replace(/\/$/, '') === PDA_HOME;

  useEffect(() => {
    document.title = `${title} - ${tCommon('productName')}`;
  }, [title, tCommon]);

  return (
    <div className="pda" data-testid="pda-layout">
      <header className="pda-bar">
        {atHome ? (
          <HomeOutlined className="pda-bar-icon" aria-hidden />
        ) : (
          <Button type="text" size="large" className="pda-bar-button" style={ON_BAR} icon={<ArrowLeftOutlined />} aria-label={t('back')} onClick={() => navigate(PDA_HOME)} data-testid="pda-back" />
        )}
        <h1 className="pda-title" data-testid="pda-title">
          {atHome ? <Link to={PDA_HOME}>{title}</Link> : title}
        </h1>
        <Button
          type="text"
          size="large"
          className="pda-bar-button pda-language"
          style={ON_BAR}
          onClick={() => void changeLanguage(language === 'en' ? 'zh-chs' : 'en')}
          data-testid="pda-language"
        >
          {t('language')}
        </Button>
      </header>
      <main className="pda-main">
        <Outlet />
      </main>
    </div>
  );
}
