/**
 * The two layouts inside the shell's session services. They come with the layout's lazy chunk rather than
 * around the whole app: only the shell uses them, and they bring the page registry (one entry per screen),
 * which the login page has no use for (issue 15: the login page's JS within 1.1 × the stack's floor).
 */
import { SessionShellServicesProvider } from '../providers/SessionShellServices';
import { ShellLayout } from '../../shell/layout/ShellLayout';
import { FrameOutLayout } from '../../shell/layout/FrameOutLayout';

export function SessionShellLayout() {
  return (
    <SessionShellServicesProvider>
      <ShellLayout />
    </SessionShellServicesProvider>
  );
}

export function SessionFrameOutLayout() {
  return (
    <SessionShellServicesProvider>
      <FrameOutLayout />
    </SessionShellServicesProvider>
  );
}
