/**
 * The organisation the session acts in (spec §4 "Organisation switch"): choosing another one asks
 * for confirmation (it resets the system), then stores its id and code and reloads the page.
 */
import { useState } from 'react';
import { ApartmentOutlined } from '@ant-design/icons';
import { App, Button, Dropdown } from 'antd';
import { useTranslation } from 'react-i18next';
import { ApiError } from '../../api/errors';
import { useShellServices, type Organization } from '../services';

export function OrganizationSelector() {
  const { t } = useTranslation('shell');
  const { modal, message } = App.useApp();
  const services = useShellServices();
  const [organizations, setOrganizations] = useState<Organization[] | null>(null);
  const current = services.currentOrganization;

  const load = async () => {
    if (organizations || !services.user) return;
    try {
      setOrganizations(await services.loadOrganizations(services.user.userName));
    } catch (failure) {
      // The api layer has already shown its own failures.
      if (!(failure instanceof ApiError)) message.error(t('organization.loadFailed'));
    }
  };

  const choose = (organization: Organization) => {
    if (organization.Id === current?.Id) return;
    modal.confirm({
      title: t('organization.confirmTitle'),
      content: t('organization.switchConfirm'),
      onOk: () => {
        services.switchOrganization(organization);
        services.reload();
      },
    });
  };

  return (
    <Dropdown
      trigger={['click']}
      onOpenChange={(open) => open && void load()}
      menu={{
        selectable: true,
        selectedKeys: current ? [current.Id] : [],
        items: (organizations ?? []).map((org) => ({ key: org.Id, label: org.OrganizeName })),
        onClick: ({ key }) => {
          const organization = organizations?.find((org) => org.Id === key);
          if (organization) choose(organization);
        },
      }}
    >
      <Button type="text" className="shell-header-button" aria-label={t('header.organization')} icon={<ApartmentOutlined />}>
        {current?.OrganizeName}
      </Button>
    </Dropdown>
  );
}
