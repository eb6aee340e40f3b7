import { useEffect } from 'react';
import { useTranslation } from 'react-i18next';
import { useLocation } from 'react-router-dom';
import { pageTitleFor, windowTitle } from '../../core/navigation/windowTitle';
import { useNavigationStore } from '../../core/navigation/navigationStore';
import { toLanguage } from '../../core/i18n/localizedTitle';
import { menuPathOf } from './menuPath';

/** document.title = product name + page title, in the current language (spec §2). */
export function useWindowTitle() {
  const { t, i18n } = useTranslation('common');
  const { pathname, search } = useLocation();
  const entries = useNavigationStore((s) => s.searchIndex);
  const language = toLanguage(i18n.language);
  useEffect(() => {
    document.title = windowTitle(t('productName'), pageTitleFor({ pathname: menuPathOf(pathname), search }, entries, language));
  }, [t, pathname, search, entries, language]);
}
