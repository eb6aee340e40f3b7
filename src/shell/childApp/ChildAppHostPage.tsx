/**
 * The child-app host (spec §2 /micro): /micro/{appCode}/{path inside the app} loads the app in a
 * frame (./ChildAppFrame.tsx) and tells it the inner path. Menu items with a child-app URL (routes
 * micro/{appCode}/...) render it too, inside their own tab. With child-app debug on, a URL the
 * developer entered in the debug drawer replaces the server's.
 */
import { Result } from 'antd';
import { useTranslation } from 'react-i18next';
import { useLocation, useParams } from 'react-router-dom';
import { useMenuRoute } from '../../core/navigation/menuRouteContext';
import { useNavigationStore } from '../../core/navigation/navigationStore';
import { STATIC_PATHS } from '../../core/navigation/staticPaths';
import { pickTitle, useLanguage } from '../../core/i18n/localizedTitle';
import { effectiveChildAppUrl } from './childAppDebug';
import { ChildAppFrame } from './ChildAppFrame';

const MICRO_PREFIX = `${STATIC_PATHS.micro.slice(1)}/`;

/** 'DEMO/orders/1' -> app DEMO, path /orders/1. */
export function splitChildAppPath(pathInHost: string): { appCode: string; innerPath: string } {
  const [appCode = '', ...rest] = pathInHost.split('/').filter(Boolean);
  return { appCode, innerPath: `/${rest.join('/')}` };
}

export function ChildAppHostPage() {
  const { t } = useTranslation('shell');
  const language = useLanguage();
  const menuRoute = useMenuRoute();
  const { '*': splat = '' } = useParams();
  const childApps = useNavigationStore((s) => s.childApps);
  const pathInHost = menuRoute ? menuRoute.path.slice(MICRO_PREFIX.length) : splat;
  const { appCode, innerPath } = splitChildAppPath(pathInHost);
  const app = childApps.find((candidate) => candidate.Code === appCode);
  const url = menuRoute?.appUrl ?? app?.Url;

  const location = useLocation();

  if ((!app && !menuRoute) || !url) {
    return <Result status="warning" title={t('childApp.unknownTitle')} subTitle={t('childApp.unknown', { code: appCode })} />;
  }
  return (
    <ChildAppFrame
      code={appCode}
      name={app?.Name ?? (menuRoute ? pickTitle(menuRoute.title, language) : appCode)}
      url={effectiveChildAppUrl(appCode, url)}
      innerPath={innerPath}
      fullPath={`${location.pathname}${location.search}`}
    />
  );
}
