/** `npm run dev:mock`: the whole portal on the MSW service worker, no server needed. */
import { setupWorker } from 'msw/browser';
import { resolveAbsoluteApiBase, resolveApiBase } from '../src/api/base';
import { mockHandlers } from './handlers';

export async function startMockWorker() {
  const worker = setupWorker(...mockHandlers(resolveApiBase()));
  const apiBase = resolveAbsoluteApiBase();
  await worker.start({
    serviceWorker: { url: '/mockServiceWorker.js' },
    // Pages, scripts and assets go to the dev server; an API call nobody mocks is worth a warning.
    onUnhandledRequest: (request, print) => {
      if (request.url.startsWith(`${apiBase}/`)) print.warning();
    },
  });
  return worker;
}
