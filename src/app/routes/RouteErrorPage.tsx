import { Button, Result } from 'antd';
import { useTranslation } from 'react-i18next';
import { useRouteError } from 'react-router-dom';

const messageOf = (error: unknown) => (error instanceof Error ? error.message : String(error ?? ''));

/**
 * A page that failed while loading or rendering (spec §8 "Module not found on navigation: the
 * error message"), most often a page chunk the browser could not fetch after a deployment.
 * Reloading fetches the new chunk names.
 */
export function RouteErrorPage() {
  const { t } = useTranslation('shell');
  const error = useRouteError();
  return (
    <Result
      status="error"
      title={t('routeError.title')}
      subTitle={messageOf(error)}
      extra={
        <Button type="primary" onClick={() => window.location.reload()}>
          {t('routeError.reload')}
        </Button>
      }
    />
  );
}
