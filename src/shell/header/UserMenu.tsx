/**
 * The user menu (spec §2): About system, Change password, Logout. Logout asks first while the
 * whole UI turns grey; cancelling says so and brings the colour back (spec §4).
 */
import { useState } from 'react';
import { InfoCircleOutlined, KeyOutlined, LogoutOutlined, UserOutlined } from '@ant-design/icons';
import { App, Button, Dropdown } from 'antd';
import { useTranslation } from 'react-i18next';
import { AboutDialog } from '../dialogs/AboutDialog';
import { ChangePasswordDialog } from '../dialogs/ChangePasswordDialog';
import { useShellServices } from '../services';

/** Class on <html> that greys out the page while the logout question is open. */
export const LOGOUT_GREY_CLASS = 'shell-grey';

export function UserMenu() {
  const { t } = useTranslation('shell');
  const { modal, message } = App.useApp();
  const services = useShellServices();
  const [dialog, setDialog] = useState<'about' | 'password' | null>(null);

  const confirmLogout = () => {
    const root = document.documentElement;
    root.classList.add(LOGOUT_GREY_CLASS);
    modal.confirm({
      title: t('user.logoutTitle'),
      content: t('user.logoutConfirm'),
      onOk: () => services.logout(),
      onCancel: () => {
        root.classList.remove(LOGOUT_GREY_CLASS);
        message.info(t('user.logoutCancelled'));
      },
    });
  };

  return (
    <>
      <Dropdown
        trigger={['click']}
        menu={{
          items: [
            { key: 'about', icon: <InfoCircleOutlined />, label: t('user.about') },
            { key: 'password', icon: <KeyOutlined />, label: t('user.changePassword') },
            { type: 'divider' },
            { key: 'logout', icon: <LogoutOutlined />, label: t('user.logout') },
          ],
          onClick: ({ key }) => (key === 'logout' ? confirmLogout() : setDialog(key as 'about' | 'password')),
        }}
      >
        <Button type="text" className="shell-header-button shell-header-narrow-icon" aria-label={t('header.userMenu')} icon={<UserOutlined />}>
          {services.user?.nickName || services.user?.userName}
        </Button>
      </Dropdown>
      <AboutDialog open={dialog === 'about'} onClose={() => setDialog(null)} />
      <ChangePasswordDialog open={dialog === 'password'} onClose={() => setDialog(null)} />
    </>
  );
}
