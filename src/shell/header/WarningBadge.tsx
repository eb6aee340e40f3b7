/**
 * The header's warning bell: how many warnings of the organisation are open (not yet called successfully,
 * SysWarning/OpenCount), kept current by the live-update stream without a reload; a click
 * opens the home page, whose message centre lists them.
 */
import { BellOutlined } from '@ant-design/icons';
import { useQuery } from '@tanstack/react-query';
import { Badge } from 'antd';
import { useTranslation } from 'react-i18next';
import { useNavigate } from 'react-router-dom';
import { callWrapped } from '../../api/call';
import { api } from '../../api/client';
import { STATIC_PATHS } from '../../core/navigation/staticPaths';
import { useLiveInvalidation } from '../live/useLiveUpdates';
import { HeaderButton } from './HeaderButton';

export const OPEN_WARNINGS_KEY = ['shell', 'openWarnings'] as const;

export function WarningBadge() {
  const { t } = useTranslation('shell');
  const navigate = useNavigate();
  const open = useQuery({
    queryKey: OPEN_WARNINGS_KEY,
    queryFn: async () => (await callWrapped(api.GET('/SysWarning/OpenCount'), { silent: true })).Open,
  });
  useLiveInvalidation('warning', [OPEN_WARNINGS_KEY]);
  const count = open.data ?? 0;
  const label = t('header.warnings', { count });
  return (
    <Badge count={count} overflowCount={99} size="small" offset={[-6, 6]} data-testid="warning-badge">
      <HeaderButton label={label} icon={<BellOutlined />} onClick={() => navigate(STATIC_PATHS.home)} />
    </Badge>
  );
}
