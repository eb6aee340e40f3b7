import { useEffect } from 'react';
import { Card, Typography } from 'antd';
import { ClusterOutlined } from '@ant-design/icons';
import { useTranslation } from 'react-i18next';
import { useNavigate, useSearchParams } from 'react-router-dom';
import { STATIC_PATHS } from '../../../core/navigation/staticPaths';
import { LanguageSwitch } from '../components/LanguageSwitch';
import { LoginForm } from '../components/LoginForm';
import styles from './LoginPage.module.css';

/** Only a path inside the portal may be a redirect target, never another site (`//host`, `https:`). */
export const safeRedirectTarget = (redirect: string | null): string =>
  redirect && redirect.startsWith('/') && !redirect.startsWith('//') ? redirect : STATIC_PATHS.home;

export function LoginPage() {
  const { t } = useTranslation(['login', 'common']);
  const navigate = useNavigate();
  const [searchParams] = useSearchParams();
  const productName = t('common:productName');

  useEffect(() => {
    document.title = productName;
  }, [productName]);

  return (
    <main className={styles.page}>
      <LanguageSwitch className={styles.languageSwitch} />
      <Card className={styles.card}>
        <div className={styles.brand}>
          <span className={styles.logo}>
            <ClusterOutlined />
          </span>
          <Typography.Title level={3} className={styles.title}>
            {productName}
          </Typography.Title>
          <Typography.Text type="secondary">{t('login:subtitle')}</Typography.Text>
        </div>
        <LoginForm onLoggedIn={() => navigate(safeRedirectTarget(searchParams.get('redirect')), { replace: true })} />
      </Card>
    </main>
  );
}
