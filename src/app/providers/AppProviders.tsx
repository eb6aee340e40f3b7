import { useEffect, type ReactNode } from 'react';
import { QueryClientProvider, type QueryClient } from '@tanstack/react-query';
import { focusFirstFieldOfDialogs } from '../../shell/dialogs/focusFirstField';
import { ShellThemeProvider } from '../../shell/settings/ShellThemeProvider';
import { queryClient } from './queryClient';
import { LocaleProvider } from './LocaleProvider';
import { NotifierBridge } from './NotifierBridge';

/**
 * Everything the pages need around them: server-state cache, locale, the user's theme (colour,
 * size, dark/light) and antd's App context. The api layer's toasts come from inside the themed
 * App context, so they follow the theme too. `client` lets a test start from an empty cache.
 * A dialog that holds a form opens with the caret in its first field (shell/dialogs/focusFirstField.ts).
 */
export function AppProviders({ children, client = queryClient }: { children: ReactNode; client?: QueryClient }) {
  useEffect(() => focusFirstFieldOfDialogs(), []);
  return (
    <QueryClientProvider client={client}>
      <LocaleProvider>
        <ShellThemeProvider>
          <NotifierBridge />
          {children}
        </ShellThemeProvider>
      </LocaleProvider>
    </QueryClientProvider>
  );
}
