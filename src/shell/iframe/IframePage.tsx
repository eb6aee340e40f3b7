import { Result } from 'antd';
import { useTranslation } from 'react-i18next';
import { useParams, useSearchParams } from 'react-router-dom';
import { isHttpUrl } from '../../shared/http-url';
import { useNavigationStore } from '../../core/navigation/navigationStore';
import { ModuleNotFoundPage } from '../pages/ModuleNotFoundPage';
import { STATIC_PATHS } from '../../core/navigation/staticPaths';
import type { DynamicRoute } from '../../core/navigation/types';
import { pickTitle, useLanguage } from '../../core/i18n/localizedTitle';
import './iframe.css';

function EmbeddedPage({ src, title }: { src: string; title: string }) {
  return <iframe className="shell-iframe" src={src} title={title} />;
}

/** An embedded page at /Iframe/{menuCode} (spec §2): placeholders and OrganizeId/token already in the URL. */
export function IframePage({ route }: { route: DynamicRoute }) {
  const language = useLanguage();
  return <EmbeddedPage src={route.iframeUrl ?? ''} title={pickTitle(route.title, language)} />;
}

/** Query parameters of the static /Iframe route: the address to embed and the frame's title. */
export const IFRAME_URL_PARAM = 'url';
export const IFRAME_TITLE_PARAM = 'title';

const originOf = (url: string) => (isHttpUrl(url) ? new URL(url).origin : undefined);

/**
 * Origins the static /Iframe route may embed: the portal's own, the API configuration's hosts and
 * the hosts of the user's menu iframes. Anything else is refused, so a crafted link cannot dress
 * another site up as a portal page.
 */
export function useEmbeddableOrigins(): Set<string> {
  const apiConfig = useNavigationStore((s) => s.apiConfig);
  const routes = useNavigationStore((s) => s.routes);
  const urls = [...Object.values(apiConfig), ...routes.map((route) => route.iframeUrl ?? '')];
  return new Set([window.location.origin, ...urls.map(originOf).filter((origin): origin is string => Boolean(origin))]);
}

/** The static /Iframe route (spec §2 "an embedded external page"): /Iframe?url=<http(s) address>&title=<text>. */
export function UrlIframePage() {
  const { t } = useTranslation('shell');
  const [params] = useSearchParams();
  const allowedOrigins = useEmbeddableOrigins();
  const url = params.get(IFRAME_URL_PARAM) ?? '';
  const origin = originOf(url);
  if (!origin || !allowedOrigins.has(origin)) {
    return <Result status="warning" title={t('iframe.refusedTitle')} subTitle={t('iframe.refused', { url })} />;
  }
  return <EmbeddedPage src={url} title={params.get(IFRAME_TITLE_PARAM) || url} />;
}

/** /Iframe/{menuCode} for a code with no iframe menu of this user (an old bookmark, a revoked menu). */
export function UnknownMenuIframePage() {
  const { menuCode = '' } = useParams();
  return <ModuleNotFoundPage moduleKey={`${STATIC_PATHS.iframe.slice(1)}/${menuCode}`} />;
}
