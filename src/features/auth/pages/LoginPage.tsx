import { useEffect } from 'react';
import { theme } from 'antd';
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
  // The card, title and subtitle are plain elements in the theme's colours: antd's Card brings Tabs and
  // Dropdown with it, and Typography its copy/edit tools, none of which the login page uses (issue 15).
  const { token } = theme.useToken();

  useEffect(() => {
    document.title = productName;
  }, [productName]);

  return (
    <main className={styles.page}>
      <LanguageSwitch className={styles.languageSwitch} />
      <section className={styles.card} style={{ background: token.colorBgContainer, borderRadius: token.borderRadiusLG }}>
        <div className={styles.brand}>
          <span className={styles.logo}>
            <ClusterOutlined />
          </span>
          <h1 className={styles.title} style={{ color: token.colorTextHeading, fontSize: token.fontSizeHeading3 }}>
            {productName}
          </h1>
          <span style={{ color: token.colorTextSecondary }}>{t('login:subtitle')}</span>
        </div>
        <LoginForm onLoggedIn={() => navigate(safeRedirectTarget(searchParams.get('redirect')), { replace: true })} />
      </section>
    </main>
  );
}
