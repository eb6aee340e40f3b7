import { ToolOutlined } from '@ant-design/icons';
import { useTranslation } from 'react-i18next';
import { useSettingsStore } from '../../core/settings/settingsStore';
import { HeaderButton } from './HeaderButton';

/** Shows or hides the data grids' toolbars everywhere (kept in the tableToolVisible cookie). */
export function TableToolToggle() {
  const { t } = useTranslation('shell');
  const visible = useSettingsStore((s) => s.tableToolVisible);
  const setVisible = useSettingsStore((s) => s.setTableToolVisible);
  return (
    <HeaderButton
      label={t(visible ? 'header.hideTableTools' : 'header.showTableTools')}
      icon={<ToolOutlined />}
      pressed={visible}
      onClick={() => setVisible(!visible)}
    />
  );
}
