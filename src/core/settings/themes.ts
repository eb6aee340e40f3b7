/**
 * The 5 shell themes (spec §2 theme dialog, §4 "an unknown selected theme falls back to the
 * first"). A theme sets the layout colours (aside, second-level panel, header, tabs, content);
 * the theme colour (primary) is chosen separately. Colours are CSS variables on the shell root.
 */
export const THEME_KEYS = ['classic', 'violet', 'simpleLine', 'star', 'darkBlue'] as const;
export type ThemeKey = (typeof THEME_KEYS)[number];

export interface ShellTheme {
  key: ThemeKey;
  /** antd's dark algorithm for the whole UI (pages included). */
  dark: boolean;
  /** The second-level panel and its menu are dark (antd Menu theme). */
  darkPanel: boolean;
  /**
   * antd surface colours for this theme. The dark algorithm alone paints cards and dialogs
   * neutral grey (#141414), which looks like a hole in a navy page.
   */
  surfaces?: { colorBgContainer: string; colorBgElevated: string; colorBgLayout: string; colorBorderSecondary: string };
  layout: {
    asideBackground: string;
    asideText: string;
    asideActiveBackground: string;
    panelBackground: string;
    panelText: string;
    headerBackground: string;
    headerText: string;
    tabsBackground: string;
    contentBackground: string;
    border: string;
  };
}

export const SHELL_THEMES: Record<ThemeKey, ShellTheme> = {
  classic: {
    key: 'classic',
    dark: false,
    darkPanel: true,
    layout: {
      asideBackground: '#001529',
      asideText: 'rgba(255, 255, 255, 0.75)',
      asideActiveBackground: 'var(--shell-primary)',
      panelBackground: '#0c2135',
      panelText: 'rgba(255, 255, 255, 0.75)',
      headerBackground: '#ffffff',
      headerText: 'rgba(0, 0, 0, 0.88)',
      tabsBackground: '#ffffff',
      contentBackground: '#f0f2f5',
      border: '#f0f0f0',
    },
  },
  violet: {
    key: 'violet',
    dark: false,
    darkPanel: true,
    layout: {
      asideBackground: 'linear-gradient(180deg, #3b1f75 0%, #5b2fa8 100%)',
      asideText: 'rgba(255, 255, 255, 0.85)',
      asideActiveBackground: 'rgba(255, 255, 255, 0.2)',
      panelBackground: '#4a278f',
      panelText: 'rgba(255, 255, 255, 0.85)',
      headerBackground: '#f6f0ff',
      headerText: '#3b1f75',
      tabsBackground: '#faf7ff',
      contentBackground: '#f4f0fa',
      border: '#e4d9f7',
    },
  },
  simpleLine: {
    key: 'simpleLine',
    dark: false,
    darkPanel: false,
    layout: {
      asideBackground: '#ffffff',
      asideText: 'rgba(0, 0, 0, 0.75)',
      asideActiveBackground: 'var(--shell-primary-soft)',
      panelBackground: '#ffffff',
      panelText: 'rgba(0, 0, 0, 0.75)',
      headerBackground: '#ffffff',
      headerText: 'rgba(0, 0, 0, 0.88)',
      tabsBackground: '#ffffff',
      contentBackground: '#ffffff',
      border: '#d9d9d9',
    },
  },
  star: {
    key: 'star',
    dark: false,
    darkPanel: true,
    layout: {
      asideBackground:
        'radial-gradient(1px 1px at 20px 30px, #fff, transparent), radial-gradient(1px 1px at 60px 120px, #fff, transparent), radial-gradient(1.5px 1.5px at 40px 220px, #ffe9a8, transparent), radial-gradient(1px 1px at 70px 330px, #fff, transparent), linear-gradient(180deg, #0b1026 0%, #1b2250 100%)',
      asideText: 'rgba(255, 255, 255, 0.85)',
      asideActiveBackground: 'rgba(255, 233, 168, 0.25)',
      panelBackground: '#141a3d',
      panelText: 'rgba(255, 255, 255, 0.85)',
      headerBackground: 'linear-gradient(90deg, #1b2250 0%, #2d3a80 100%)',
      headerText: '#ffffff',
      tabsBackground: '#eef0fb',
      contentBackground: '#eef0fb',
      border: '#d6daf2',
    },
  },
  darkBlue: {
    key: 'darkBlue',
    dark: true,
    darkPanel: true,
    surfaces: { colorBgContainer: '#0c1d42', colorBgElevated: '#122a5c', colorBgLayout: '#081530', colorBorderSecondary: '#1d3570' },
    layout: {
      asideBackground: '#0a1a3a',
      asideText: 'rgba(255, 255, 255, 0.75)',
      asideActiveBackground: 'var(--shell-primary)',
      panelBackground: '#0f2350',
      panelText: 'rgba(255, 255, 255, 0.75)',
      headerBackground: '#0f2350',
      headerText: 'rgba(255, 255, 255, 0.88)',
      tabsBackground: '#0c1d42',
      contentBackground: '#081530',
      border: '#1d3570',
    },
  },
};

export const DEFAULT_THEME: ThemeKey = THEME_KEYS[0];

export const resolveThemeKey = (key: unknown): ThemeKey =>
  (THEME_KEYS as readonly unknown[]).includes(key) ? (key as ThemeKey) : DEFAULT_THEME;

/** Default theme colour and the 7 picker presets (spec §9). */
export const DEFAULT_THEME_COLOR = '#00bb7c';
export const THEME_COLOR_PRESETS = ['#00bb7c', '#1677ff', '#722ed1', '#eb2f96', '#f5222d', '#fa8c16', '#13c2c2'] as const;

const HEX_COLOR = /^#(?:[0-9a-f]{3}|[0-9a-f]{6})$/i;
export const resolveThemeColor = (color: unknown): string =>
  typeof color === 'string' && HEX_COLOR.test(color) ? color : DEFAULT_THEME_COLOR;

/** CSS variables for the shell root; the stylesheet reads only these, so a theme is data. */
export function themeCssVariables(theme: ShellTheme, primaryColor: string): Record<string, string> {
  const l = theme.layout;
  return {
    '--shell-primary': primaryColor,
    '--shell-primary-soft': `${primaryColor}1f`,
    '--shell-aside-bg': l.asideBackground,
    '--shell-aside-text': l.asideText,
    '--shell-aside-active-bg': l.asideActiveBackground,
    '--shell-panel-bg': l.panelBackground,
    '--shell-panel-text': l.panelText,
    '--shell-header-bg': l.headerBackground,
    '--shell-header-text': l.headerText,
    '--shell-tabs-bg': l.tabsBackground,
    '--shell-content-bg': l.contentBackground,
    '--shell-border': l.border,
  };
}
