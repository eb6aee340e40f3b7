/** `npm run dev:mock`: the whole portal on the MSW service worker, no server needed. */
import { setupWorker } from 'msw/browser';
import type { StartMockWorker } from '../src/shared/mock-worker';
import { mockHandlers } from './handlers';

/** The app passes the API base, so the mocks import nothing of the client but src/shared and the contract. */
export const startMockWorker: StartMockWorker = async ({ apiBase, absoluteApiBase }) => {
  const worker = setupWorker(...mockHandlers(apiBase));
  await worker.start({
    serviceWorker: { url: '/mockServiceWorker.js' },
    // Pages, scripts and assets go to the dev server; an API call nobody mocks is worth a warning.
    onUnhandledRequest: (request, print) => {
      if (request.url.startsWith(`${absoluteApiBase}/`)) print.warning();
    },
  });
  return worker;
};
