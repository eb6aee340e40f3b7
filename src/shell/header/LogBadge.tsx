import { BugOutlined } from '@ant-design/icons';
import { Badge } from 'antd';
import { useTranslation } from 'react-i18next';
import { useNavigate } from 'react-router-dom';
import { useLogStore } from '../../core/log/store';
import { STATIC_PATHS } from '../../core/navigation/staticPaths';
import { HeaderButton } from './HeaderButton';

/** Most entries the badge counts before it shows 99+ (spec §2, §9). */
export const LOG_BADGE_MAX = 99;

/** Front-end log entries so far; opens the log page. Development builds only (spec §2). */
export function LogBadge() {
  const { t } = useTranslation('shell');
  const navigate = useNavigate();
  const count = useLogStore((s) => s.entries.length);
  return (
    <Badge count={count} overflowCount={LOG_BADGE_MAX} size="small" offset={[-6, 6]}>
      <HeaderButton label={t('header.log')} icon={<BugOutlined />} onClick={() => navigate(STATIC_PATHS.log)} />
    </Badge>
  );
}
