import { Button, Result } from 'antd';
import { useTranslation } from 'react-i18next';
import { useLocation, useNavigate } from 'react-router-dom';
import { pageRegistry } from '../pageRegistry';
import { STATIC_PATHS } from '../../core/navigation/staticPaths';

/** 'admin/role' for /admin/role (registry keys are menu links without the leading slash). */
const screenKey = (pathname: string) => pathname.replace(/^\/+/, '').replace(/\/+$/, '');

/**
 * Any path that is neither a static route nor a screen of the user's menu (spec §2). The user's
 * routes come from their role's menu, so the address of a screen the portal has but their role does
 * not grant lands here too: that one says 403 '拒绝访问' (spec §8), not that the page does not exist.
 */
export function NotFoundPage() {
  const { t } = useTranslation('shell');
  const navigate = useNavigate();
  const { pathname } = useLocation();
  const isOtherRolesScreen = screenKey(pathname) in pageRegistry;
  return (
    <Result
      status={isOtherRolesScreen ? '403' : '404'}
      title={isOtherRolesScreen ? '403' : '404'}
      subTitle={isOtherRolesScreen ? t('noAccess.message') : t('notFound.message')}
      extra={
        <Button type="primary" onClick={() => navigate(STATIC_PATHS.home)}>
          {t('notFound.backHome')}
        </Button>
      }
    />
  );
}
