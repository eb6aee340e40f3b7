import { CloseCircleFilled } from '@ant-design/icons';
import { Button, theme } from 'antd';
import { useTranslation } from 'react-i18next';
import { useRouteError } from 'react-router-dom';
import { ChunkLoadTimeoutError } from './chunkLoad';

/**
 * A page that failed while loading or rendering (spec §8 "Module not found on navigation: the
 * error message"), most often a page chunk the browser could not fetch after a deployment.
 * Reloading fetches the new chunk names.
 *
 * Loaded with the router, so before login too: plain elements in the theme's colours rather than
 * antd's Result, which the login page would otherwise load for nothing (issue 15); its texts are in
 * the namespace bundled with the login page, so they show even when no further chunk loads.
 */
export function RouteErrorPage() {
  const { t } = useTranslation('common');
  const { token } = theme.useToken();
  const error = useRouteError();
  const message =
    error instanceof ChunkLoadTimeoutError
      ? t('routeError.chunkTimeout', { seconds: error.timeoutMs / 1000 })
      : error instanceof Error
        ? error.message
        : String(error ?? '');
  return (
    <div role="alert" style={{ padding: '48px 32px', textAlign: 'center' }}>
      <CloseCircleFilled style={{ fontSize: 72, color: token.colorError }} />
      <div style={{ margin: '24px 0 8px', fontSize: token.fontSizeHeading3, color: token.colorTextHeading }}>{t('routeError.title')}</div>
      <div style={{ color: token.colorTextDescription }}>{message}</div>
      <Button type="primary" style={{ marginTop: 24 }} onClick={() => window.location.reload()}>
        {t('routeError.reload')}
      </Button>
    </div>
  );
}
