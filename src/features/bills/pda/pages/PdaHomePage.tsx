/** /pda: the signed-in user's PDA menus as big tiles, by group; a menu without a page here yet is shown greyed. */
import { Empty, Spin } from 'antd';
import { Link } from 'react-router-dom';
import { useTranslation } from 'react-i18next';
import { MenuIcon } from '../../../../shell/layout/MenuIcon';
import { pickTitle, useLanguage } from '../../../../core/i18n/localizedTitle';
import { menuGroupsOf, usePdaMenus } from '../api';
import { PDA_PAGE_LINKS } from '../pdaPages';

export default function PdaHomePage() {
  const { t } = useTranslation('pda');
  const language = useLanguage();
  const menus = usePdaMenus();
  if (menus.isPending) return <Spin size="large" className="pda-spin" />;
  const groups = menuGroupsOf(menus.data ?? []);
  if (!groups.length) return <Empty description={t('noMenus')} />;
  const title = (item: { Menu_Name: string; MENU_EN: string }) => pickTitle({ zh: item.Menu_Name, en: item.MENU_EN }, language);

  return (
    <div data-testid="pda-home">
      {groups.map(({ item, pages }) => (
        <section key={item.Id} className="pda-group">
          <h2 className="pda-group-title">{title(item)}</h2>
          <div className="pda-tiles">
            {pages.map((page) =>
              PDA_PAGE_LINKS.includes(page.Link_Url) ? (
                <Link key={page.Id} to={page.Link_Url} className="pda-tile" data-testid={`pda-menu-${page.Menu_Code}`}>
                  <MenuIcon name={page.Icon_Url} className="pda-tile-icon" />
                  <span>{title(page)}</span>
                </Link>
              ) : (
                <span key={page.Id} className="pda-tile pda-tile--off" aria-disabled title={t('notYet')}>
                  <MenuIcon name={page.Icon_Url} className="pda-tile-icon" />
                  <span>{title(page)}</span>
                  <small>{t('notYet')}</small>
                </span>
              ),
            )}
          </div>
        </section>
      ))}
    </div>
  );
}
