/**
 * Applies the per-user theme colour, element size and dark/light algorithm (and the system's reduced-motion
 * preference) to every antd component below it (ConfigProvider tokens + componentSize), and gives the shell its own antd
 * App context so its messages and dialogs use them too (toasts and notifications last NOTICE_SECONDS by default). Wrap the router with it, inside the
 * App's locale provider (nested ConfigProviders keep the locale).
 */
import { useMemo, type ReactNode } from 'react';
import { App as AntdApp, ConfigProvider, theme as antdTheme, type ThemeConfig } from 'antd';
import { useSettingsStore, type ElementSize } from '../../core/settings/settingsStore';
import { SHELL_THEMES, themeCssVariables, type ShellTheme } from '../../core/settings/themes';
import { usePrefersReducedMotion } from '../../core/settings/reducedMotion';
import { NOTICE_SECONDS } from '../../core/noticeDurations';

/** The App context's toasts and notifications last the spec's notice duration unless a call gives its own. */
const NOTICE_DEFAULTS = { duration: NOTICE_SECONDS };

export interface ShellThemeConfig {
  shellTheme: ShellTheme;
  antdTheme: ThemeConfig;
  componentSize: ElementSize;
  /** CSS variables for the shell root element. */
  cssVariables: Record<string, string>;
}

export function useShellTheme(): ShellThemeConfig {
  const themeKey = useSettingsStore((s) => s.theme);
  const themeColor = useSettingsStore((s) => s.themeColor);
  const componentSize = useSettingsStore((s) => s.elementSize);
  const reducedMotion = usePrefersReducedMotion();
  return useMemo(() => {
    const shellTheme = SHELL_THEMES[themeKey];
    return {
      shellTheme,
      componentSize,
      cssVariables: themeCssVariables(shellTheme, themeColor),
      antdTheme: {
        algorithm: shellTheme.dark ? antdTheme.darkAlgorithm : antdTheme.defaultAlgorithm,
        // motion off: antd's components open, close and move without animating. Otherwise antd's default, unset.
        token: { colorPrimary: themeColor, colorInfo: themeColor, ...shellTheme.surfaces, ...(reducedMotion ? { motion: false } : {}) },
      },
    };
  }, [themeKey, themeColor, componentSize, reducedMotion]);
}

export function ShellThemeProvider({ children }: { children: ReactNode }) {
  const { antdTheme: themeConfig, componentSize } = useShellTheme();
  return (
    <ConfigProvider theme={themeConfig} componentSize={componentSize}>
      <AntdApp message={NOTICE_DEFAULTS} notification={NOTICE_DEFAULTS}>
        {children}
      </AntdApp>
    </ConfigProvider>
  );
}
