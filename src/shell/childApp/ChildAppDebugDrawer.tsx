/**
 * The child-app debug drawer (spec §2 header tools, §4, §5): shown only while debugging is ON. Per
 * child app, a URL that replaces the server's after a reload; a switch turns debugging off.
 * Nothing applies until the page reloads (spec §4), so Save stores and reloads in one step.
 */
import { useState } from 'react';
import { CodeOutlined } from '@ant-design/icons';
import { Button, Drawer, Form, Input, Space, Switch, Typography } from 'antd';
import { useTranslation } from 'react-i18next';
import { isHttpUrl } from '../../shared/http-url';
import { useNavigationStore } from '../../core/navigation/navigationStore';
import { HeaderButton } from '../header/HeaderButton';
import { useShellServices } from '../services';
import { isChildAppDebugOn, readDebugUrls, saveDebugUrls, setChildAppDebug } from './childAppDebug';

export function ChildAppDebugButton() {
  const { t } = useTranslation('childApp');
  const [open, setOpen] = useState(false);
  if (!isChildAppDebugOn()) return null;
  return (
    <>
      <HeaderButton label={t('debug.button')} icon={<CodeOutlined />} onClick={() => setOpen(true)} />
      <ChildAppDebugDrawer open={open} onClose={() => setOpen(false)} />
    </>
  );
}

export function ChildAppDebugDrawer({ open, onClose }: { open: boolean; onClose(): void }) {
  const { t } = useTranslation('childApp');
  const services = useShellServices();
  const childApps = useNavigationStore((s) => s.childApps);
  const [enabled, setEnabled] = useState(true);
  const [form] = Form.useForm<Record<string, string>>();

  const save = async () => {
    const urls = await form.validateFields();
    saveDebugUrls(urls);
    setChildAppDebug(enabled);
    services.reload();
  };

  return (
    <Drawer
      title={t('debug.title')}
      open={open}
      onClose={onClose}
      width={480}
      destroyOnHidden
      extra={
        <Button type="primary" onClick={() => void save()}>
          {t('debug.save')}
        </Button>
      }
    >
      <Space direction="vertical" style={{ width: '100%' }}>
        <Space>
          <Switch checked={enabled} onChange={setEnabled} aria-label={t('debug.enabled')} />
          <span>{t('debug.enabled')}</span>
        </Space>
        <Typography.Paragraph type="secondary">{t('debug.hint')}</Typography.Paragraph>
        <Form form={form} layout="vertical" initialValues={readDebugUrls()}>
          {childApps.map((app) => (
            <Form.Item
              key={app.Code}
              name={app.Code}
              label={`${app.Name} (${app.Code})`}
              extra={t('debug.serverUrl', { url: app.Url })}
              normalize={(value: string) => value?.trimStart()}
              rules={[
                {
                  validator: (_, value: string | undefined) =>
                    !value?.trim() || isHttpUrl(value.trim()) ? Promise.resolve() : Promise.reject(new Error(t('debug.invalidUrl'))),
                },
              ]}
            >
              <Input placeholder={app.Url} allowClear />
            </Form.Item>
          ))}
        </Form>
      </Space>
    </Drawer>
  );
}
