import type { ReactNode } from 'react';
import { ConfigProvider } from 'antd';
import { HeaderTools } from '../header/HeaderTools';
import { ShellBreadcrumb } from './ShellBreadcrumb';

/**
 * The header row shared by the main layout and /frameOut: [aside toggle] breadcrumb … tools.
 * Its buttons keep the middle size whatever element size the user picked for the pages: the
 * header is a fixed 56 px bar, and 24 px targets are hard to hit all day.
 */
export function ShellHeader({ start }: { start?: ReactNode }) {
  return (
    <header className="shell-header">
      <ConfigProvider componentSize="middle">
        {start}
        <ShellBreadcrumb />
        <HeaderTools />
      </ConfigProvider>
    </header>
  );
}
