import { Descriptions, Modal, Typography } from 'antd';
import { useTranslation } from 'react-i18next';
import { ABOUT_PRODUCT_VERSION, API_REFERENCE_URL, VENDOR_NAME, VENDOR_WEBSITE } from './aboutInfo';

/** About system: version, vendor website, copyright and the legal warning (spec §2). */
export function AboutDialog({ open, onClose }: { open: boolean; onClose(): void }) {
  const { t } = useTranslation('shell');
  const { t: tc } = useTranslation('common');
  return (
    <Modal title={t('about.title')} open={open} onCancel={onClose} footer={null}>
      <Typography.Title level={4}>{tc('productName')}</Typography.Title>
      <Descriptions column={1} size="small">
        <Descriptions.Item label={t('about.version')}>{ABOUT_PRODUCT_VERSION}</Descriptions.Item>
        <Descriptions.Item label={t('about.website')}>
          <a href={VENDOR_WEBSITE} target="_blank" rel="noopener noreferrer">
            {VENDOR_WEBSITE}
          </a>
        </Descriptions.Item>
        <Descriptions.Item label={t('about.apiReference')}>
          {/* Served by the portal's own server beside the API (a server may turn it off: API_REFERENCE=off). */}
          <a href={API_REFERENCE_URL} target="_blank" rel="noopener noreferrer">
            {API_REFERENCE_URL}
          </a>
        </Descriptions.Item>
      </Descriptions>
      <Typography.Paragraph>{t('about.copyright', { year: new Date().getFullYear(), vendor: VENDOR_NAME })}</Typography.Paragraph>
      <Typography.Paragraph type="secondary">{t('about.legal')}</Typography.Paragraph>
    </Modal>
  );
}
