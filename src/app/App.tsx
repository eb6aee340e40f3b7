import { RouterProvider } from 'react-router-dom';
import { SessionShellServicesProvider } from './providers/SessionShellServices';
import { AppProviders } from './providers/AppProviders';
import { appRouter } from './router';

/** Providers (the user's theme included, see AppProviders), the shell's session services, the routes. */
export function App() {
  return (
    <AppProviders>
      <SessionShellServicesProvider>
        <RouterProvider router={appRouter()} />
      </SessionShellServicesProvider>
    </AppProviders>
  );
}
