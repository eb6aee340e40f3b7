import { Input } from 'antd';
import { SafetyCertificateOutlined } from '@ant-design/icons';
import { useTranslation } from 'react-i18next';
import styles from './LoginForm.module.css';

interface CaptchaFieldProps {
  /** Set by Form.Item, so the input carries the field's id like the other boxes. */
  id?: string;
  /** The SVG document from Captcha/Get; undefined while loading. */
  svg?: string;
  onRefresh: () => void;
  value?: string;
  onChange?: (value: string) => void;
}

const svgDataUrl = (svg: string) => `data:image/svg+xml;charset=utf-8,${encodeURIComponent(svg)}`;

/** Verification code input with the captcha picture beside it; clicking the picture gets a new one. */
export function CaptchaField({ id, svg, onRefresh, value, onChange }: CaptchaFieldProps) {
  const { t } = useTranslation('login');
  return (
    <div className={styles.captchaRow}>
      <Input
        id={id}
        size="large"
        prefix={<SafetyCertificateOutlined />}
        placeholder={t('captcha.placeholder')}
        aria-label={t('captcha.placeholder')}
        autoComplete="off"
        maxLength={16}
        value={value}
        onChange={(event) => onChange?.(event.target.value)}
      />
      {svg ? (
        <img
          className={styles.captchaImage}
          src={svgDataUrl(svg)}
          alt={t('captcha.alt')}
          title={t('captcha.refresh')}
          onClick={onRefresh}
        />
      ) : (
        // A pulsing box of the picture's size (not antd's Skeleton, which the login page would load for this alone).
        <span className={`${styles.captchaImage} ${styles.captchaLoading}`} aria-busy="true" />
      )}
    </div>
  );
}
