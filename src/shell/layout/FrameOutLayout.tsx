/**
 * /frameOut (spec §2): the full layout without the aside (and without tabs, which belong to the
 * main frame), for child apps and screens opened outside the frame, e.g. /frameOut/admin/user.
 */
import type { CSSProperties } from 'react';
import { Outlet } from 'react-router-dom';
import { useShellTheme } from '../settings/ShellThemeProvider';
import { ShellHeader } from './ShellHeader';
import { useWindowTitle } from './useWindowTitle';
import './shell.css';

export function FrameOutLayout() {
  const { shellTheme, cssVariables } = useShellTheme();
  useWindowTitle();
  return (
    <div className="shell shell--frame-out" data-theme={shellTheme.key} style={cssVariables as CSSProperties}>
      <div className="shell-main">
        <ShellHeader />
        <main className="shell-content">
          <Outlet />
        </main>
      </div>
    </div>
  );
}
