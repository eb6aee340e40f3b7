/**
 * Server environment switch, for the user named ADMIN only (spec §4, §6): lists the enabled
 * environments that have an API_BASE variable; choosing one stores that variable's UrlPrefix as
 * the API base of this session (serverEnv cookie, see src/api/base.ts) and reloads. The first
 * entry goes back to the login API address. None found: '没有找到服务器环境变量！'; the list could
 * not be read: that the environment config file could not be read and must be checked (spec §8);
 * an API_BASE that is not an http(s) URL: 'API address configuration format is wrong'.
 */
import { useState } from 'react';
import { CloudServerOutlined } from '@ant-design/icons';
import { App, Button, Dropdown } from 'antd';
import { useTranslation } from 'react-i18next';
import {
  chooseServerEnvironment,
  chosenServerEnvironment,
  forgetServerEnvironment,
  SERVER_ENV_ADMIN_USER,
  SERVER_ENV_API_BASE_VAR,
} from '../../api/base';
import { isHttpUrl } from '../../shared/http-url';
import { useShellServices, type EnvironmentVariable } from '../services';

export interface ServerEnvironment {
  name: string;
  apiBase: string;
}

/** Enabled environments with their API base, in the order the server lists them. */
export function serverEnvironments(variables: readonly EnvironmentVariable[]): ServerEnvironment[] {
  const byName = new Map<string, ServerEnvironment>();
  for (const row of variables) {
    if (row.Enabled === 'Y' && row.VarName === SERVER_ENV_API_BASE_VAR && !byName.has(row.EnvName)) {
      byName.set(row.EnvName, { name: row.EnvName, apiBase: row.UrlPrefix.trim() });
    }
  }
  return [...byName.values()];
}

/** Menu key of the "login API address" entry; environment names are never empty. */
const LOGIN_ADDRESS_KEY = '';

export function EnvironmentSelector() {
  const { t } = useTranslation('shell');
  const { message } = App.useApp();
  const services = useShellServices();
  const [environments, setEnvironments] = useState<ServerEnvironment[] | null>(null);
  const current = chosenServerEnvironment()?.envName;

  if (services.user?.userName !== SERVER_ENV_ADMIN_USER) return null;

  const load = async () => {
    let found: ServerEnvironment[];
    try {
      found = serverEnvironments(await services.loadEnvironmentVariables());
    } catch {
      setEnvironments([]);
      message.error(t('environment.readFailed'));
      return;
    }
    setEnvironments(found);
    if (!found.length) message.error(t('environment.none'));
  };

  const choose = (name: string) => {
    if (name === LOGIN_ADDRESS_KEY) {
      forgetServerEnvironment();
      services.reload();
      return;
    }
    const environment = environments?.find((env) => env.name === name);
    if (!environment) return;
    if (!isHttpUrl(environment.apiBase)) {
      message.error(t('environment.invalidApiBase'));
      return;
    }
    chooseServerEnvironment(environment.name, environment.apiBase);
    services.reload();
  };

  const items = environments?.length
    ? [
        { key: LOGIN_ADDRESS_KEY, label: t('environment.loginAddress') },
        ...environments.map((env) => ({ key: env.name, label: env.name, title: env.apiBase })),
      ]
    : [];

  return (
    <Dropdown
      trigger={['click']}
      onOpenChange={(open) => open && !environments?.length && void load()}
      menu={{
        selectable: true,
        selectedKeys: [current ?? LOGIN_ADDRESS_KEY],
        items,
        onClick: ({ key }) => choose(key),
      }}
    >
      <Button type="text" className="shell-header-button" aria-label={t('header.environment')} icon={<CloudServerOutlined />}>
        {current}
      </Button>
    </Dropdown>
  );
}
