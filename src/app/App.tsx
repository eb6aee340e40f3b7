import { RouterProvider } from 'react-router-dom';
import { AppProviders } from './providers/AppProviders';
import { appRouter } from './router';

/** Providers (the user's theme included, see AppProviders) and the routes; the shell's session services come with its layouts (routes/sessionLayouts.tsx). */
export function App() {
  return (
    <AppProviders>
      <RouterProvider router={appRouter()} />
    </AppProviders>
  );
}
