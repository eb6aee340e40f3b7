/**
 * Header tools (spec §2), left to right: environment (ADMIN only), child-app debug (debug ON only), search, open warnings (live), log badge
 * (development builds only), full screen, theme, table tools, printer, language, organisation, user menu.
 */
import { useCallback, useState } from 'react';
import { BgColorsOutlined, SearchOutlined } from '@ant-design/icons';
import { useTranslation } from 'react-i18next';
import { ChildAppDebugButton } from '../childApp/ChildAppDebugDrawer';
import { PrintDialogButton } from '../print/PrintDialog';
import { SearchPanel, useSearchHotkey } from '../search/SearchPanel';
import { ThemeDialog } from '../settings/ThemeDialog';
import { menuOfSearchEntry, useOpenMenu } from '../layout/useOpenMenu';
import { EnvironmentSelector } from './EnvironmentSelector';
import { FullscreenButton } from './FullscreenButton';
import { HeaderButton } from './HeaderButton';
import { LanguageMenu } from './LanguageMenu';
import { LogBadge } from './LogBadge';
import { OrganizationSelector } from './OrganizationSelector';
import { TableToolToggle } from './TableToolToggle';
import { UserMenu } from './UserMenu';
import { WarningBadge } from './WarningBadge';

export function HeaderTools() {
  const { t } = useTranslation('shell');
  const openMenu = useOpenMenu();
  const [panel, setPanel] = useState<'search' | 'theme' | null>(null);
  const openSearch = useCallback(() => setPanel('search'), []);
  useSearchHotkey(openSearch);

  return (
    <div className="shell-header-tools">
      <EnvironmentSelector />
      <ChildAppDebugButton />
      <HeaderButton label={t('header.search')} icon={<SearchOutlined />} onClick={openSearch} />
      <WarningBadge />
      {import.meta.env.DEV && <LogBadge />}
      <FullscreenButton />
      <HeaderButton label={t('header.theme')} icon={<BgColorsOutlined />} onClick={() => setPanel('theme')} />
      <TableToolToggle />
      <PrintDialogButton />
      <LanguageMenu />
      <OrganizationSelector />
      <UserMenu />
      <SearchPanel open={panel === 'search'} onClose={() => setPanel(null)} onSelect={(entry) => openMenu(menuOfSearchEntry(entry))} />
      <ThemeDialog open={panel === 'theme'} onClose={() => setPanel(null)} />
    </div>
  );
}
