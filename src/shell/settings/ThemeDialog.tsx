/**
 * Theme dialog (spec §2, §4): one of 5 layout themes, the theme colour (7 presets or any colour),
 * the element size (saved, then the page refreshes through /refresh) and page transitions.
 * Everything is saved per user at once.
 */
import { ColorPicker, Divider, Modal, Radio, Switch, Typography } from 'antd';
import { CheckOutlined } from '@ant-design/icons';
import { useTranslation } from 'react-i18next';
import { useRefreshCurrentTab } from '../tabs/navigation';
import { ELEMENT_SIZES, useSettingsStore, type ElementSize } from '../../core/settings/settingsStore';
import { SHELL_THEMES, THEME_COLOR_PRESETS, THEME_KEYS } from '../../core/settings/themes';

export function ThemeDialog({ open, onClose }: { open: boolean; onClose(): void }) {
  const { t } = useTranslation('shell');
  const settings = useSettingsStore();
  const refreshCurrentTab = useRefreshCurrentTab();

  return (
    <Modal title={t('theme.title')} open={open} onCancel={onClose} footer={null} width={640}>
      <Typography.Title level={5}>{t('theme.layout')}</Typography.Title>
      <div className="shell-theme-cards" role="radiogroup" aria-label={t('theme.layout')}>
        {THEME_KEYS.map((key) => {
          const { layout } = SHELL_THEMES[key];
          const selected = settings.theme === key;
          return (
            <button
              key={key}
              type="button"
              role="radio"
              aria-checked={selected}
              className={`shell-theme-card${selected ? ' shell-theme-card--selected' : ''}`}
              onClick={() => settings.setTheme(key)}
            >
              <span className="shell-theme-preview" aria-hidden>
                <span className="shell-theme-preview-aside" style={{ background: layout.asideBackground }} />
                <span className="shell-theme-preview-header" style={{ background: layout.headerBackground }} />
                <span className="shell-theme-preview-content" style={{ background: layout.contentBackground }} />
              </span>
              <span>{t(`theme.names.${key}`)}</span>
            </button>
          );
        })}
      </div>

      <Divider />
      <Typography.Title level={5}>{t('theme.color')}</Typography.Title>
      <div className="shell-color-presets" role="radiogroup" aria-label={t('theme.color')}>
        {THEME_COLOR_PRESETS.map((color) => (
          <button
            key={color}
            type="button"
            role="radio"
            aria-checked={settings.themeColor === color}
            aria-label={color}
            className="shell-color-swatch"
            style={{ background: color }}
            onClick={() => settings.setThemeColor(color)}
          >
            {settings.themeColor === color && <CheckOutlined />}
          </button>
        ))}
        <ColorPicker
          value={settings.themeColor}
          disabledAlpha
          presets={[{ label: t('theme.color'), colors: [...THEME_COLOR_PRESETS] }]}
          onChangeComplete={(color) => settings.setThemeColor(color.toHexString())}
        />
      </div>

      <Divider />
      <Typography.Title level={5}>{t('theme.size')}</Typography.Title>
      <Radio.Group
        aria-label={t('theme.size')}
        optionType="button"
        value={settings.elementSize}
        options={ELEMENT_SIZES.map((size) => ({ value: size, label: t(`theme.sizes.${size}`) }))}
        onChange={(e) => {
          settings.setElementSize(e.target.value as ElementSize);
          refreshCurrentTab();
        }}
      />

      <Divider />
      <label className="shell-theme-switch">
        <Switch checked={settings.transitionActive} onChange={settings.setTransitionActive} />
        <span>{t('theme.transition')}</span>
      </label>
    </Modal>
  );
}
