/** System apps (spec §2 administration, §3 child app): the child applications the portal embeds, with order and login flag. */
import type { ProColumns } from '@ant-design/pro-components';
import { ProTable } from '../../../core/forms/ProTable';
import { Tag } from 'antd';
import { useTranslation } from 'react-i18next';
import type { ApiSchema } from '../../../api/client';
import { loadSysApps } from '../api';

type SysApp = ApiSchema<'SysAppRow'>;

export default function SysAppsPage() {
  const { t } = useTranslation('admin');
  const columns: ProColumns<SysApp>[] = [
    { title: t('apps.fields.Code'), dataIndex: 'Code', width: 140 },
    { title: t('apps.fields.Name'), dataIndex: 'Name', width: 220 },
    { title: t('apps.fields.Url'), dataIndex: 'Url', ellipsis: true },
    { title: t('apps.fields.SORT_NUM'), dataIndex: 'SORT_NUM', width: 90 },
    {
      title: t('apps.fields.RequiresLogin'),
      dataIndex: 'RequiresLogin',
      width: 110,
      render: (_, app) => (app.RequiresLogin ? <Tag color="blue">{t('yes')}</Tag> : <Tag>{t('no')}</Tag>),
    },
  ];
  return (
    <ProTable<SysApp>
      rowKey="Code"
      headerTitle={t('apps.title')}
      columns={columns}
      search={false}
      size="small"
      pagination={false}
      request={async () => {
        const { rows, total } = await loadSysApps();
        return { data: rows, total, success: true };
      }}
    />
  );
}
